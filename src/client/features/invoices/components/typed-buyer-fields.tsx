import { Field } from "@client/components/ui/field";
import { type UseFormReturn, useWatch } from "react-hook-form";
import type { InvoiceFormValues } from "./invoice-form-values";

const selectClass = "h-10 w-full rounded-lg border bg-surface px-3 text-sm";

/**
 * A client typed by name, with no record picked (issue 28): the law still wants its address on the invoice
 * (art. 242 nonies A du CGI), and a French business its SIREN. Hidden once a client record is picked.
 */
export function TypedBuyerFields({ form }: { form: UseFormReturn<InvoiceFormValues> }) {
  const [clientId, clientName, kind] = useWatch({
    control: form.control,
    name: ["clientId", "clientName", "buyerKind"],
  });
  if (clientId || !clientName.trim()) return null;
  const { errors } = form.formState;
  return (
    <fieldset className="grid gap-4 rounded-lg border p-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="px-1 text-sm font-medium">Client sans fiche</legend>
      <label className="space-y-1.5 text-sm">
        <span className="block font-medium">Ce client est</span>
        <select
          className={selectClass}
          aria-invalid={errors.buyerKind ? true : undefined}
          {...form.register("buyerKind")}
        >
          <option value="">Choisissez…</option>
          <option value="particulier">Un particulier</option>
          <option value="entreprise">Une entreprise</option>
        </select>
        {errors.buyerKind ? <span className="block text-danger">{errors.buyerKind.message}</span> : null}
      </label>
      {kind === "entreprise" ? (
        <Field
          label="SIREN"
          hint="9 chiffres, obligatoire pour une entreprise française."
          inputMode="numeric"
          error={errors.buyerSiren?.message}
          {...form.register("buyerSiren")}
        />
      ) : null}
      {kind ? (
        <>
          <Field
            className="sm:col-span-2"
            label="Adresse du client"
            error={errors.buyerLine1?.message}
            {...form.register("buyerLine1")}
          />
          <Field
            label="Code postal"
            error={errors.buyerPostalCode?.message}
            {...form.register("buyerPostalCode")}
          />
          <Field label="Ville" error={errors.buyerCity?.message} {...form.register("buyerCity")} />
          <Field
            label="Pays (code ISO)"
            placeholder="FR"
            maxLength={2}
            error={errors.buyerCountry?.message}
            {...form.register("buyerCountry")}
          />
        </>
      ) : null}
    </fieldset>
  );
}
