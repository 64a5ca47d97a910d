/** Calendar days (YYYY-MM-DD) as the freelancer lives them: in France, whatever the server's time zone. */

// Built once: toLocaleDateString would build a formatter on every call, and lists call this per request.
const parisDay = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Paris" });

export function parisToday(now: Date = new Date()): string {
  return parisDay.format(now);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function yearOf(day: string): number {
  return Number(day.slice(0, 4));
}

/** Default payment term when the seller sets none (issue 4: 30 days after issue). */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
