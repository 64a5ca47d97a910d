import type { VatRegime } from "@shared/domain/legal-identity";
import { VAT_FRANCHISE_MENTION } from "@shared/domain/legal-identity";
import { computeTotals, type DocumentTotals } from "@shared/domain/totals";
import { paths } from "@shared/paths";
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { ClientPicker } from "./client-picker";
import type { DocumentFormValues } from "./document-form-values";
import { LineEditor } from "./line-editor";
import { lineNumbers } from "./line-values";
import { TotalsSummary } from "./totals-summary";

/** The live totals of the lines being typed. */
export function useLiveTotals<Values extends DocumentFormValues>(
  form: UseFormReturn<Values>,
): DocumentTotals {
  // Every field read here is one the constraint guarantees.
  const { control } = form as unknown as UseFormReturn<DocumentFormValues>;
  const lines = useWatch({ control, name: "lines" });
  // The only totals logic of the product: the same function the server stores and the PDF prints.
  return computeTotals((lines ?? []).map(lineNumbers));
}

type ClientPickerFieldProps<Values extends DocumentFormValues> = {
  form: UseFormReturn<Values>;
  /** Completes "ses coordonnées figureront sur …". */
  documentLabel?: string;
};

/** The client picker bound to the form: the typed name, and the id of the client picked (if any). */
export function ClientPickerField<Values extends DocumentFormValues>(props: ClientPickerFieldProps<Values>) {
  // Every field this touches is one the constraint guarantees.
  const { form, documentLabel } = props as unknown as ClientPickerFieldProps<DocumentFormValues>;
  return (
    <Controller
      control={form.control}
      name="clientName"
      render={({ field, fieldState }) => (
        <ClientPicker
          clientName={field.value}
          clientId={form.watch("clientId")}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          documentLabel={documentLabel}
          onChange={(value) => {
            form.setValue("clientId", value.clientId, { shouldDirty: true });
            field.onChange(value.clientName);
          }}
        />
      )}
    />
  );
}

type LinesFieldsProps<Values extends DocumentFormValues> = {
  form: UseFormReturn<Values>;
  totals: DocumentTotals;
  /** The seller's regime: the rate of new lines, and whether a rate can be picked at all. */
  vatRegime: VatRegime;
};

/** The lines step of a document form: how to type prices, the line editor, then the live totals. */
export function LinesFields<Values extends DocumentFormValues>({
  form,
  totals,
  vatRegime,
}: LinesFieldsProps<Values>) {
  return (
    <>
      <p className="mt-1 text-sm text-muted-foreground">
        Prix unitaires hors taxes, saisis comme vous les écrivez : « 1 250,75 ».
      </p>
      {vatRegime === "franchise" ? (
        <p className="mt-2 rounded-lg bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
          Franchise en base de TVA : les lignes sont à 0 % et le document portera la mention «{" "}
          {VAT_FRANCHISE_MENTION} ». Vous facturez la TVA ?{" "}
          <Link to={paths.app.settings} className="font-medium text-foreground underline underline-offset-2">
            Changez de régime dans les paramètres
          </Link>
          .
        </p>
      ) : null}
      <div className="mt-4">
        <LineEditor
          control={form.control}
          register={form.register}
          errors={form.formState.errors}
          lineTotalsCents={totals.lineTotalsCents}
          vatRegime={vatRegime}
        />
      </div>
      <div className="mt-6 flex justify-end">
        <TotalsSummary totals={totals} className="w-full sm:max-w-xs" />
      </div>
    </>
  );
}
