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
});
export type AutomationRunDto = z.infer<typeof automationRunDto>;

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
});
export type AutomationDto = z.infer<typeof automationDto>;

export const automationsDto = z.object({ items: z.array(automationDto) });
export type AutomationsDto = z.infer<typeof automationsDto>;

export const updateAutomationInput = z.object({
  isActive: z.boolean({ error: "Indiquez si l'automatisation est active." }),
});
export type UpdateAutomationInput = z.infer<typeof updateAutomationInput>;

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

const noticeDays = z
  .number({ error: "Indiquez un nombre de jours." })
  .int("Indiquez un nombre de jours.")
  .min(0, "Au moins 0 jour.")
  .max(60, "60 jours au maximum.");

/** A recurring invoice: client, lines with their VAT, rhythm, and what each occurrence does. */
export const createRecurringInvoiceInput = z
  .object({
    kind: z.literal("recurring_invoice"),
    clientId: z.uuid("Choisissez un client."),
    lines: z.array(lineInput).min(1, "Ajoutez au moins une ligne.").max(50, "50 lignes au maximum."),
    ...recurrenceFields,
    endDate: isoDay.optional(),
    delivery: z.enum(invoiceDeliveries, { error: "Choisissez ce que fait chaque échéance." }),
  })
  .refine((input) => !input.endDate || input.endDate >= input.startDate, {
    message: "La date de fin doit suivre la date de début.",
    path: ["endDate"],
  });

/** A new rule, from the Automatisations page or the assistant: one entry per kind that runs. */
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
  ],
  { error: "Choisissez le type d'automatisation." },
);
export type CreateAutomationInput = z.infer<typeof createAutomationInput>;
export type CreateRecurringInvoiceInput = z.infer<typeof createRecurringInvoiceInput>;

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
