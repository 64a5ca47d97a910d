import { Field } from "@client/components/ui/field";
import { apiFetch } from "@client/lib/api-client";
import type { VatRegime } from "@shared/domain/legal-identity";
import { OPERATION_NATURES, operationNatures } from "@shared/domain/operation-nature";
import { buyerSirenProblem, VAT_EXEMPTIONS, vatExemptions } from "@shared/domain/vat-exemptions";
import { clientDto } from "@shared/schemas/clients";
import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { type UseFormReturn, useWatch } from "react-hook-form";
import type { InvoiceFormValues } from "./invoice-form-values";

const selectClass = "h-10 w-full rounded-lg border bg-surface px-3 text-sm";

/**
 * The issue 13 mentions of a draft: nature of operations, VAT exemption (VAT-registered sellers), delivery
 * address; and, before issuing refuses it, a warning when the picked French business client has no valid
 * SIREN (the same rule the server applies).
 */
export function InvoiceMentionsFields({
  form,
  vatRegime,
}: {
  form: UseFormReturn<InvoiceFormValues>;
  vatRegime: VatRegime;
}) {
  const [clientId, hasDelivery] = useWatch({ control: form.control, name: ["clientId", "hasDelivery"] });
  const { data: client } = useQuery({
    queryKey: ["clients", "detail", clientId],
    queryFn: ({ signal }) => apiFetch(`/api/clients/${clientId}`, { schema: clientDto, signal }),
    enabled: Boolean(clientId),
  });
  const sirenWarning = client ? buyerSirenProblem({ ...client, name: client.company ?? client.name }) : null;
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {sirenWarning ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm sm:col-span-2"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {sirenWarning.replace(
            "avant d'émettre la facture.",
            "avant d'émettre cette facture : elle serait refusée.",
          )}
        </p>
      ) : null}
      <label className="space-y-1.5 text-sm">
        <span className="block font-medium">Nature des opérations</span>
        <select className={selectClass} {...form.register("operationNature")}>
          <option value="">Celle de vos paramètres</option>
          {operationNatures.map((nature) => (
            <option key={nature} value={nature}>
              {OPERATION_NATURES[nature].label}
            </option>
          ))}
        </select>
      </label>
      {vatRegime === "assujetti" ? (
        <label className="space-y-1.5 text-sm">
          <span className="block font-medium">Exonération des lignes à 0 %</span>
          <select className={selectClass} {...form.register("vatExemption")}>
            <option value="">Aucune</option>
            {vatExemptions.map((exemption) => (
              <option key={exemption} value={exemption}>
                {VAT_EXEMPTIONS[exemption].label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" className="size-4 accent-primary" {...form.register("hasDelivery")} />
        Livraison à une autre adresse que celle de facturation
      </label>
      {hasDelivery ? (
        <>
          <Field
            className="sm:col-span-2"
            label="Adresse de livraison"
            error={errors.deliveryLine1?.message}
            {...form.register("deliveryLine1")}
          />
          <Field
            label="Code postal"
            error={errors.deliveryPostalCode?.message}
            {...form.register("deliveryPostalCode")}
          />
          <Field label="Ville" error={errors.deliveryCity?.message} {...form.register("deliveryCity")} />
          <Field
            label="Pays (code ISO)"
            placeholder="FR"
            maxLength={2}
            error={errors.deliveryCountry?.message}
            {...form.register("deliveryCountry")}
          />
        </>
      ) : null}
    </div>
  );
}
