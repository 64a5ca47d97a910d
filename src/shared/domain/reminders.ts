import { addDays } from "./dates";

/** ai-assistant.txt §9: payment reminders 7 and 3 days before the due date, and on the due date. */
export const REMINDER_DAYS_BEFORE_DUE = [7, 3, 0] as const;

/**
 * The reminders an invoice due on `dueDate` still gets, seen from `today`: those before the due date only if
 * they are still ahead, the one on the due date unless it has passed (none at all for a past due date).
 */
export function reminderSchedule(dueDate: string, today: string): { daysBeforeDue: number; on: string }[] {
  return REMINDER_DAYS_BEFORE_DUE.map((days) => ({
    daysBeforeDue: days,
    on: addDays(dueDate, -days),
  })).filter((reminder) => (reminder.daysBeforeDue === 0 ? reminder.on >= today : reminder.on > today));
}
