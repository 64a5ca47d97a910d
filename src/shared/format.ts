/** The only place money and dates are turned into French text. */

/**
 * Each formatter is made on its first use: making one costs a millisecond or two, several on a phone, and a page
 * rarely uses all eight. Made at load, they were one more piece of the first page's longest task (issue 15).
 */
function onFirstUse<Formatter>(make: () => Formatter): () => Formatter {
  let formatter: Formatter | undefined;
  return () => {
    formatter ??= make();
    return formatter;
  };
}

const money = onFirstUse(() => new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }));
const wholeMoney = onFirstUse(
  () =>
    new Intl.NumberFormat("fr-FR", {
      style: "currency",
      currency: "EUR",
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
);
const dateOptions: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" };
const localDate = onFirstUse(() => new Intl.DateTimeFormat("fr-FR", dateOptions));
// A bare calendar date ("2025-03-01") is parsed as UTC midnight; formatting it in UTC keeps the same day.
const calendarDate = onFirstUse(() => new Intl.DateTimeFormat("fr-FR", { ...dateOptions, timeZone: "UTC" }));
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

type MoneyOptions = {
  /** Marketing copy writes "59 €"; documents always show the cents. */
  dropZeroCents?: boolean;
};

export function formatMoney(cents: number, options: MoneyOptions = {}): string {
  const euros = cents / 100;
  if (options.dropZeroCents && Number.isInteger(euros)) return wholeMoney().format(euros);
  return money().format(euros);
}

export function formatDate(iso: string): string {
  const value = new Date(iso);
  return CALENDAR_DATE.test(iso) ? calendarDate().format(value) : localDate().format(value);
}

const parisDateTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat("fr-FR", {
      ...dateOptions,
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      timeZone: "Europe/Paris",
    }),
);

/** An instant as read in France, to the second: "12 mars 2026 à 14:05:09" (an audit trail's time). */
export function formatParisDateTime(iso: string): string {
  return parisDateTime().format(new Date(iso));
}

const decimal = onFirstUse(
  () =>
    new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true }),
);

/** Below this, an amount of whole cents is written by hand, exactly as `decimal()` writes it. */
const HAND_WRITTEN_BELOW_CENTS = 1e12;
// fr-FR groups thousands with a narrow no-break space (U+202F), as Intl does.
const GROUP_SEPARATOR = "\u202f";

/**
 * An amount without the currency sign, French style ("1 234,56"), for CSV exports and tables. Whole cents
 * are written by hand: Intl took about a microsecond a call, and a 100 000-invoice export calls it half a
 * million times on the server's main thread (issue 26); anything else (-0, fractions, huge values) goes to Intl.
 */
export function formatAmount(cents: number): string {
  if (!Number.isInteger(cents) || Object.is(cents, -0) || Math.abs(cents) >= HAND_WRITTEN_BELOW_CENTS)
    return decimal().format(cents / 100);
  const absolute = Math.abs(cents);
  const fraction = absolute % 100;
  let euros = String((absolute - fraction) / 100);
  let grouped = "";
  while (euros.length > 3) {
    grouped = `${GROUP_SEPARATOR}${euros.slice(-3)}${grouped}`;
    euros = euros.slice(0, -3);
  }
  return `${cents < 0 ? "-" : ""}${euros}${grouped},${fraction < 10 ? "0" : ""}${fraction}`;
}

/** An amount in its currency: the euro as everywhere ("1 234,56 €"), another by its code ("1 234,56 DKK"). */
export function formatMoneyIn(cents: number, currency: string): string {
  return currency === "EUR" ? formatMoney(cents) : `${formatAmount(cents)} ${currency}`;
}

const pluralRules = onFirstUse(() => new Intl.PluralRules("fr-FR"));
const quantityNumber = onFirstUse(() => new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 3 }));

/** The French agreement of a noun with a count: singular below 2 ("0 jour", "1,5 jour"), plural from 2. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return pluralRules().select(count) === "one" ? singular : pluralForm;
}

/** "3 jours", "1 jour", "1 234 factures": a count and its agreed noun. */
export function formatCount(count: number, singular: string, pluralForm?: string): string {
  return `${quantityNumber().format(count)} ${plural(count, singular, pluralForm)}`;
}

/**
 * A unit typed on a document line, agreed with its quantity ("3 jours", "0,5 jour"). Only a plain word
 * changes: abbreviations and symbols (h, kg, m²) and words already ending in s, x or z stay as typed.
 */
export function formatUnit(quantity: number, unit: string): string {
  const word = unit.trim();
  if (!/^\p{L}[\p{L}-]{2,}$/u.test(word) || /[sxz]$/i.test(word)) return word;
  return plural(quantity, word);
}

/** A line's quantity and unit as printed: "2,5 jours", "3 h", "1". */
export function formatQuantity(quantity: number, unit?: string | null): string {
  const number = quantityNumber().format(quantity);
  return unit?.trim() ? `${number} ${formatUnit(quantity, unit)}` : number;
}
