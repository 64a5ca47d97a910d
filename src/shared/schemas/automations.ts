import { z } from "zod";
import {
  QUOTE_EXPIRING_DAYS_BEFORE,
  RECURRING_FREQUENCIES,
  type Recurrence,
  type RecurringFrequency,
  TASK_DUE_DAYS_BEFORE,
} from "../domain/automations";
import { computeTotals } from "../domain/totals";
import { formatDate, formatMoney } from "../format";
import { isoDay } from "./fields";
import { lineInput } from "./invoices";
import { createHookInput, type WebhookEventName, webhookEventLabels } from "./public-api";

export const automationRunStatusLabels = {
  running: "En cours",
  succeeded: "Réussie",
  failed: "Échec",
} as const;

/** One run of a rule, as the page's run log shows it. */
export const automationRunDto = z.object({
  id: z.string(),
  status: z.enum(["running", "succeeded", "failed"]),
  startedAt: z.string(),
  /** What it did, in French ("Facture FAC-2025-0003 émise et envoyée à …"). */
  summary: z.string().nullable(),
  error: z.string().nullable(),
  /** The invoice a recurring rule generated, for its link. */
  invoiceId: z.string().nullable(),
  /** The hook delivery a webhook rule's run is, for « Renvoyer ». */
  deliveryId: z.string().nullable(),
});
export type AutomationRunDto = z.infer<typeof automationRunDto>;

/** What a recurring invoice run does with the invoice it makes: the user's choice. */
export const invoiceDeliveryLabels = {
  draft: "Préparer un brouillon à vérifier",
  issue: "Émettre la facture (numérotée)",
  send: "Émettre la facture et l'envoyer au client par e-mail",
} as const;
export const invoiceDeliveries = ["draft", "issue", "send"] as const;
export type InvoiceDelivery = (typeof invoiceDeliveries)[number];

export const recurringFrequencyLabels: Record<RecurringFrequency, string> = {
  monthly: "Chaque mois",
  quarterly: "Chaque trimestre",
  yearly: "Chaque année",
};

const recurrenceFields = {
  frequency: z.enum(RECURRING_FREQUENCIES, { error: "Choisissez une fréquence." }),
  dayOfMonth: z
    .number({ error: "Indiquez le jour du mois." })
    .int("Indiquez le jour du mois.")
    .min(1, "Le jour va de 1 à 31.")
    .max(31, "Le jour va de 1 à 31."),
  startDate: isoDay,
  endDate: isoDay.nullable(),
};

/** The stored trigger of a recurring invoice rule. */
export const recurringTrigger = z.object({ type: z.literal("recurring"), ...recurrenceFields });

/** The stored action of a recurring invoice rule: the template each run copies. */
export const recurringInvoiceAction = z.object({
  type: z.literal("create_invoice"),
  clientId: z.uuid(),
  clientName: z.string().min(1),
  lines: z.array(lineInput).min(1),
  delivery: z.enum(invoiceDeliveries),
});
export type RecurringInvoiceAction = z.infer<typeof recurringInvoiceAction>;

/** The stored trigger and action of a webhook rule: the event it listens to and where it POSTs. */
export const eventWebhookTrigger = z.object({ type: z.literal("event"), event: createHookInput.shape.event });
export const eventWebhookAction = z.object({
  type: z.literal("post_webhook"),
  targetUrl: createHookInput.shape.target_url,
});

const noticeDays = z
  .number({ error: "Indiquez un nombre de jours." })
  .int("Indiquez un nombre de jours.")
  .min(0, "Au moins 0 jour.")
  .max(60, "60 jours au maximum.");

/**
 * A recurring invoice: client, lines with their VAT (typed, or copied from one of the user's invoices),
 * rhythm, and what each occurrence does.
 */
