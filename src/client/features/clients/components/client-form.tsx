import { Field } from "@client/components/ui/field";
import { FormActions } from "@client/components/ui/form-actions";
import { SelectField } from "@client/components/ui/select-field";
import { isApiError } from "@client/lib/api-error";
import { cn } from "@client/lib/cn";
import { zodResolver } from "@client/lib/form";
import { formatPhone } from "@shared/domain/identifiers";
import {
  type ClientDto,
  type CreateClientData,
  type CreateClientInput,
  clientStatuses,
  clientStatusLabels,
  createClientInput,
} from "@shared/schemas/clients";
import { Building2, User } from "lucide-react";
import type { ReactNode } from "react";
import { type Path, useForm } from "react-hook-form";
import { showError } from "./show-error";

/** Countries offered in the address; the schema accepts any ISO code. */
const countries = [
  ["FR", "France"],
  ["BE", "Belgique"],
  ["CH", "Suisse"],
  ["LU", "Luxembourg"],
  ["MC", "Monaco"],
  ["DE", "Allemagne"],
  ["ES", "Espagne"],
  ["IT", "Italie"],
  ["GB", "Royaume-Uni"],
  ["US", "États-Unis"],
  ["CA", "Canada"],
] as const;

type FormValues = CreateClientInput;

const emptyValues: FormValues = {
  name: "",
  company: "",
  contactName: "",
  email: "",
  phone: "",
  siren: "",
  siret: "",
  vatNumber: "",
  addressLine1: "",
  addressLine2: "",
  postalCode: "",
  city: "",
  country: "FR",
  isBusiness: true,
  paymentTermsDays: null,
  status: "prospect",
  notes: "",
};

/** The form's values for an existing client (nulls become empty fields, the phone reads as typed). */
export function clientFormValues(client: ClientDto): FormValues {
  return {
    name: client.name,
    company: client.company ?? "",
    contactName: client.contactName ?? "",
    email: client.email ?? "",
    phone: client.phone ? formatPhone(client.phone) : "",
    siren: client.siren ?? "",
    siret: client.siret ?? "",
    vatNumber: client.vatNumber ?? "",
    addressLine1: client.addressLine1 ?? "",
    addressLine2: client.addressLine2 ?? "",
    postalCode: client.postalCode ?? "",
    city: client.city ?? "",
    country: client.country,
    isBusiness: client.isBusiness,
    paymentTermsDays: client.paymentTermsDays,
    status: client.status,
    notes: client.notes ?? "",
  };
}

type ClientFormProps = {
  initial?: ClientDto;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (input: CreateClientData) => Promise<unknown>;
  onCancel?: () => void;
};

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border bg-surface p-5 shadow-sm sm:p-6" aria-label={title}>
      <h2 className="text-base font-semibold">{title}</h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-5 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** Creates or edits a client; validated with the shared schema the server applies too. */
