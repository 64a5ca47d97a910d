import { addDays } from "./dates";

/** A span of calendar days, both ends included, with the French words that name it ("en février 2026"). */
export type Period = { from: string; to: string; label: string };

/** French month names, January first, as labels print them. */
export const MONTH_NAMES = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
];

function monthStart(day: string, offset = 0): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + offset);
  return date.toISOString().slice(0, 10);
}

const monthEnd = (day: string) => addDays(monthStart(day, 1), -1);

export function monthPeriod(day: string): Period {
  const start = monthStart(day);
  const month = MONTH_NAMES[Number(start.slice(5, 7)) - 1];
  return { from: start, to: monthEnd(start), label: `en ${month} ${start.slice(0, 4)}` };
}

export function yearPeriod(year: number): Period {
  return { from: `${year}-01-01`, to: `${year}-12-31`, label: `en ${year}` };
}

/** From the first of January to today: what "cette année" means for figures that cannot be in the future. */
export function yearToDate(today: string): Period {
  return { from: `${today.slice(0, 4)}-01-01`, to: today, label: "depuis le début de l'année" };
}

const isMonthStart = (day: string) => day.endsWith("-01");
/** Calendar months from `from`'s month to `to`'s, both counted. */
export const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7)) +
  1;

/**
 * The period just before, of the same shape, to compare with: the previous month for a month, the
 * previous quarter for three months, the previous year for a year, the same days one year earlier for a
 * year to date, and otherwise the same span just before.
 */
export function previousPeriod(period: Period): Period {
  const { from, to } = period;
  const isWholeMonths = isMonthStart(from) && addDays(to, 1).endsWith("-01");
  const months = isWholeMonths ? monthsBetween(from, to) : 0;
  if (months === 1) return monthPeriod(monthStart(from, -1));
  if (months === 3)
    return { from: monthStart(from, -3), to: addDays(from, -1), label: "le trimestre précédent" };
  if (months === 12 && from.endsWith("-01-01")) return yearPeriod(Number(from.slice(0, 4)) - 1);
  if (from.endsWith("-01-01") && from.slice(0, 4) === to.slice(0, 4)) {
    const year = Number(from.slice(0, 4)) - 1;
    // 29 February has no twin in a common year.
    const end =
      to.endsWith("-02-29") && new Date(`${year}-02-29T00:00:00Z`).getUTCDate() !== 29
        ? "-02-28"
        : to.slice(4);
    return { from: `${year}-01-01`, to: `${year}${end}`, label: `sur la même période de ${year}` };
  }
  if (months > 0)
    return { from: monthStart(from, -months), to: addDays(from, -1), label: "sur la période précédente" };
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  return { from: addDays(from, -days), to: addDays(from, -1), label: "sur la période précédente" };
}
