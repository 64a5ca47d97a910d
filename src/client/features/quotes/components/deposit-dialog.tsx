import { buttonStyles } from "@client/components/ui/button-styles";
import { Field } from "@client/components/ui/field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { isApiError } from "@client/lib/api-error";
import { zodResolver } from "@client/lib/form";
import { formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { createDepositInput, type QuoteDto } from "@shared/schemas/quotes";
import { Dialog } from "radix-ui";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { useCreateDeposit } from "../api/create-deposit";

// The percentage is typed as people write it (« 30 » or « 12,5 »); the shared schema takes basis points.
const depositForm = z.object({ percent: z.string() });
const toInput = (value: { percent: string }) => ({
  percentBp: Math.round(Number(value.percent.replace(",", ".").replace(/[\s%]/g, "")) * 100),
});

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
    values: { percent: "30" },
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
        onError: (error) => {
          const issue = isApiError(error) ? error.issues?.[0] : undefined;
          form.setError("percent", { message: issue?.message ?? error.message });
        },
      },
    ),
  );

  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-1.5rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl border bg-surface p-6 shadow-2xl outline-none">
          <Dialog.Title className="text-lg font-semibold">Facture d'acompte</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            Une part du devis {quote.quoteNumber} ({formatMoney(quote.totalCents)} TTC), à chaque taux de TVA.
            La facture finale la déduira.
          </Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            <Field
              label="Pourcentage du devis (%)"
              inputMode="decimal"
              autoComplete="off"
              error={form.formState.errors.percent?.message}
              {...form.register("percent")}
            />
            <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonStyles({ variant: "secondary" })}>Annuler</Dialog.Close>
              <SubmitButton isPending={create.isPending}>Créer la facture d'acompte</SubmitButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
