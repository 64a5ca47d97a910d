import { Field } from "@client/components/ui/field";
import { SectionCard } from "@client/components/ui/section-card";
import { SubmitButton } from "@client/components/ui/submit-button";
import { isApiError } from "@client/lib/api-error";
import { cn } from "@client/lib/cn";
import { zodResolver } from "@client/lib/form";
import { returnPath } from "@client/lib/return-to";
import { parisToday, yearOf } from "@shared/domain/dates";
import {
  formatIban,
  invoiceMentions,
  missingForSetup,
  REGISTRATION_EXEMPT_MENTION,
} from "@shared/domain/legal-identity";
import { formatDocumentNumber, INVOICE_PREFIX_PATTERN } from "@shared/domain/numbering";
import { operationNatures } from "@shared/domain/operation-nature";
import { formatDate } from "@shared/format";
import {
  activityCategories,
  activityCategoryLabels,
  type BusinessIdentityDto,
  type BusinessIdentityFormValues,
  operationNatureLabels,
  type UpdateBusinessIdentityInput,
  updateBusinessIdentityInput,
} from "@shared/schemas/settings";
import { Building2, Landmark, ReceiptText } from "lucide-react";
import { type UseFormRegisterReturn, useForm, useWatch } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { useUpdateIdentitySettings } from "../api/update-identity-settings";
import { SelectField, TextareaField } from "./form-controls";
import { InvoicingStatus } from "./invoicing-status";
import { MentionsPreview } from "./mentions-preview";

const COUNTRIES = [
  ["FR", "France"],
  ["BE", "Belgique"],
  ["CH", "Suisse"],
  ["LU", "Luxembourg"],
  ["MC", "Monaco"],
  ["DE", "Allemagne"],
  ["ES", "Espagne"],
  ["IT", "Italie"],
  ["GB", "Royaume-Uni"],
  ["CA", "Canada"],
] as const;

function toFormValues(identity: BusinessIdentityDto): BusinessIdentityFormValues {
  const { id: _id, logo: _logo, updatedAt: _updatedAt, vatFranchiseEnd: _end, ...fields } = identity;
  // The IBAN is stored compact and shown in groups of four, as people read it from their bank.
  return { ...fields, iban: fields.iban ? formatIban(fields.iban) : "" };
}

