import {
  ClientPickerField,
  LinesFields,
  useLiveTotals,
} from "@client/components/documents/document-form-fields";
import { formPath } from "@client/components/documents/line-values";
import { buttonStyles } from "@client/components/ui/button-styles";
import { Field } from "@client/components/ui/field";
import { SelectField } from "@client/components/ui/select-field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { isApiError } from "@client/lib/api-error";
import { zodResolver } from "@client/lib/form";
import {
  AUTOMATION_KINDS,
  type AutomationKind,
  QUOTE_EXPIRING_DAYS_BEFORE,
  RECURRING_FREQUENCIES,
  TASK_DUE_DAYS_BEFORE,
} from "@shared/domain/automations";
import type { VatRegime } from "@shared/domain/legal-identity";
import { formatDate, formatMoney } from "@shared/format";
import {
  type CreateAutomationInput,
  createAutomationInput,
  invoiceDeliveries,
  invoiceDeliveryLabels,
  recurringFrequencyLabels,
  webhookEventWhen,
} from "@shared/schemas/automations";
import { MAX_HOOKS_PER_USER, webhookEventNames } from "@shared/schemas/public-api";
import { Save } from "lucide-react";
import { type FieldPath, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { useClientInvoices } from "../api/automations";
import {
  type AutomationFormValues,
  automationFormSchema,
  automationKinds,
  toAutomationInput,
} from "./automation-form-values";

/** What each kind does, under the kind's select: who gets what, and when. */
const KIND_HINTS: Record<AutomationKind, string> = {
  overdue_reminders:
    "Vos clients reçoivent une relance par e-mail 7, 15 et 30 jours après l'échéance impayée.",
  weekly_summary: "Vous recevez chaque lundi matin un bilan de votre activité par e-mail.",
  quote_expiring:
    "Vous êtes prévenu par e-mail avant la fin de validité d'un devis envoyé (le client n'est pas contacté).",
  client_welcome: "Chaque nouveau client qui a une adresse e-mail reçoit un e-mail de bienvenue à votre nom.",
  invoice_paid_thanks: "Le client reçoit un e-mail de remerciement quand sa facture est entièrement payée.",
  task_due: "Vous êtes prévenu par e-mail avant l'échéance d'une tâche non terminée.",
  recurring_invoice: "Ardoise prépare ou émet la facture à chaque échéance, avec la numérotation continue.",
  event_webhook: `Ardoise envoie un POST JSON signé (en-tête Ardoise-Signature) à votre adresse à chaque événement, avec de nouveaux essais en cas d'échec. ${MAX_HOOKS_PER_USER} webhooks au plus par compte, ceux de l'API (Intégrations) compris.`,
};

const sectionClass = "space-y-4 rounded-xl border bg-background p-4";

type AutomationFormProps = {
  defaultValues: AutomationFormValues;
  /** Editing keeps the kind: a rule changes its settings, not what it is. */
  isEditing?: boolean;
  onSubmit: (input: CreateAutomationInput) => Promise<unknown>;
  onCancel: () => void;
  vatRegime: VatRegime;
};

/** Where a server issue goes: its own field when the form has one. */
function fieldOf(apiPath: string, values: AutomationFormValues): FieldPath<AutomationFormValues> | null {
  const path = apiPath === "clientId" ? "clientName" : formPath(apiPath);
  const [head, index, leaf] = path.split(".");
  if (head === "lines" && index !== undefined) {
    const line = values.lines[Number(index)];
    return line && leaf && leaf in line ? (path as FieldPath<AutomationFormValues>) : null;
  }
  return head && head in values && !index ? (path as FieldPath<AutomationFormValues>) : null;
}

/** Creates or edits a rule of any kind; the server checks it with the same schema. */
export function AutomationForm({
  defaultValues,
  isEditing = false,
  onSubmit,
  onCancel,
  vatRegime,
}: AutomationFormProps) {
  const form = useForm<AutomationFormValues>({ resolver: zodResolver(automationFormSchema), defaultValues });
  const { errors, isSubmitting } = form.formState;
  const kind = useWatch({ control: form.control, name: "kind" });

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(createAutomationInput.parse(toAutomationInput(values)));
    } catch (error) {
      const message = error instanceof Error ? error.message : "Une erreur est survenue.";
      const unplaced: string[] = [];
      for (const issue of isApiError(error) ? (error.issues ?? []) : []) {
        const field = fieldOf(issue.path, values);
        if (field) form.setError(field, { message: issue.message }, { shouldFocus: true });
        else unplaced.push(issue.message);
      }
      toast.error("L'automatisation n'a pas été enregistrée", {
        description: [message, ...unplaced].join(" "),
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="space-y-1.5">
        <SelectField
          label="Type d'automatisation"
          disabled={isEditing}
          error={errors.kind?.message}
          {...form.register("kind")}
        >
          {automationKinds.map((option) => (
            <option key={option} value={option}>
              {AUTOMATION_KINDS[option].name}
            </option>
          ))}
        </SelectField>
        <p className="text-sm text-muted-foreground">{KIND_HINTS[kind]}</p>
      </div>

      {kind === "quote_expiring" || kind === "task_due" ? (
        <Field
          type="number"
          inputMode="numeric"
          min={0}
          max={60}
          label={kind === "quote_expiring" ? "Jours avant la fin de validité" : "Jours avant l'échéance"}
          hint={`Laissez vide pour ${kind === "quote_expiring" ? QUOTE_EXPIRING_DAYS_BEFORE : TASK_DUE_DAYS_BEFORE} ${kind === "quote_expiring" ? "jours" : "jour (la veille)"}.`}
          error={errors.daysBefore?.message}
          {...form.register("daysBefore")}
        />
      ) : null}

      {kind === "event_webhook" ? <WebhookFields form={form} /> : null}
      {kind === "recurring_invoice" ? <RecurringInvoiceFields form={form} vatRegime={vatRegime} /> : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={buttonStyles({ variant: "secondary" })}>
          Annuler
        </button>
        <SubmitButton isPending={isSubmitting} icon={<Save aria-hidden="true" />}>
          {isEditing ? "Enregistrer les modifications" : "Créer l'automatisation"}
        </SubmitButton>
      </div>
    </form>
  );
}

function WebhookFields({ form }: { form: UseFormReturn<AutomationFormValues> }) {
  const { errors } = form.formState;
  return (
    <div className={sectionClass}>
      <SelectField label="Événement" error={errors.event?.message} {...form.register("event")}>
        {webhookEventNames.map((event) => (
          <option key={event} value={event}>
            {webhookEventWhen[event]} ({event})
          </option>
        ))}
      </SelectField>
      <Field
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://hooks.zapier.com/…"
        label="Adresse de destination"
        hint="Une adresse publique en https:// ; le secret de signature s'affiche une seule fois, à la création."
        error={errors.targetUrl?.message}
        {...form.register("targetUrl")}
      />
    </div>
  );
}

function RecurringInvoiceFields({
  form,
  vatRegime,
}: {
  form: UseFormReturn<AutomationFormValues>;
  vatRegime: VatRegime;
}) {
  const { errors } = form.formState;
  const [clientId, clientName, linesFrom] = useWatch({
    control: form.control,
    name: ["clientId", "clientName", "linesFrom"],
  });
  const totals = useLiveTotals(form);
  const invoices = useClientInvoices(clientId, clientName);
  return (
    <>
      <div className={sectionClass}>
        <ClientPickerField form={form} documentLabel="chaque facture" />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-foreground">Lignes de la facture</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" value="typed" {...form.register("linesFrom")} />
              Saisir les lignes
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" value="invoice" {...form.register("linesFrom")} />
              Reprendre les lignes d'une facture
            </label>
          </div>
        </fieldset>
        {linesFrom === "invoice" ? (
          <SelectField
            label="Facture dont reprendre les lignes"
            error={errors.sourceInvoiceId?.message}
            disabled={!clientId}
            {...form.register("sourceInvoiceId")}
          >
            <option value="">
              {!clientId
                ? "Choisissez d'abord le client"
                : invoices.isPending
                  ? "Chargement des factures…"
                  : invoices.data?.length
                    ? "Choisissez une facture"
                    : "Aucune facture pour ce client"}
            </option>
            {(invoices.data ?? []).map((invoice) => (
              <option key={invoice.id} value={invoice.id}>
                {invoice.invoiceNumber ?? "Brouillon"} du {formatDate(invoice.issuedAt ?? invoice.createdAt)}{" "}
                — {formatMoney(invoice.totalCents)} TTC
              </option>
            ))}
          </SelectField>
        ) : (
          <LinesFields form={form} totals={totals} vatRegime={vatRegime} />
        )}
      </div>
      <div className={`${sectionClass} grid gap-4 sm:grid-cols-2`}>
        <SelectField label="Fréquence" error={errors.frequency?.message} {...form.register("frequency")}>
          {RECURRING_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {recurringFrequencyLabels[frequency]}
            </option>
          ))}
        </SelectField>
        <Field
          type="number"
          inputMode="numeric"
          min={1}
          max={31}
          label="Jour du mois"
          hint="Le 31 devient le dernier jour des mois plus courts."
          error={errors.dayOfMonth?.message}
          {...form.register("dayOfMonth")}
        />
        <Field
          type="date"
          label="Première échéance à partir du"
          error={errors.startDate?.message}
          {...form.register("startDate")}
        />
        <Field
          type="date"
          label="Date de fin"
          hint="Facultative : sans date de fin, la facturation continue."
          error={errors.endDate?.message}
          {...form.register("endDate")}
        />
        <fieldset className="space-y-2 sm:col-span-2">
          <legend className="text-sm font-medium text-foreground">À chaque échéance</legend>
          {invoiceDeliveries.map((delivery) => (
            <label key={delivery} className="flex items-start gap-2 text-sm">
              <input type="radio" value={delivery} className="mt-1" {...form.register("delivery")} />
              {invoiceDeliveryLabels[delivery]}
            </label>
          ))}
          {errors.delivery ? <p className="text-sm text-danger">{errors.delivery.message}</p> : null}
        </fieldset>
      </div>
    </>
  );
}
