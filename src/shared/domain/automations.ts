import { addDays, parisToday } from "./dates";

/** Days after the due date on which an overdue-invoice rule sends a relance. */
export const OVERDUE_REMINDER_DAYS = [7, 15, 30] as const;

type Kind = { type: string };

/**
 * Every kind of rule Ardoise runs by itself, by the trigger and action types it is stored with. A rule whose
 * pair is not here (a manual rule) is kept but never runs.
 */
export const AUTOMATION_KINDS = {
  overdue_reminders: {
    trigger: "invoice_overdue",
    action: "send_reminder",
    name: "Relance des factures en retard",
  },
  weekly_summary: { trigger: "schedule", action: "send_summary", name: "Bilan hebdomadaire" },
  quote_expiring: { trigger: "quote_expiring", action: "notify", name: "Suivi des devis envoyés" },
  client_welcome: {
    trigger: "client_created",
    action: "send_welcome",
    name: "Bienvenue aux nouveaux clients",
  },
  invoice_paid_thanks: {
    trigger: "invoice_paid",
    action: "send_thanks",
    name: "Remerciement après paiement",
  },
  task_due: { trigger: "task_due", action: "notify", name: "Rappel des tâches à échéance" },
  recurring_invoice: { trigger: "recurring", action: "create_invoice", name: "Facture récurrente" },
  event_webhook: { trigger: "event", action: "post_webhook", name: "Webhook sur un événement" },
} as const;
export type AutomationKind = keyof typeof AUTOMATION_KINDS;

export function automationKind(trigger: Kind, action: Kind): AutomationKind | null {
  for (const [kind, types] of Object.entries(AUTOMATION_KINDS))
    if (types.trigger === trigger.type && types.action === action.type) return kind as AutomationKind;
  return null;
}

export const isOverdueReminderRule = (trigger: Kind, action: Kind) =>
  automationKind(trigger, action) === "overdue_reminders";

export const isWeeklySummaryRule = (trigger: Kind, action: Kind) =>
  automationKind(trigger, action) === "weekly_summary";

export function runsAutomatically(trigger: Kind, action: Kind): boolean {
  return automationKind(trigger, action) !== null;
}

/** Default notice of the reminder kinds: a quote 3 days before its end of validity, a task the day before. */
export const QUOTE_EXPIRING_DAYS_BEFORE = 3;
export const TASK_DUE_DAYS_BEFORE = 1;

/** Weekly summaries leave on Monday morning: 07:00 UTC is 8 h in Paris in winter, 9 h in summer. */
const WEEKLY_SUMMARY_UTC_HOUR = 7;

/** The first Monday-morning send strictly after `now` (the Monday is a Paris calendar day). */
export function nextWeeklySummaryAt(now: Date): Date {
  const today = parisToday(now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const monday = addDays(today, (8 - weekday) % 7);
  const at = new Date(`${monday}T0${WEEKLY_SUMMARY_UTC_HOUR}:00:00Z`);
  return at > now ? at : new Date(`${addDays(monday, 7)}T0${WEEKLY_SUMMARY_UTC_HOUR}:00:00Z`);
}

export const RECURRING_FREQUENCIES = ["monthly", "quarterly", "yearly"] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
const MONTHS_BETWEEN: Record<RecurringFrequency, number> = { monthly: 1, quarterly: 3, yearly: 12 };

export type Recurrence = {
  frequency: RecurringFrequency;
  /** 1–31; a shorter month uses its last day (the 31st is the 30th in April, the 28th or 29th in February). */
  dayOfMonth: number;
  /** The first occurrence is on or after this day; the rhythm counts from its month. */
  startDate: string;
  /** No occurrence after this day. */
  endDate: string | null;
};

const pad = (value: number) => String(value).padStart(2, "0");

/** The n-th date of the rhythm counted from the start month (n = 0 is the start month itself). */
function nthDate(recurrence: Recurrence, n: number): string {
  const [year, month] = recurrence.startDate.split("-").map(Number) as [number, number];
  const index = month - 1 + n * MONTHS_BETWEEN[recurrence.frequency];
  const y = year + Math.floor(index / 12);
  const m = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${pad(m)}-${pad(Math.min(recurrence.dayOfMonth, lastDay))}`;
}

/**
 * The occurrences from the start up to `until` included (and never after the end date), oldest first: the
 * periods a run must have done by that day, so a server that was down catches up each missed one.
 */
export function recurringOccurrences(recurrence: Recurrence, until: string): string[] {
  const last = recurrence.endDate && recurrence.endDate < until ? recurrence.endDate : until;
  const dates: string[] = [];
  for (let n = 0; ; n++) {
    const date = nthDate(recurrence, n);
    if (date > last) return dates;
    if (date >= recurrence.startDate) dates.push(date);
  }
}

/** The first occurrence strictly after `day`, or null once the end date is passed. */
export function nextOccurrenceAfter(recurrence: Recurrence, day: string): string | null {
  for (let n = 0; ; n++) {
    const date = nthDate(recurrence, n);
    if (recurrence.endDate && date > recurrence.endDate) return null;
    if (date > day && date >= recurrence.startDate) return date;
  }
}

/** The last day an occurrence covers: the day before the next one of the rhythm. */
export function occurrenceEnd(recurrence: Recurrence, date: string): string {
  const open = { ...recurrence, endDate: null, startDate: date };
  return addDays(nextOccurrenceAfter(open, date) ?? date, -1);
}
