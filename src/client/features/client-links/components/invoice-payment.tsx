import { buttonStyles } from "@client/components/ui/button-styles";
import { errorMessage } from "@client/lib/api-error";
import { formatMoney } from "@shared/format";
import { INVOICE_ALREADY_PAID_MESSAGE, type PublicDocumentDto } from "@shared/schemas/client-links";
import { CircleCheck, CreditCard, FlaskConical } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { usePayTestCheckout, useStartInvoicePayment } from "../api/invoice-payment-api";

/**
 * « Payer » on a shared invoice (issue 14 §1): the remaining amount through the freelancer's Stripe
 * Checkout, or the local test checkout; the return from Checkout says in French how it went.
 */
export function InvoicePayment({ token, document }: { token: string; document: PublicDocumentDto }) {
  const [params] = useSearchParams();
  const start = useStartInvoicePayment(token);
  const outcome = params.get("paiement");
  const testSessionId = params.get("paiement-test");
  const dueCents = document.dueCents ?? 0;

  if (testSessionId && dueCents > 0) {
    return <TestCheckout token={token} sessionId={testSessionId} dueCents={dueCents} />;
  }
  return (
    <div className="space-y-3">
      {document.isPaid && outcome !== "reussi" ? (
        <p role="status" className="flex gap-2 rounded-2xl border bg-surface p-4 text-sm shadow-sm">
          <CircleCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {INVOICE_ALREADY_PAID_MESSAGE} Rien n'est plus à payer : merci !
        </p>
      ) : outcome === "reussi" ? (
        <p role="status" className="flex gap-2 rounded-2xl border bg-surface p-4 text-sm shadow-sm">
          <CircleCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {dueCents > 0
            ? "Merci ! Votre paiement est enregistré par Stripe ; la facture sera marquée réglée dès sa confirmation, dans quelques instants."
            : "Merci ! Votre paiement est reçu et la facture est réglée."}
        </p>
      ) : outcome === "annule" && document.canPayOnline ? (
        <p role="status" className="rounded-2xl border bg-surface p-4 text-sm shadow-sm">
          Paiement annulé : aucun montant n'a été débité. Vous pouvez réessayer quand vous le souhaitez.
        </p>
      ) : null}
      {document.canPayOnline && !document.isPaid ? (
        <div>
          <button
            type="button"
            onClick={() => start.mutate()}
            disabled={start.isPending}
            className={buttonStyles({ size: "lg", className: "w-full sm:w-auto" })}
          >
            <CreditCard aria-hidden="true" />
            Payer {formatMoney(dueCents)}
          </button>
          {start.isError ? (
            <p role="alert" className="mt-2 text-sm text-danger">
              {errorMessage(start.error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function TestCheckout({
  token,
  sessionId,
  dueCents,
}: {
  token: string;
  sessionId: string;
  dueCents: number;
}) {
  const navigate = useNavigate();
  const pay = usePayTestCheckout(token, sessionId);
  const [cardNumber, setCardNumber] = useState("4242 4242 4242 4242");
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    pay.mutate(cardNumber, { onSuccess: ({ redirectUrl }) => navigate(redirectUrl, { replace: true }) });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-2xl border bg-surface p-5 shadow-sm">
      <p className="flex gap-2 rounded-lg bg-amber-100 px-3 py-2 text-xs text-amber-900 dark:bg-amber-500/15 dark:text-amber-200">
        <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
        Paiement de test local : aucune carte réelle n'est débitée. Cartes de test : 4242 4242 4242 4242
        (acceptée), 4000 0000 0000 0002 (refusée).
      </p>
      <label className="block text-sm font-medium">
        Numéro de carte
        <input
          value={cardNumber}
          onChange={(event) => setCardNumber(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          className="mt-1 h-11 w-full rounded-lg border bg-background px-3 font-mono text-base"
        />
      </label>
      {pay.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(pay.error)}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={pay.isPending}
        className={buttonStyles({ size: "lg", className: "w-full" })}
      >
        Payer {formatMoney(dueCents)} (test)
      </button>
    </form>
  );
}
