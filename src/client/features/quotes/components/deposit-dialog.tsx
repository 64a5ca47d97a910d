import { DocumentDialog, showRefusal } from "@client/components/documents/document-dialog";
import { Field } from "@client/components/ui/field";
import { zodResolver } from "@client/lib/form";
import { formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { createDepositInput, percentText, type QuoteDto } from "@shared/schemas/quotes";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { useCreateDeposit } from "../api/create-deposit";
import { percentToBp } from "./quote-form-values";

// The percentage is typed as people write it (« 30 » or « 12,5 »); the shared schema takes basis points.
const depositForm = z.object({ percent: z.string() });
const toInput = (value: { percent: string }) => ({ percentBp: percentToBp(value.percent) });

type DepositDialogProps = { quote: QuoteDto; isOpen: boolean; onOpenChange: (isOpen: boolean) => void };

/** « Facture d'acompte »: a draft asking part of the quote now; the final invoice will deduct it. */
export function DepositDialog({ quote, isOpen, onOpenChange }: DepositDialogProps) {
  const create = useCreateDeposit();
  const navigate = useNavigate();
  const form = useForm<{ percent: string }>({
    resolver: zodResolver(
      depositForm.superRefine((value, context) => {
        for (const issue of createDepositInput.safeParse(toInput(value)).error?.issues ?? [])
          context.addIssue({ code: "custom", path: ["percent"], message: issue.message });
      }),
    ),
    // The deposit the quote asks, when it asks one.
    values: { percent: quote.depositPercentBp === null ? "30" : percentText(quote.depositPercentBp) },
  });
  const onSubmit = form.handleSubmit((value) =>
    create.mutate(
      { id: quote.id, input: toInput(value) },
      {
        onSuccess: (invoice) => {
          toast.success("Facture d'acompte créée en brouillon", {
            description: `${formatMoney(invoice.totalCents)} TTC, à émettre puis envoyer.`,
          });
          onOpenChange(false);
          navigate(paths.app.invoices.detail(invoice.id));
        },
        onError: showRefusal(form, "percent"),
      },
    ),
  );

  return (
    <DocumentDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Facture d'acompte"
      description={`Une part du devis ${quote.quoteNumber} (${formatMoney(quote.totalCents)} TTC), à chaque taux de TVA. La facture finale la déduira.`}
      onSubmit={onSubmit}
      isPending={create.isPending}
      submitLabel="Créer la facture d'acompte"
      width="narrow"
    >
      <Field
        label="Pourcentage du devis (%)"
        inputMode="decimal"
        autoComplete="off"
        error={form.formState.errors.percent?.message}
        {...form.register("percent")}
      />
    </DocumentDialog>
  );
}
