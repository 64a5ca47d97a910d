import {
  AmountField,
  DocumentDialog,
  dialogSelectClass,
  showRefusal,
} from "@client/components/documents/document-dialog";
import { Field } from "@client/components/ui/field";
import { zodResolver } from "@client/lib/form";
import { parisToday } from "@shared/domain/dates";
import { parseEurosToCents } from "@shared/domain/money";
import { formatAmount, formatMoney } from "@shared/format";
import { type InvoiceDto, paymentMethodLabels, recordPaymentInput } from "@shared/schemas/invoices";
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
        onError: showRefusal(form, "amount"),
      },
    ),
  );

  return (
    <DocumentDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={words.title}
      description={
        <>
          {words.limit} :{" "}
          <span className="font-medium text-foreground tabular-nums">{formatMoney(remaining)}</span>
        </>
      }
      onSubmit={onSubmit}
      isPending={record.isPending}
      submitLabel={words.submit}
    >
      <AmountField label={words.amount} error={errors.amount?.message} {...form.register("amount")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field type="date" label={words.date} error={errors.paidOn?.message} {...form.register("paidOn")} />
        <div className="space-y-1.5">
          <label htmlFor="payment-method" className="text-sm font-medium">
            Moyen de paiement
          </label>
          <select id="payment-method" className={dialogSelectClass} {...form.register("method")}>
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
    </DocumentDialog>
  );
}