export function ClientForm({ initial, submitLabel, isPending, onSubmit, onCancel }: ClientFormProps) {
  const form = useForm<FormValues, unknown, CreateClientData>({
    resolver: zodResolver(createClientInput),
    defaultValues: initial ? clientFormValues(initial) : emptyValues,
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const isBusiness = form.watch("isBusiness");

  const submit = form.handleSubmit(async (input) => {
    try {
      await onSubmit(input);
    } catch (error) {
      if (isApiError(error) && error.issues?.length) {
        for (const issue of error.issues)
          form.setError(issue.path as Path<FormValues>, { type: "server", message: issue.message });
      }
      if (error instanceof Error) showError(error);
    }
  });

  const text = (name: Path<FormValues>) => ({
    ...form.register(name),
    error: errors[name as keyof FormValues]?.message,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <Section title="Identité">
        <fieldset className="sm:col-span-2">
          <legend className="mb-1.5 text-sm font-medium">Type de client</legend>
          <div className="grid grid-cols-2 gap-1 rounded-lg border bg-muted/50 p-1" role="radiogroup">
            {[
              { value: true, label: "Professionnel", icon: Building2 },
              { value: false, label: "Particulier", icon: User },
            ].map((option) => (
              // biome-ignore lint/a11y/useSemanticElements: a segmented switch, styled buttons with radio semantics
              <button
                key={option.label}
                type="button"
                role="radio"
                aria-checked={isBusiness === option.value}
                onClick={() => form.setValue("isBusiness", option.value, { shouldDirty: true })}
                className={cn(
                  "flex h-10 items-center justify-center gap-2 rounded-md text-sm font-medium transition-colors",
                  isBusiness === option.value
                    ? "bg-surface text-foreground shadow-sm ring-1 ring-border"
                    : "text-muted-foreground hover:text-foreground",
                )}
              >
                <option.icon className="size-4" aria-hidden="true" />
                {option.label}
              </button>
            ))}
          </div>
        </fieldset>
        <Field
          label={isBusiness ? "Nom du client" : "Nom et prénom"}
          hint={isBusiness ? "Le nom sous lequel vous le retrouvez, souvent l'enseigne." : undefined}
          autoComplete="off"
          {...text("name")}
        />
        {isBusiness ? (
          <Field label="Raison sociale" autoComplete="organization" {...text("company")} />
        ) : null}
        {isBusiness ? (
          <Field label="Personne à contacter" autoComplete="off" {...text("contactName")} />
        ) : null}
        <SelectField label="Statut" error={errors.status?.message} {...form.register("status")}>
          {clientStatuses.map((status) => (
            <option key={status} value={status}>
              {clientStatusLabels[status]}
            </option>
          ))}
        </SelectField>
      </Section>

      <Section title="Contact">
        <Field label="Adresse e-mail" type="email" inputMode="email" autoComplete="off" {...text("email")} />
        <Field label="Téléphone" type="tel" inputMode="tel" autoComplete="off" {...text("phone")} />
      </Section>

      <Section title="Adresse">
        <Field className="sm:col-span-2" label="Adresse" autoComplete="off" {...text("addressLine1")} />
        <Field
          className="sm:col-span-2"
          label="Complément d'adresse"
          autoComplete="off"
          {...text("addressLine2")}
        />
        <Field label="Code postal" inputMode="numeric" autoComplete="off" {...text("postalCode")} />
        <Field label="Ville" autoComplete="off" {...text("city")} />
        <SelectField label="Pays" error={errors.country?.message} {...form.register("country")}>
          {countries.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
      </Section>

      {isBusiness ? (
        <Section
          title="Informations légales"
          description="Mentions obligatoires sur les factures adressées à un professionnel."
        >
          <Field
            label="SIREN"
            inputMode="numeric"
            hint="9 chiffres, exigé pour facturer une entreprise française."
            {...text("siren")}
          />
          <Field label="SIRET" inputMode="numeric" hint="14 chiffres (facultatif)." {...text("siret")} />
          <Field
            label="N° de TVA intracommunautaire"
            hint="FR suivi de 11 chiffres pour une entreprise française."
            {...text("vatNumber")}
          />
          <Field
            label="Délai de paiement (jours)"
            type="number"
            min={0}
            max={60}
            inputMode="numeric"
            hint="Laissez vide pour appliquer votre délai par défaut."
            // An empty field means "no specific terms" (null), not 0 days.
            {...form.register("paymentTermsDays", {
              setValueAs: (value) => (value === "" || value === null ? null : Number(value)),
            })}
            error={errors.paymentTermsDays?.message}
          />
        </Section>
      ) : null}

      <Section title="Notes">
        <div className="space-y-1.5 sm:col-span-2">
          <label htmlFor="client-notes" className="sr-only">
            Notes
          </label>
          <textarea
            id="client-notes"
            rows={4}
            placeholder="Contexte, préférences, historique des échanges…"
            className="w-full rounded-lg border bg-surface px-3 py-2 text-base shadow-sm outline-none placeholder:text-muted-foreground focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-sm"
            {...form.register("notes")}
          />
          {errors.notes ? <p className="text-sm text-danger">{errors.notes.message}</p> : null}
        </div>
      </Section>

      <FormActions submitLabel={submitLabel} isPending={isPending} onCancel={onCancel} />
    </form>
  );
}
