/** The only place money and dates are turned into French text. */

const money = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
const wholeMoney = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const dateOptions: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" };
const localDate = new Intl.DateTimeFormat("fr-FR", dateOptions);
// A bare calendar date ("2025-03-01") is parsed as UTC midnight; formatting it in UTC keeps the same day.
const calendarDate = new Intl.DateTimeFormat("fr-FR", { ...dateOptions, timeZone: "UTC" });
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

type MoneyOptions = {
  /** Marketing copy writes "59 €"; documents always show the cents. */
  dropZeroCents?: boolean;
};

export function formatMoney(cents: number, options: MoneyOptions = {}): string {
  const euros = cents / 100;
  if (options.dropZeroCents && Number.isInteger(euros)) return wholeMoney.format(euros);
  return money.format(euros);
}

export function formatDate(iso: string): string {
  const value = new Date(iso);
  return CALENDAR_DATE.test(iso) ? calendarDate.format(value) : localDate.format(value);
}

const decimal = new Intl.NumberFormat("fr-FR", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/** An amount without the currency sign, French style ("1 234,56"), for CSV exports and tables. */
export function formatAmount(cents: number): string {
  return decimal.format(cents / 100);
}
