import { buttonStyles } from "@client/components/ui/button-styles";
import { errorMessage } from "@client/lib/api-error";
import { cn } from "@client/lib/cn";
import { formatDate, formatMoney } from "@shared/format";
import type { PaymentSurplusDto } from "@shared/schemas/client-payments";
import { CircleAlert, Undo2 } from "lucide-react";
import { toast } from "sonner";
import { usePaymentSurpluses, useSettleSurplus } from "../api/payment-surpluses";

/**
 * Money a client paid online beyond what the invoice asked for (issue 26 §5): what Stripe refunded, and
 * what is still to give back when Stripe refused, with what to do about it. Nothing when there is none.
 */
export function PaymentSurpluses({ invoiceId }: { invoiceId: string }) {
  const { data } = usePaymentSurpluses(invoiceId);
  if (!data?.length) return null;
  const isToReturn = data.some((surplus) => surplus.status === "to_return" || surplus.status === "pending");
  return (
    <section
      aria-labelledby="payment-surpluses"
      className={cn(
        "rounded-2xl border p-5 shadow-sm",
        isToReturn ? "border-amber-500/40 bg-amber-500/10" : "bg-surface",
      )}
    >
      <h2 id="payment-surpluses" className="flex items-center gap-2 text-base font-semibold">
        {isToReturn ? (
          <CircleAlert className="size-5 text-amber-700 dark:text-amber-300" aria-hidden="true" />
        ) : (
          <Undo2 className="size-5 text-muted-foreground" aria-hidden="true" />
        )}
        Paiements en ligne en trop
      </h2>
      <ul className="mt-3 space-y-3">
        {data.map((surplus) => (
          <Surplus key={surplus.sessionId} surplus={surplus} />
        ))}
      </ul>
    </section>
  );
}

function surplusSummary(surplus: PaymentSurplusDto): string {
  const paid = `${formatMoney(surplus.paidCents)} payés en ligne le ${formatDate(surplus.paidAt)}${surplus.isTest ? " (paiement de test)" : ""}`;
  return surplus.isDuplicate
    ? `${paid} alors que la facture était déjà réglée : ${formatMoney(surplus.surplusCents)} en trop.`
    : `${paid}, dont ${formatMoney(surplus.appliedCents)} dus : ${formatMoney(surplus.surplusCents)} en trop.`;
}

function Surplus({ surplus }: { surplus: PaymentSurplusDto }) {
  const settle = useSettleSurplus();
  const onSettle = (action: "refund" | "returned") =>
    settle.mutate(
      { sessionId: surplus.sessionId, action },
      {
        onSuccess: (next) =>
          next.status === "refunded"
            ? toast.success("Remboursement effectué par Stripe")
            : next.status === "returned"
              ? toast.success("Noté : le montant a été rendu au client")
              : toast.error(next.refundError ?? "Le remboursement n'a pas pu être fait."),
      },
    );
  const amount = formatMoney(surplus.surplusCents);
  return (
    <li className="space-y-2 text-sm" data-testid="payment-surplus">
      <p>{surplusSummary(surplus)}</p>
      {surplus.status === "refunded" ? (
        <p className="font-medium">
          {amount} remboursés automatiquement au client
          {surplus.isTest ? "" : " par Stripe"}
          {surplus.refundedAt ? ` le ${formatDate(surplus.refundedAt)}` : ""}.
        </p>
      ) : surplus.status === "returned" ? (
        <p className="font-medium">
          {amount} rendus au client{surplus.refundedAt ? ` (noté le ${formatDate(surplus.refundedAt)})` : ""}.
        </p>
      ) : (
        <>
          <p role="status" className="font-medium">
            {surplus.status === "pending"
              ? `Remboursement de ${amount} en cours auprès de Stripe.`
              : `${amount} à rendre au client. ${surplus.refundError ?? ""}`.trim()}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={settle.isPending}
              onClick={() => onSettle("refund")}
              className={buttonStyles({ variant: "secondary", size: "sm" })}
            >
              Réessayer le remboursement
            </button>
            <button
              type="button"
              disabled={settle.isPending}
              onClick={() => onSettle("returned")}
              className={buttonStyles({ variant: "ghost", size: "sm" })}
            >
              Je l'ai rendu moi-même
            </button>
          </div>
          {settle.isError ? (
            <p role="alert" className="text-danger">
              {errorMessage(settle.error)}
            </p>
          ) : null}
        </>
      )}
    </li>
  );
}
