/**
 * Calendar arithmetic on ISO days for the harness's expected dates, computed on its own (UTC days, no time
 * zone at stake) so that the labels never borrow the interpreter's code.
 */
export const HARNESS_TODAY = "2026-03-18"; // a Wednesday, the CLI's reference day

const MS_PER_DAY = 86_400_000;

function toDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

function toIso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return toIso(new Date(toDate(iso).getTime() + days * MS_PER_DAY));
}

export function endOfMonth(iso: string): string {
  const date = toDate(iso);
  return toIso(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)));
}

export function dayOfMonth(year: number, month: number, day: number): string {
  return toIso(new Date(Date.UTC(year, month - 1, day)));
}

/** 0 is Sunday, as Date counts. */
export function weekday(iso: string): number {
  return toDate(iso).getUTCDay();
}

/** The next given weekday strictly after `iso`. */
export function nextWeekday(iso: string, day: number): string {
  const ahead = (day - weekday(iso) + 7) % 7 || 7;
  return addDays(iso, ahead);
}

/** The last given weekday strictly before `iso`. */
export function previousWeekday(iso: string, day: number): string {
  const back = (weekday(iso) - day + 7) % 7 || 7;
  return addDays(iso, -back);
}

export { MONTH_NAMES } from "../../periods";