/** The seller identity, bank details and invoicing defaults: one form, one save, three sections. */
export function IdentityForm({
  identity,
  isPrefixLocked,
}: {
  identity: BusinessIdentityDto;
  /** An invoice has been issued: the prefix stays, so the series stays continuous. */
  isPrefixLocked: boolean;
}) {
  const update = useUpdateIdentitySettings();
  const [search] = useSearchParams();
  const back = returnPath(search);
  const navigate = useNavigate();
  const form = useForm<BusinessIdentityFormValues, unknown, UpdateBusinessIdentityInput>({
    resolver: zodResolver(updateBusinessIdentityInput),
    defaultValues: toFormValues(identity),
    mode: "onTouched",
  });
  const { errors, isDirty } = form.formState;
  const values = useWatch({ control: form.control }) as BusinessIdentityFormValues;
  const missing = missingForSetup(values);
  const mentions = invoiceMentions(values);
  const isLiable = values.vatRegime === "assujetti";
  const typedPrefix = values.invoiceNumberPrefix?.trim().toUpperCase() ?? "";
  const firstNumber = INVOICE_PREFIX_PATTERN.test(typedPrefix)
    ? formatDocumentNumber("facture", yearOf(parisToday()), 1, typedPrefix)
    : null;

  const onSubmit = form.handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: (saved) => {
        toast.success("Paramètres enregistrés");
        form.reset(toFormValues(saved.identity));
        // Opened from the issue dialog (« Compléter mon identité »): back to the invoice.
        if (back) navigate(back);
      },
      onError: (error) => {
        for (const issue of isApiError(error) ? (error.issues ?? []) : []) {
          form.setError(issue.path as keyof BusinessIdentityFormValues, { message: issue.message });
        }
        toast.error("Les paramètres n'ont pas été enregistrés", { description: error.message });
      },
    }),
  );

  const text = (name: keyof BusinessIdentityFormValues) => ({
    error: errors[name]?.message,
    ...form.register(name),
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Identité et facturation" className="space-y-6">
      <InvoicingStatus missing={missing} />

      <SectionCard
        id="identite"
        icon={Building2}
        title="Identité de l'entreprise"
        description="Les informations légales imprimées sur chacun de vos devis et factures."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            className="sm:col-span-2"
            label="Nom avec la mention EI"
            placeholder="Prénom Nom EI"
            autoComplete="name"
            hint="Votre nom suivi de « EI » ou « Entrepreneur individuel » : obligatoire depuis mai 2022."
            {...text("legalName")}
          />
          <Field
            label="Nom commercial"
            placeholder="Facultatif"
            autoComplete="organization"
            {...text("companyName")}
          />
          <SelectField
            label="Catégorie d'activité"
            error={errors.activityCategory?.message}
            {...form.register("activityCategory", { setValueAs: (value) => (value === "" ? null : value) })}
          >
            <option value="">Non précisée</option>
            {activityCategories.map((category) => (
              <option key={category} value={category}>
                {activityCategoryLabels[category]}
              </option>
            ))}
          </SelectField>
          <Field
            label="SIRET"
            inputMode="numeric"
            placeholder="14 chiffres"
            hint="Votre SIREN en est déduit."
            {...text("siret")}
          />
          <Field
            label="SIREN"
            inputMode="numeric"
            placeholder="9 chiffres"
            hint="Si vous n'avez pas encore de SIRET."
            {...text("siren")}
          />
          <Field label="Code APE" placeholder="4 chiffres et une lettre" {...text("apeCode")} />
          <Field
            label="Immatriculation"
            placeholder="RCS ou RM, puis la ville"
            hint={`Commerçant : « RCS » et la ville du greffe ; artisan : « RM » et la ville ou le département ; sinon « ${REGISTRATION_EXEMPT_MENTION} ».`}
            {...text("registrationMention")}
          />
          <Field
            className="sm:col-span-2"
            label="Adresse"
            autoComplete="address-line1"
            {...text("addressLine1")}
          />
          <Field
            className="sm:col-span-2"
            label="Complément d'adresse"
            placeholder="Bâtiment, étage… (facultatif)"
            autoComplete="address-line2"
            {...text("addressLine2")}
          />
          <Field label="Code postal" inputMode="numeric" autoComplete="postal-code" {...text("postalCode")} />
          <Field label="Ville" autoComplete="address-level2" {...text("city")} />
          <SelectField label="Pays" error={errors.country?.message} {...form.register("country")}>
            {COUNTRIES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
          <Field label="Téléphone" type="tel" autoComplete="tel" {...text("phone")} />
          <Field label="E-mail de facturation" type="email" autoComplete="email" {...text("email")} />
          <Field label="Site web" type="url" placeholder="https://" autoComplete="url" {...text("website")} />

          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-foreground">Régime de TVA</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              <RegimeOption
                registration={form.register("vatRegime")}
                value="franchise"
                isChecked={values.vatRegime === "franchise"}
                title="Franchise en base de TVA"
                description="Vous ne facturez pas la TVA (micro-entreprise sous les seuils)."
              />
              <RegimeOption
                registration={form.register("vatRegime")}
                value="assujetti"
                isChecked={isLiable}
                title="Assujetti à la TVA"
                description="Vous facturez la TVA et indiquez votre numéro intracommunautaire."
              />
            </div>
            {identity.vatFranchiseEnd ? (
              <p
                role="status"
                className="mt-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm"
              >
                Franchise en base de TVA terminée le {formatDate(identity.vatFranchiseEnd.on)} :{" "}
                {identity.vatFranchiseEnd.reason === "seuil-majore"
                  ? "vos encaissements de l'année ont dépassé le seuil majoré."
                  : "vos encaissements de l'an dernier ont dépassé le seuil de base."}{" "}
                Vos factures portent la TVA depuis cette date.
              </p>
            ) : null}
          </fieldset>
          {isLiable ? (
            <>
              <Field
                label="Numéro de TVA intracommunautaire"
                placeholder="FR, 2 caractères, puis votre SIREN"
                {...text("vatNumber")}
              />
              <label className="flex items-start gap-2.5 self-end pb-2.5 text-sm sm:self-center sm:pt-6 sm:pb-0">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  {...form.register("vatOnDebits")}
                />
                <span>Option pour le paiement de la TVA d'après les débits</span>
              </label>
            </>
          ) : null}
        </div>
      </SectionCard>

      <SectionCard
        id="banque"
        icon={Landmark}
        title="Coordonnées bancaires"
        description="Imprimées sur vos factures pour que vos clients vous paient par virement."
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            className="sm:col-span-2"
            label="IBAN"
            placeholder="FR76 puis 23 caractères"
            autoComplete="off"
            spellCheck={false}
            {...text("iban")}
          />
          <Field label="BIC" placeholder="AGRIFRPP" autoComplete="off" spellCheck={false} {...text("bic")} />
        </div>
      </SectionCard>

      <SectionCard
        id="facturation"
        icon={ReceiptText}
        title="Facturation"
        description="Les conditions appliquées par défaut à vos nouvelles factures et à vos devis."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Délai de paiement (jours)"
            type="number"
            inputMode="numeric"
            min={0}
            max={60}
            hint="0 = paiement à réception ; 60 jours au maximum (loi LME)."
            error={errors.paymentTermsDays?.message}
            {...form.register("paymentTermsDays", { valueAsNumber: true })}
          />
          <Field
            label="Validité des devis (jours)"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            error={errors.quoteValidityDays?.message}
            {...form.register("quoteValidityDays", { valueAsNumber: true })}
          />
          <Field
            label="Préfixe des numéros de facture"
            placeholder="FAC"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={8}
            readOnly={isPrefixLocked}
            hint={
              isPrefixLocked
                ? "Fixé depuis votre première facture : la numérotation doit rester continue."
                : `1 à 8 lettres ou chiffres, modifiable jusqu'à votre première facture${firstNumber ? ` (${firstNumber})` : ""}.`
            }
            {...text("invoiceNumberPrefix")}
          />
          <SelectField
            label="Nature des opérations"
            hint="Imprimée sur vos factures ; modifiable facture par facture."
            error={errors.operationNature?.message}
            {...form.register("operationNature")}
          >
            {operationNatures.map((nature) => (
              <option key={nature} value={nature}>
                {operationNatureLabels[nature]}
              </option>
            ))}
          </SelectField>
          <Field label="Taux des pénalités de retard" {...text("latePenaltyRate")} />
          <Field
            label="Escompte pour paiement anticipé"
            placeholder="Pas d'escompte pour paiement anticipé"
            {...text("earlyPaymentDiscount")}
          />
          <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-medium text-foreground">
              Assurance professionnelle (décennale pour les métiers du bâtiment)
            </legend>
            <Field label="Assureur" placeholder="Nom et adresse de l'assureur" {...text("insurer")} />
            <Field label="N° de contrat" {...text("insurancePolicy")} />
            <Field
              label="Couverture géographique"
              placeholder="France métropolitaine"
              {...text("insuranceCoverage")}
            />
          </fieldset>
          <TextareaField
            className="sm:col-span-2"
            label="Pied de page des factures"
            placeholder="Merci pour votre confiance !"
            hint="Facultatif, 500 caractères au maximum."
            error={errors.invoiceFooter?.message}
            {...form.register("invoiceFooter")}
          />
          <div className="sm:col-span-2">
            <MentionsPreview mentions={mentions} footer={values.invoiceFooter ?? ""} />
          </div>
        </div>
      </SectionCard>

      {/* Follows the screen only while there is something to save, so it never hides a field for nothing. */}
      <div
        className={cn(
          "flex flex-wrap items-center justify-between gap-3 rounded-2xl border bg-surface px-4 py-3 shadow-sm",
          isDirty && "sticky bottom-3 z-10 bg-surface/95 shadow-lg backdrop-blur",
        )}
      >
        <p className={cn("text-sm", isDirty ? "font-medium text-foreground" : "text-muted-foreground")}>
          {isDirty ? "Modifications non enregistrées" : "Tout est enregistré"}
        </p>
        <div className="flex gap-2">
          {isDirty ? (
            <button
              type="button"
              onClick={() => form.reset()}
              className="h-10 rounded-lg px-3 text-sm font-medium text-foreground hover:bg-muted"
            >
              Annuler
            </button>
          ) : null}
          <SubmitButton isPending={update.isPending} disabled={!isDirty}>
            Enregistrer
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}

type RegimeOptionProps = {
  registration: UseFormRegisterReturn<"vatRegime">;
  value: "franchise" | "assujetti";
  isChecked: boolean;
  title: string;
  description: string;
};

function RegimeOption({ registration, value, isChecked, title, description }: RegimeOptionProps) {
  return (
    <label
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-xl border p-3.5 transition-colors hover:bg-muted/60",
        isChecked && "border-primary bg-accent/60 ring-1 ring-primary hover:bg-accent/60",
      )}
    >
      <input type="radio" value={value} className="mt-1 size-4 shrink-0 accent-primary" {...registration} />
      <span>
        <span className="block text-sm font-medium text-foreground">{title}</span>
        <span className="mt-0.5 block text-xs text-muted-foreground">{description}</span>
      </span>
    </label>
  );
}
