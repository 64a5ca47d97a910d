import { addDays } from "../dates";
import { freeMatches, type Scan, take } from "./scan";

/**
 * Days as the French say them, relative to the Paris calendar day of the command: "aujourd'hui", "hier",
 * "avant-hier", "demain", "après-demain", "dans 15 jours", "sous 2 semaines", "à 30 jours", "dans 3 mois",
 * "15/03/2026", "15/03/26", "15/03", "15.03.2026", "2026-03-15", "15 mars 2026", "le 1er avril", "fin du mois",
 * "fin du mois prochain", "la semaine prochaine", "lundi", "lundi prochain", "vendredi dernier".
 */

/** How a day without a year ("15/03", "lundi") is placed: an expense is in the past, a due date ahead. */
export type Direction = "past" | "future" | "nearest";

export type DayMatch = {
  /** Said as a deadline: "échéance 15/12", "à payer avant le…", "dans 45 jours". */
  isDue: boolean;
  resolve: (direction: Direction) => string;
};

const MONTHS: Record<string, number> = {
  janvier: 1,
  janv: 1,
  jan: 1,
  fevrier: 2,
  fevr: 2,
  fev: 2,
  mars: 3,
  avril: 4,
  avr: 4,
  mai: 5,
  juin: 6,
  juillet: 7,
  juil: 7,
  aout: 8,
  septembre: 9,
  sept: 9,
  sep: 9,
  octobre: 10,
  oct: 10,
  novembre: 11,
  nov: 11,
  decembre: 12,
  dec: 12,
};
const WEEKDAYS = ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"];
const SMALL_NUMBERS: Record<string, number> = {
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  dix: 10,
  quinze: 15,
  vingt: 20,
  trente: 30,
  quarante: 40,
  soixante: 60,
};
const COUNT = `\\d{1,3}|${Object.keys(SMALL_NUMBERS).join("|")}`;
const END = "(?![\\p{L}\\p{N}])";

type Rule = {
  pattern: RegExp;
  read: (match: RegExpExecArray, today: string) => Omit<DayMatch, "isDue"> | null;
  isDue?: boolean;
};

const fixed = (day: string) => ({ resolve: () => day });

// Longest phrasings first: "avant-hier" before "hier", "fin du mois prochain" before "fin du mois".
const RULES: Rule[] = [
  { pattern: new RegExp(`avant[- ]hier${END}`, "gu"), read: (_, today) => fixed(addDays(today, -2)) },
  { pattern: new RegExp(`apres[- ]demain${END}`, "gu"), read: (_, today) => fixed(addDays(today, 2)) },
  { pattern: new RegExp(`(?<![\\p{L}])hier${END}`, "gu"), read: (_, today) => fixed(addDays(today, -1)) },
  { pattern: new RegExp(`(?<![\\p{L}])demain${END}`, "gu"), read: (_, today) => fixed(addDays(today, 1)) },
  {
    pattern: new RegExp(`aujourd ?'? ?hui${END}|(?<![\\p{L}])ce jour${END}`, "gu"),
    read: (_, today) => fixed(today),
  },
  {
    // A delay is a deadline: "dans 15 jours", "sous 2 semaines", "paiement à 30 jours".
    pattern: new RegExp(
      `(?<![\\p{L}])(?:dans|sous|d'ici|a|en|valable|delai de|validite de|echeance(?: a| de| :)?)\\s+(${COUNT})\\s*(jours?|j|semaines?|mois)${END}`,
      "gu",
    ),
    read: (match, today) => {
      const count = readCount(match[1] as string);
      const unit = match[2] as string;
      if (unit.startsWith("mois")) return fixed(addMonths(today, count));
      return fixed(addDays(today, unit.startsWith("s") ? count * 7 : count));
    },
    isDue: true,
  },
  {
    pattern: new RegExp(`(?<![\\p{L}])fin (?:du |de |de ce )?mois(?: (prochain))?${END}`, "gu"),
    read: (match, today) => fixed(endOfMonth(match[1] ? addMonths(firstOfMonth(today), 1) : today)),
    isDue: true,
  },
  {
    pattern: new RegExp(`(?<![\\p{L}])(?:la )?semaine prochaine${END}`, "gu"),
    read: (_, today) => fixed(addDays(today, 7)),
  },
  {
    pattern: /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g,
    read: (match) => calendarDay(Number(match[1]), Number(match[2]), Number(match[3])),
  },
  {
    // 15/03/2026, 15-03-2026, 15.03.2026, 15/03/26, 15/03. A dot or a dash needs the year: "12.05 €" is money.
    pattern:
      /(?<![\d.,])(\d{1,2})(?:\/(\d{1,2})(?:\/(\d{4}|\d{2}))?|[.-](\d{1,2})[.-](\d{4}|\d{2}))(?![\d,]|\.\d)/g,
    read: (match, today) =>
      dayOfYear(today, Number(match[1]), Number(match[2] ?? match[4]), match[3] ?? match[5]),
  },
  {
    pattern: new RegExp(
      `(?<![\\p{L}\\p{N}])(1er|premier|\\d{1,2})\\s+(${Object.keys(MONTHS).join("|")})\\.?(?:\\s+(\\d{4}))?${END}`,
      "gu",
    ),
    read: (match, today) => {
      const day = match[1] === "1er" || match[1] === "premier" ? 1 : Number(match[1]);
      return dayOfYear(today, day, MONTHS[match[2] as string] as number, match[3]);
    },
  },
  {
    // "chaque lundi" is a schedule (an automation), not a day.
    pattern: new RegExp(`(?<![\\p{L}]|chaque )(${WEEKDAYS.join("|")})(?: (prochain|dernier))?${END}`, "gu"),
    read: (match, today) => {
      const weekday = WEEKDAYS.indexOf(match[1] as string);
      const said = match[2] === "prochain" ? "future" : match[2] === "dernier" ? "past" : undefined;
      return { resolve: (direction) => nextWeekday(today, weekday, said ?? direction) };
    },
  },
];