export const createRecurringInvoiceInput = z
  .object({
    kind: z.literal("recurring_invoice"),
    clientId: z.uuid("Choisissez un client."),
    lines: z.array(lineInput).max(50, "50 lignes au maximum.").default([]),
    /** Copy this invoice's lines instead (the server reads them): "the same as last month's invoice". */
    sourceInvoiceId: z.uuid("Choisissez une facture.").optional(),
    ...recurrenceFields,
    endDate: isoDay.optional(),
    delivery: z.enum(invoiceDeliveries, { error: "Choisissez ce que fait chaque échéance." }),
  })
  .refine((input) => input.lines.length > 0 || input.sourceInvoiceId, {
    message: "Ajoutez au moins une ligne, ou reprenez celles d'une facture.",
    path: ["lines"],
  })
  .refine((input) => !input.endDate || input.endDate >= input.startDate, {
    message: "La date de fin doit suivre la date de début.",
    path: ["endDate"],
  });

/**
 * A new rule, from the Automatisations page or the assistant: one entry per kind that runs. Editing a rule
 * sends the same input again (its kind cannot change).
 */
export const createAutomationInput = z.discriminatedUnion(
  "kind",
  [
    createRecurringInvoiceInput,
    z.object({
      kind: z.literal("quote_expiring"),
      daysBefore: noticeDays.default(QUOTE_EXPIRING_DAYS_BEFORE),
    }),
    z.object({ kind: z.literal("task_due"), daysBefore: noticeDays.default(TASK_DUE_DAYS_BEFORE) }),
    z.object({ kind: z.literal("client_welcome") }),
    z.object({ kind: z.literal("invoice_paid_thanks") }),
    z.object({ kind: z.literal("overdue_reminders") }),
    z.object({ kind: z.literal("weekly_summary") }),
    // The REST hooks' own fields and checks (decision 013): one event, an http(s) address.
    z.object({
      kind: z.literal("event_webhook"),
      event: createHookInput.shape.event,
      targetUrl: createHookInput.shape.target_url,
    }),
  ],
  { error: "Choisissez le type d'automatisation." },
);
export type CreateAutomationInput = z.infer<typeof createAutomationInput>;
export type CreateRecurringInvoiceInput = z.infer<typeof createRecurringInvoiceInput>;

/** An automation rule as the Automatisations page shows it. */
export const automationDto = z.object({
  id: z.string(),
  name: z.string(),
  /** The user's own words, as given to the assistant. */
  description: z.string().nullable(),
  /** What starts it and what it does, in French. */
  trigger: z.string(),
  action: z.string(),
  isActive: z.boolean(),
  /** Whether Ardoise runs this kind of rule by itself. */
  runsAutomatically: z.boolean(),
  runCount: z.number().int(),
  lastRunAt: z.string().nullable(),
  /** The next planned run of a scheduled rule (weekly summary, recurring invoice), when active. */
  nextRunAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** The latest runs, newest first. */
  runs: z.array(automationRunDto),
  /** The client a recurring invoice rule bills, by name (the edit form's client field). */
  clientName: z.string().nullable(),
  /** What the edit form starts from; null for a rule of a kind that does not run (nothing to edit). */
  settings: createAutomationInput.nullable(),
});
export type AutomationDto = z.infer<typeof automationDto>;

/** The creation answer; a webhook rule's signing secret is shown this once (like a REST hook's). */
export const createdAutomationDto = automationDto.extend({ secret: z.string().optional() });
export type CreatedAutomationDto = z.infer<typeof createdAutomationDto>;

export const automationsDto = z.object({ items: z.array(automationDto) });
export type AutomationsDto = z.infer<typeof automationsDto>;

export const updateAutomationInput = z.object({
  isActive: z.boolean({ error: "Indiquez si l'automatisation est active." }),
});
export type UpdateAutomationInput = z.infer<typeof updateAutomationInput>;

const dayOfMonthText = (day: number) => (day === 1 ? "le 1er" : `le ${day}`);

/** "Chaque mois le 1er, à partir du 1 janvier 2026 jusqu'au 31 décembre 2026". */
export function describeRecurrence(recurrence: Recurrence): string {
  const rhythm = `${recurringFrequencyLabels[recurrence.frequency]} ${dayOfMonthText(recurrence.dayOfMonth)}`;
  const end = recurrence.endDate ? ` jusqu'au ${formatDate(recurrence.endDate)}` : "";
  return `${rhythm}, à partir du ${formatDate(recurrence.startDate)}${end}`;
}

