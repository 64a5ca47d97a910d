import { buttonStyles } from "@client/components/ui/button-styles";
import { Field } from "@client/components/ui/field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { isApiError } from "@client/lib/api-error";
import { zodResolver } from "@client/lib/form";
import { parseEurosToCents, VAT_RATE_LABELS, type VatRateBp } from "@shared/domain/money";
import { formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { createCreditNoteInput, type InvoiceDto } from "@shared/schemas/invoices";
import { Dialog } from "radix-ui";
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
          <Dialog.Title className="text-lg font-semibold">Émettre un avoir partiel</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            Reste à créditer :{" "}
            <span className="font-medium text-foreground tabular-nums">
              {formatMoney(invoice.totalCents - invoice.creditedCents)}
            </span>{" "}
            TTC. L'avoir est numéroté et ne se modifie plus.
          </Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            <Field label="Motif" error={errors.description?.message} {...form.register("description")} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Montant HT (€)"
                inputMode="decimal"
                autoComplete="off"
                className="[&_input]:text-right [&_input]:tabular-nums"
                error={errors.amount?.message}
                {...form.register("amount")}
              />
              <div className="space-y-1.5">
                <label htmlFor="credit-vat-rate" className="text-sm font-medium">
                  Taux de TVA
                </label>
                <select
                  id="credit-vat-rate"
                  className="h-11 w-full rounded-lg border bg-surface px-3 text-base shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-sm"
                  {...form.register("vatRateBp")}
                >
                  {rates.map((rate) => (
                    <option key={rate} value={rate}>
                      {VAT_RATE_LABELS[rate as VatRateBp] ?? `${rate / 100} %`}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonStyles({ variant: "secondary" })}>Annuler</Dialog.Close>
              <SubmitButton isPending={create.isPending}>Émettre l'avoir</SubmitButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
