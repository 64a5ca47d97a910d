import { formatDate } from "../format";
import { addDays } from "./dates";
import { MONTH_NAMES } from "./periods";
import type { DeclarationFrequency } from "./urssaf";

/**
 * The URSSAF declaration calendar of a micro-entrepreneur (autoentrepreneur.urssaf.fr, service-public F23257):
 * - a period is a calendar month or quarter; its declaration is due by the last day of the following month
 *   (quarterly: 30 April, 31 July, 31 October, 31 January);
 * - the first declaration covers everything since the start of activity: monthly, up to the end of the month
 *   in which the first three months of activity end; quarterly, the quarter of the start and the next one.
 */
export type DeclarationPeriod = {
  /** First day, also the period's key (the reminder job and the page's links use it). */
  from: string;
  to: string;
  /** Last day to declare and pay. */
  deadline: string;
  /** "mars 2026", "2e trimestre 2026", "du 6 mars au 30 juin 2025" (the first, longer period). */
  label: string;
  isFirst: boolean;
};

type Situation = { frequency: DeclarationFrequency; creationDate: string };

/** The first day of `day`'s month, moved by `months`. */
function monthStart(day: string, months = 0): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

const monthEnd = (day: string, months = 0) => addDays(monthStart(day, months + 1), -1);
const daysIn = (day: string) => Number(monthEnd(day).slice(8));
const quarterStart = (day: string) => {
  const month = Number(day.slice(5, 7));
  return monthStart(day, -((month - 1) % 3));
};
const quarterOf = (day: string) => Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1;

function regularPeriod(day: string, frequency: DeclarationFrequency): Omit<DeclarationPeriod, "deadline"> {
  if (frequency === "mensuelle") {
    const from = monthStart(day);
    return {
      from,
      to: monthEnd(from),
      label: `${MONTH_NAMES[Number(from.slice(5, 7)) - 1]} ${from.slice(0, 4)}`,
      isFirst: false,
    };
  }
  const from = quarterStart(day);
  const quarter = quarterOf(from);
  return {
    from,
    to: monthEnd(from, 2),
    label: `${quarter === 1 ? "1er" : `${quarter}e`} trimestre ${from.slice(0, 4)}`,
    isFirst: false,
  };
}

/** Last day of the first declaration's period. */
function firstPeriodEnd({ frequency, creationDate }: Situation): string {
  if (frequency === "mensuelle") {
    // Three months of activity from 6 March end on 5 June: declared with June, by 31 July.
    const start = monthStart(creationDate, 3);
    const sameDay = addDays(start, Math.min(Number(creationDate.slice(8)), daysIn(start)) - 1);
    return monthEnd(addDays(sameDay, -1));
  }
  return monthEnd(quarterStart(creationDate), 5);
}

/** "6 mars" when both ends share the year, "15 novembre 2025" otherwise. */
const spanStart = (from: string, to: string) =>
  from.slice(0, 4) === to.slice(0, 4) ? formatDate(from).replace(/ \d{4}$/, "") : formatDate(from);

/** The declaration period `day` falls in. */
export function declarationPeriodOf(day: string, situation: Situation): DeclarationPeriod {
  const firstEnd = firstPeriodEnd(situation);
  const period =
    day >= situation.creationDate && day <= firstEnd
      ? {
          from: situation.creationDate,
          to: firstEnd,
          label: `du ${spanStart(situation.creationDate, firstEnd)} au ${formatDate(firstEnd)}`,
          isFirst: true,
        }
      : regularPeriod(day, situation.frequency);
  return { ...period, deadline: monthEnd(period.to, 1) };
}

export const previousDeclarationPeriod = (period: DeclarationPeriod, situation: Situation) =>
  declarationPeriodOf(addDays(period.from, -1), situation);
export const nextDeclarationPeriod = (period: DeclarationPeriod, situation: Situation) =>
  declarationPeriodOf(addDays(period.to, 1), situation);

/**
 * The declaration to make next on `today`: the last ended period while its deadline has not passed, otherwise
 * the period in progress (declared once it ends).
 */
export function upcomingDeclaration(today: string, situation: Situation): DeclarationPeriod {
  const current = declarationPeriodOf(today, situation);
  if (current.isFirst || today < situation.creationDate) return current;
  const previous = previousDeclarationPeriod(current, situation);
  return previous.deadline >= today ? previous : current;
}

/**
 * ACRE for a micro-entrepreneur runs until the end of the third calendar quarter after the quarter in which
 * the activity started (autoentrepreneur.urssaf.fr, « L'Acre »). Periods never straddle that date: it ends a
 * quarter, and the first (longer) period ends before it.
 */
export function isAcrePeriod(period: Pick<DeclarationPeriod, "from">, creationDate: string): boolean {
  return period.from <= monthEnd(quarterStart(creationDate), 11);
}

/** How many days before a deadline the bell and the e-mail remind it (issue 13 §3). */
export const DEADLINE_REMINDER_DAYS = 7;

/**
 * The declaration to remind on `today`: the one whose deadline is at most DEADLINE_REMINDER_DAYS away, not
 * passed. Its period has ended by then (a deadline is a month after the period), so its figures are final.
 */
export function declarationToRemind(today: string, situation: Situation): DeclarationPeriod | null {
  const period = upcomingDeclaration(today, situation);
  return today <= period.deadline && addDays(period.deadline, -DEADLINE_REMINDER_DAYS) <= today
    ? period
    : null;
}

/** The period as a sentence's object: « le 4e trimestre 2026 », « le mois de mars 2026 », « la période du … ». */
export function periodPhrase(period: DeclarationPeriod, frequency: DeclarationFrequency): string {
  if (period.isFirst) return `la période ${period.label}`;
  return frequency === "trimestrielle" ? `le ${period.label}` : `le mois de ${period.label}`;
}
