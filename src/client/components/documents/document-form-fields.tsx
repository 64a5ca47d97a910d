import { Field } from "@client/components/ui/field";
import type { VatRegime } from "@shared/domain/legal-identity";
import { VAT_FRANCHISE_MENTION } from "@shared/domain/legal-identity";
import { computeTotals, type Discountable, type DocumentTotals } from "@shared/domain/totals";
import { paths } from "@shared/paths";
import type { ReactNode } from "react";
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { ClientPicker } from "./client-picker";
import type { CommercialDocumentFormValues, DocumentFormValues } from "./document-form-values";
import { LineEditor } from "./line-editor";
import { lineNumbers, parseDiscount } from "./line-values";
import { TotalsSummary } from "./totals-summary";

/** The totals of what is being typed, and the document discount they took off (none if unreadable). */
export type LiveTotals = DocumentTotals & { discount: Discountable };

/** The live totals of the lines being typed, less the document's discount when the form has one. */
export function useLiveTotals<Values extends DocumentFormValues>(form: UseFormReturn<Values>): LiveTotals {
  // Every field read here is one the constraint guarantees, but for `discount`: undefined without one.
  const { control } = form as unknown as UseFormReturn<CommercialDocumentFormValues>;
  const [lines, typedDiscount] = useWatch({ control, name: ["lines", "discount"] });
  const discount = parseDiscount(typedDiscount ?? "") ?? {};
  // The only totals logic of the product: the same function the server stores and the PDF prints.
  return { ...computeTotals((lines ?? []).map(lineNumbers), discount), discount };
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
  totals: LiveTotals;
  /** The seller's regime: the rate of new lines, and whether a rate can be picked at all. */
  vatRegime: VatRegime;
  /** Shown beside the totals: the document discount's field on an invoice or a quote. */
  children?: ReactNode;
};

/** The lines step of a document form: how to type prices, the line editor, then the live totals. */
export function LinesFields<Values extends DocumentFormValues>({
  form,
  totals,
  vatRegime,
  children,
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
      <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start">
        {children ? <div className="sm:max-w-xs">{children}</div> : null}
        <TotalsSummary
          totals={totals}
          discount={totals.discount}
          isFranchise={vatRegime === "franchise"}
          className="w-full sm:ml-auto sm:max-w-xs"
        />
      </div>
    </>
  );
}

/** A discount on the whole document (excl. VAT, before VAT), shared across its VAT rates by the server's rule. */
export function DocumentDiscountField<Values extends CommercialDocumentFormValues>(props: {
  form: UseFormReturn<Values>;
}) {
  // Every field this touches is one the constraint guarantees.
  const form = props.form as unknown as UseFormReturn<CommercialDocumentFormValues>;
  return (
    <Field
      label="Remise sur le total HT"
      inputMode="decimal"
      autoComplete="off"
      placeholder="10 % ou 50 €"
      hint="En pourcentage (« 10 % ») ou en euros (« 50 »). Vide : aucune."
      error={form.formState.errors.discount?.message}
      {...form.register("discount")}
    />
  );
}
