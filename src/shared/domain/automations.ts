import { addDays, parisToday } from "./dates";

/** Days after the due date on which an overdue-invoice rule sends a relance. */
export const OVERDUE_REMINDER_DAYS = [7, 15, 30] as const;

type Kind = { type: string };

export const isOverdueReminderRule = (trigger: Kind, action: Kind) =>
  trigger.type === "invoice_overdue" && action.type === "send_reminder";

export const isWeeklySummaryRule = (trigger: Kind, action: Kind) =>
  trigger.type === "schedule" && action.type === "send_summary";

/** The rules Ardoise runs by itself today; the others are kept until their kind is built. */
export function runsAutomatically(trigger: Kind, action: Kind): boolean {
  return isOverdueReminderRule(trigger, action) || isWeeklySummaryRule(trigger, action);
}

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
