import { buttonStyles } from "@client/components/ui/button-styles";
import { Field } from "@client/components/ui/field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { isApiError } from "@client/lib/api-error";
import { zodResolver } from "@client/lib/form";
import { parisToday } from "@shared/domain/dates";
import { parseEurosToCents } from "@shared/domain/money";
import { formatAmount, formatMoney } from "@shared/format";
import { type InvoiceDto, paymentMethodLabels, recordPaymentInput } from "@shared/schemas/invoices";
import { Dialog } from "radix-ui";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { useRecordPayment } from "../api/record-payment";
import { useRecordRefund } from "../api/record-refund";

type Method = keyof typeof paymentMethodLabels;

// The amount is typed in euros; the shared recordPaymentInput validates the converted value.
const paymentForm = z.object({
  amount: z.string(),
  paidOn: z.string(),
  method: z.string(),
  reference: z.string(),
});
type PaymentForm = z.infer<typeof paymentForm>;

const toInput = (value: PaymentForm) => ({
  amountCents: parseEurosToCents(value.amount) ?? Number.NaN,
  paidOn: value.paidOn || undefined,
  method: value.method as Method,
  reference: value.reference.trim() || undefined,
});

const API_FIELDS: Record<string, keyof PaymentForm> = {
  amountCents: "amount",
  paidOn: "paidOn",
  method: "method",
  reference: "reference",
};

type PaymentDialogProps = {
  invoice: InvoiceDto;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** A refund gives money back to the client (a negative receipt), at most what was received. */
  isRefund?: boolean;
};

const WORDS = {
  payment: {
    title: "Enregistrer un paiement",
    limit: "Reste à payer",
    amount: "Montant reçu (€)",
    date: "Date du paiement",
    tooMuch: "Le paiement dépasse le reste à payer",
    submit: "Enregistrer le paiement",
  },
  refund: {
    title: "Enregistrer un remboursement",
    limit: "Encaissé",
    amount: "Montant remboursé (€)",
    date: "Date du remboursement",
    tooMuch: "Le remboursement dépasse ce qui a été encaissé",
    submit: "Enregistrer le remboursement",
  },
};

/**
 * Records money received, full or partial, the amount starting at what remains to be paid; or a refund
 * to the client, starting at what is owed back after a credit note.
 */
export function PaymentDialog({ invoice, isOpen, onOpenChange, isRefund = false }: PaymentDialogProps) {
  const words = WORDS[isRefund ? "refund" : "payment"];
  const remaining = isRefund ? invoice.paidCents : invoice.dueCents;
  const suggested = isRefund ? Math.min(invoice.paidCents, Math.max(0, -invoice.dueCents)) : remaining;
  const payment = useRecordPayment();
  const refund = useRecordRefund();
  const record = isRefund ? refund : payment;
  const form = useForm<PaymentForm>({
    resolver: zodResolver(
      paymentForm.superRefine((value, context) => {
        if (parseEurosToCents(value.amount) === null) {
          context.addIssue({
            code: "custom",
            path: ["amount"],
            message: "Montant invalide (ex. : 1 250,75).",
          });
          return;
        }
        const cents = parseEurosToCents(value.amount) ?? 0;
        if (cents > remaining)
          context.addIssue({
            code: "custom",
            path: ["amount"],
            message: `${words.tooMuch} (${formatMoney(remaining)}).`,
          });
        for (const issue of recordPaymentInput.safeParse(toInput(value)).error?.issues ?? []) {
          const field = API_FIELDS[String(issue.path[0])] ?? "amount";
          context.addIssue({ code: "custom", path: [field], message: issue.message });
        }
      }),
    ),
    values: { amount: formatAmount(suggested), paidOn: parisToday(), method: "virement", reference: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((value) =>
    record.mutate(
      { id: invoice.id, input: toInput(value) },
      {
        onSuccess: (updated) => {
          if (isRefund)
            toast.success("Remboursement enregistré", {
              description: `${formatMoney(toInput(value).amountCents)} rendus au client.`,
            });
          else
            toast.success(updated.status === "payée" ? "Facture réglée" : "Paiement enregistré", {
              description: `${formatMoney(toInput(value).amountCents)} reçus.`,
            });
          onOpenChange(false);
        },
        onError: (error) => {
          const issue = isApiError(error) ? error.issues?.[0] : undefined;
          form.setError("amount", { message: issue?.message ?? error.message });
        },
      },
    ),
  );

  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border bg-surface p-6 shadow-2xl outline-none">
          <Dialog.Title className="text-lg font-semibold">{words.title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            {words.limit} :{" "}
            <span className="font-medium text-foreground tabular-nums">{formatMoney(remaining)}</span>
          </Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            <Field
              label={words.amount}
              inputMode="decimal"
              autoComplete="off"
              className="[&_input]:text-right [&_input]:tabular-nums"
              error={errors.amount?.message}
              {...form.register("amount")}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                type="date"
                label={words.date}
                error={errors.paidOn?.message}
                {...form.register("paidOn")}
              />
              <div className="space-y-1.5">
                <label htmlFor="payment-method" className="text-sm font-medium">
                  Moyen de paiement
                </label>
                <select
                  id="payment-method"
                  className="h-11 w-full rounded-lg border bg-surface px-3 text-base shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-sm"
                  {...form.register("method")}
                >
                  {Object.entries(paymentMethodLabels).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <Field
              label="Référence"
              placeholder="Facultative (n° de virement, de chèque…)"
              error={errors.reference?.message}
              {...form.register("reference")}
            />
            <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonStyles({ variant: "secondary" })}>Annuler</Dialog.Close>
              <SubmitButton isPending={record.isPending}>{words.submit}</SubmitButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