const daysBefore = (trigger: Record<string, unknown>, fallback: number) =>
  typeof trigger.daysBefore === "number" ? trigger.daysBefore : fallback;

const daysText = (days: number) => (days === 1 ? "la veille de" : `${days} jours avant`);

/** "Quand une facture est payée (invoice.paid)": the event as the page and the assistant say it. */
export const webhookEventWhen: Record<WebhookEventName, string> = {
  "client.created": "Quand vous ajoutez un client",
  "quote.sent": "Quand un devis est envoyé",
  "quote.accepted": "Quand un devis est accepté",
  "invoice.issued": "Quand une facture est émise",
  "invoice.paid": "Quand une facture est entièrement payée",
  "invoice.overdue": "Quand une facture passe en retard",
  "payment.received": "Quand un paiement est reçu",
  "expense.created": "Quand vous ajoutez une dépense",
};

/** The name a new webhook rule gets: « Webhook : Facture payée ». */
export const webhookRuleName = (event: WebhookEventName) => `Webhook : ${webhookEventLabels[event]}`;

const TRIGGER_LABELS: Record<string, string> = {
  invoice_overdue: "Quand une facture passe en retard",
  schedule: "Chaque semaine",
  client_created: "Quand vous ajoutez un client",
  invoice_paid: "Quand une facture est entièrement payée",
  manual: "À la demande",
};

const ACTION_LABELS: Record<string, string> = {
  send_reminder: "Relancer le client par e-mail 7, 15 et 30 jours après l'échéance",
  send_summary: "Vous envoyer un bilan par e-mail le lundi matin",
  send_welcome: "Envoyer un e-mail de bienvenue au client (s'il a une adresse e-mail)",
  send_thanks: "Envoyer un e-mail de remerciement au client",
  notify: "Vous prévenir",
};

/** The French wording of a stored trigger. */
export function describeTrigger(trigger: { type: string } & Record<string, unknown>): string {
  if (trigger.type === "quote_expiring")
    return `${daysText(daysBefore(trigger, QUOTE_EXPIRING_DAYS_BEFORE))} la fin de validité d'un devis envoyé`;
  if (trigger.type === "task_due")
    return `${daysText(daysBefore(trigger, TASK_DUE_DAYS_BEFORE))} l'échéance d'une tâche non terminée`;
  if (trigger.type === "recurring") {
    const parsed = recurringTrigger.safeParse(trigger);
    if (parsed.success) return describeRecurrence(parsed.data);
  }
  if (trigger.type === "event") {
    const parsed = eventWebhookTrigger.safeParse(trigger);
    if (parsed.success) return `${webhookEventWhen[parsed.data.event]} (${parsed.data.event})`;
  }
  return TRIGGER_LABELS[trigger.type] ?? "À la demande";
}

/** The French wording of a stored action; a reminder to the freelancer says it is for them alone. */
export function describeAutomationAction(
  action: { type: string } & Record<string, unknown>,
  trigger: { type: string } = { type: "manual" },
): string {
  if (action.type === "create_invoice") {
    const parsed = recurringInvoiceAction.safeParse(action);
    if (parsed.success) return describeInvoiceTemplate(parsed.data);
  }
  if (action.type === "post_webhook") {
    const parsed = eventWebhookAction.safeParse(action);
    if (parsed.success) return `Envoyer un webhook signé (POST JSON) à ${parsed.data.targetUrl}`;
  }
  if (action.type === "notify" && trigger.type === "quote_expiring")
    return "Vous prévenir par e-mail (le client n'est pas contacté)";
  if (action.type === "notify" && trigger.type === "task_due") return "Vous prévenir par e-mail";
  return ACTION_LABELS[action.type] ?? "Vous prévenir";
}

function describeInvoiceTemplate(template: RecurringInvoiceAction): string {
  const htCents = computeTotals(template.lines).subtotalCents;
  const what = {
    draft: "Préparer un brouillon de facture",
    issue: "Émettre une facture",
    send: "Émettre et envoyer par e-mail une facture",
  }[template.delivery];
  return `${what} de ${formatMoney(htCents)} HT à ${template.clientName}`;
}