// Words that make the day a deadline, just before it: "échéance le 15/12", "à payer avant le 3 mai".
// Several may be chained: "à rendre pour le 20/04".
const DUE_CUE =
  /(?:(?:echeance|echeant|a payer|a regler|payable|avant|au plus tard|date limite|limite|deadline|expire|jusqu'au|jusqu'a|validite|valable|pour le|livraison|a livrer|livrer|rendu|a rendre)\s*(?:au|le|du|:)?\s*)+$/;

export function takeDays(scan: Scan, today: string): DayMatch[] {
  const found: { start: number; day: DayMatch }[] = [];
  for (const rule of RULES) {
    for (const match of freeMatches(scan, rule.pattern)) {
      const read = rule.read(match, today);
      if (!read) continue;
      let start = match.index;
      const cue = DUE_CUE.exec(scan.folded.slice(Math.max(0, start - 30), start));
      if (cue) start -= cue[0].length;
      take(scan, { start, end: match.index + match[0].length });
      found.push({ start, day: { ...read, isDue: Boolean(rule.isDue || cue) } });
    }
  }
  return found.sort((a, b) => a.start - b.start).map(({ day }) => day);
}

function readCount(word: string): number {
  return SMALL_NUMBERS[word] ?? Number(word);
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function calendarDay(year: number, month: number, day: number): Omit<DayMatch, "isDue"> | null {
  return isRealDay(year, month, day) ? fixed(`${year}-${pad(month)}-${pad(day)}`) : null;
}

/** "15/03" has no year: this year, or the year before or after when the action looks back or ahead. */
function dayOfYear(
  today: string,
  day: number,
  month: number,
  yearText: string | undefined,
): Omit<DayMatch, "isDue"> | null {
  if (yearText)
    return calendarDay(yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText), month, day);
  const year = Number(today.slice(0, 4));
  if (!isRealDay(year, month, day) && !(month === 2 && day === 29)) return null;
  return {
    resolve: (direction) => {
      const candidate = (offset: number) => `${year + offset}-${pad(month)}-${pad(day)}`;
      if (direction === "past" && candidate(0) > today) return candidate(-1);
      if (direction === "future" && candidate(0) < today) return candidate(1);
      return candidate(0);
    },
  };
}

function firstOfMonth(day: string): string {
  return `${day.slice(0, 8)}01`;
}

function endOfMonth(day: string): string {
  return addDays(addMonths(firstOfMonth(day), 1), -1);
}

/** Calendar months, kept inside the month: 31 janvier + 1 mois = 28 (or 29) février. */
function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, last));
  return first.toISOString().slice(0, 10);
}

function nextWeekday(today: string, weekday: number, direction: Direction): string {
  const current = new Date(`${today}T00:00:00Z`).getUTCDay();
  if (direction === "past") return addDays(today, -(((current - weekday + 6) % 7) + 1));
  return addDays(today, ((weekday - current + 6) % 7) + 1);
}
