import {
  ClientPickerField,
  DocumentDiscountField,
  LinesFields,
  useLiveTotals,
} from "@client/components/documents/document-form-fields";
import { formPath } from "@client/components/documents/line-values";
import { buttonStyles } from "@client/components/ui/button-styles";
import { Field } from "@client/components/ui/field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { isApiError } from "@client/lib/api-error";
import { zodResolver } from "@client/lib/form";
import type { VatRegime } from "@shared/domain/legal-identity";
import type { CreateInvoiceInput } from "@shared/schemas/invoices";
import { Save } from "lucide-react";
import { type FieldPath, useForm } from "react-hook-form";
import { toast } from "sonner";
import { type InvoiceFormValues, invoiceFormSchema, toInvoiceInput } from "./invoice-form-values";
import { InvoiceMentionsFields } from "./invoice-mentions-fields";
import { TypedBuyerFields } from "./typed-buyer-fields";

type InvoiceFormProps = {
  defaultValues: InvoiceFormValues;
  onSubmit: (input: CreateInvoiceInput) => Promise<unknown>;
  onCancel?: () => void;
  vatRegime: VatRegime;
};

const sectionClass = "rounded-2xl border bg-surface p-4 shadow-sm sm:p-6";

/** Where a server issue goes: its own field when the form has it (the client id is chosen by name). */
function fieldOf(apiPath: string, values: InvoiceFormValues): FieldPath<InvoiceFormValues> | null {
  const path = apiPath === "clientId" ? "clientName" : formPath(apiPath);
  const [head, index, leaf] = path.split(".");
  if (head === "lines" && index !== undefined) {
    const line = values.lines[Number(index)];
    return line && leaf && leaf in line ? (path as FieldPath<InvoiceFormValues>) : null;
  }
  return head && head in values && !index ? (path as FieldPath<InvoiceFormValues>) : null;
}

/** Creates or edits a draft invoice: client, service date, lines and notes, with live totals. */
export function InvoiceForm({ defaultValues, onSubmit, onCancel, vatRegime }: InvoiceFormProps) {
  const form = useForm<InvoiceFormValues>({ resolver: zodResolver(invoiceFormSchema), defaultValues });
  const { errors, isSubmitting } = form.formState;
  const totals = useLiveTotals(form);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(toInvoiceInput(values));
    } catch (error) {
      const message = error instanceof Error ? error.message : "Une erreur est survenue.";
      const unplaced: string[] = [];
      for (const issue of isApiError(error) ? (error.issues ?? []) : []) {
        const field = fieldOf(issue.path, values);
        if (field) form.setError(field, { message: issue.message }, { shouldFocus: true });
        else unplaced.push(issue.message);
      }
      toast.error("La facture n'a pas été enregistrée", {
        description: [message, ...unplaced].join(" "),
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <section className={sectionClass} aria-labelledby="invoice-form-client">
        <h2 id="invoice-form-client" className="text-base font-semibold">
          Client et prestation
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <ClientPickerField form={form} />
          <Field
            type="date"
            label="Date de la prestation"
            hint="Facultative : à défaut, la date d'émission."
            error={errors.serviceDate?.message}
            {...form.register("serviceDate")}
          />
          <TypedBuyerFields form={form} />
        </div>
      </section>

      <section className={sectionClass} aria-labelledby="invoice-form-mentions">
        <h2 id="invoice-form-mentions" className="mb-4 text-base font-semibold">
          Mentions
        </h2>
        <InvoiceMentionsFields form={form} vatRegime={vatRegime} />
      </section>

      <section className={sectionClass} aria-labelledby="invoice-form-lines">
        <h2 id="invoice-form-lines" className="text-base font-semibold">
          Lignes
        </h2>
        <LinesFields form={form} totals={totals} vatRegime={vatRegime}>
          <DocumentDiscountField form={form} />
        </LinesFields>
      </section>

      <div className={sectionClass}>
        <label htmlFor="invoice-notes" className="text-base font-semibold">
          Notes
        </label>
        <p className="mt-1 text-sm text-muted-foreground">
          Imprimées sous les lignes (conditions, remerciements…).
        </p>
        <textarea
          id="invoice-notes"
          rows={3}
          aria-invalid={errors.notes ? true : undefined}
          className="mt-3 w-full rounded-lg border bg-surface px-3 py-2 text-base shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 aria-[invalid=true]:border-danger sm:text-sm"
          {...form.register("notes")}
        />
        {errors.notes ? <p className="text-sm text-danger">{errors.notes.message}</p> : null}
      </div>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:justify-end sm:border-0 sm:bg-transparent sm:px-0 sm:py-0 [&>*]:flex-1 sm:[&>*]:flex-none">
        {onCancel ? (
          <button type="button" onClick={onCancel} className={buttonStyles({ variant: "secondary" })}>
            Annuler
          </button>
        ) : null}
        <SubmitButton isPending={isSubmitting} icon={<Save aria-hidden="true" />}>
          Enregistrer le brouillon
        </SubmitButton>
      </div>
    </form>
  );
}
