import {
  AmountField,
  DocumentDialog,
  dialogSelectClass,
  showRefusal,
} from "@client/components/documents/document-dialog";
import { vatRateLabel } from "@client/components/documents/totals-summary";
import { Field } from "@client/components/ui/field";
import { zodResolver } from "@client/lib/form";
import { parseEurosToCents } from "@shared/domain/money";
import { formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { createCreditNoteInput, type InvoiceDto } from "@shared/schemas/invoices";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { useCreateCreditNote } from "../api/create-credit-note";

// One line taken back, typed in euros excl. VAT at one of the invoice's rates; the shared
// createCreditNoteInput validates it and the server checks what is left to credit.
const creditForm = z.object({ description: z.string(), amount: z.string(), vatRateBp: z.string() });
type CreditForm = z.infer<typeof creditForm>;

const toInput = (value: CreditForm) => ({
  lines: [
    {
      description: value.description,
      quantity: 1,
      unitPriceCents: parseEurosToCents(value.amount) ?? Number.NaN,
      vatRateBp: Number(value.vatRateBp),
    },
  ],
});

type CreditNoteDialogProps = {
  invoice: InvoiceDto;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/** « Avoir partiel »: takes part of an issued invoice back (a commercial gesture, a line not delivered). */
export function CreditNoteDialog({ invoice, isOpen, onOpenChange }: CreditNoteDialogProps) {
  const create = useCreateCreditNote();
  const navigate = useNavigate();
  const rates = [...new Set(invoice.lines.map((line) => line.vatRateBp))];
  const form = useForm<CreditForm>({
    resolver: zodResolver(
      creditForm.superRefine((value, context) => {
        if (parseEurosToCents(value.amount) === null)
          context.addIssue({ code: "custom", path: ["amount"], message: "Montant invalide (ex. : 150,00)." });
        for (const issue of createCreditNoteInput.safeParse(toInput(value)).error?.issues ?? []) {
          const field = issue.path.at(-1) === "description" ? "description" : "amount";
          context.addIssue({ code: "custom", path: [field], message: issue.message });
        }
      }),
    ),
    values: { description: "Geste commercial", amount: "", vatRateBp: String(rates[0] ?? 0) },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((value) =>
    create.mutate(
      { id: invoice.id, input: toInput(value) },
      {
        onSuccess: (creditNote) => {
          toast.success(`Avoir ${creditNote.invoiceNumber} émis`, {
            description: `${formatMoney(-creditNote.totalCents)} TTC déduits de la facture ${invoice.invoiceNumber}.`,
          });
          onOpenChange(false);
          navigate(paths.app.invoices.detail(creditNote.id));
        },
        onError: showRefusal(form, "amount"),
      },
    ),
  );

  return (
    <DocumentDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Émettre un avoir partiel"
      description={
        <>
          Reste à créditer :{" "}
          <span className="font-medium text-foreground tabular-nums">
            {formatMoney(invoice.totalCents - invoice.creditedCents)}
          </span>{" "}
          TTC. L'avoir est numéroté et ne se modifie plus.
        </>
      }
      onSubmit={onSubmit}
      isPending={create.isPending}
      submitLabel="Émettre l'avoir"
    >
      <Field label="Motif" error={errors.description?.message} {...form.register("description")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <AmountField label="Montant HT (€)" error={errors.amount?.message} {...form.register("amount")} />
        <div className="space-y-1.5">
          <label htmlFor="credit-vat-rate" className="text-sm font-medium">
            Taux de TVA
          </label>
          <select id="credit-vat-rate" className={dialogSelectClass} {...form.register("vatRateBp")}>
            {rates.map((rate) => (
              <option key={rate} value={rate}>
                {vatRateLabel(rate)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </DocumentDialog>
  );
}
