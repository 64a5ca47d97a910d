import type { InterpretedPeriod } from "../../schemas/interpretation";
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
  /** "payable à réception": due on the document's own date, known once the other days are read. */
  isOnReceipt?: boolean;
  /** The day the work was done: "pour la prestation du 12 mars", "intervention réalisée le 5/03". */
  isService?: boolean;
  /** When the words name a stretch of days rather than one: "depuis le 3 mars", "la semaine prochaine". */
  period?: InterpretedPeriod;
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
// "le trente et un mai" when the numbers were not turned into digits before: 1 to 31, in words.
const UNITS = ["un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"];
const TEENS = [
  "dix",
  "onze",
  "douze",
  "treize",
  "quatorze",
  "quinze",
  "seize",
  "dix sept",
  "dix huit",
  "dix neuf",
];
const DAY_WORDS: Record<string, number> = Object.fromEntries([
  ["premier", 1],
  ...UNITS.slice(1).map((word, index) => [word, index + 2]),
  ...TEENS.map((word, index) => [word, index + 10]),
  ["vingt", 20],
  ["vingt et un", 21],
  ...UNITS.slice(1).map((word, index) => [`vingt ${word}`, index + 22]),
  ["trente", 30],
  ["trente et un", 31],
]);
// Keys spaced; longest first, so that "vingt-deux" is not read as "vingt"; hyphens or spaces between words.
const DAY_NUMBER = `1er|\\d{1,2}|${Object.keys(DAY_WORDS)
  .sort((a, b) => b.length - a.length)
  .map((word) => word.replace(/[- ]/g, "[- ]"))
  .join("|")}`;
const WEEKDAYS_BEFORE = `(?:(?:${WEEKDAYS.join("|")})\\s+)?`;

function readDayNumber(text: string): number {
  return text === "1er" ? 1 : (DAY_WORDS[text.replace(/-/g, " ")] ?? Number(text));
}

const COUNT = `\\d{1,3}|${Object.keys(SMALL_NUMBERS).join("|")}`;
const END = "(?![\\p{L}\\p{N}])";

type Rule = {
  pattern: RegExp;
  read: (match: RegExpExecArray, today: string) => Omit<DayMatch, "isDue"> | null;
  isDue?: boolean;
  isOnReceipt?: boolean;
};
const MONTH_WORDS = Object.keys(MONTHS).join("|");

const fixed = (day: string) => ({ resolve: () => day });

// Words after "le 12" that make it something else than a day of the month.
const NOT_DAY_AFTER =
  "euros?|eur|jours?|mois|semaines?|ans?|annees?|fois|personnes?|x|trimestres?|semestres?|rue|avenue|bd|boulevard|place|chemin|allee|impasse|route|quai|etage";

// Longest phrasings first: "avant-hier" before "hier", "fin du mois prochain" before "fin du mois".
const RULES: Rule[] = [
  { pattern: new RegExp(`avant[- ]hier${END}`, "gu"), read: (_, today) => fixed(addDays(today, -2)) },
  { pattern: new RegExp(`apres[- ]demain${END}`, "gu"), read: (_, today) => fixed(addDays(today, 2)) },
  { pattern: new RegExp(`(?<![\\p{L}])hier${END}`, "gu"), read: (_, today) => fixed(addDays(today, -1)) },
  { pattern: new RegExp(`(?<![\\p{L}])demain${END}`, "gu"), read: (_, today) => fixed(addDays(today, 1)) },
  {
    pattern: new RegExp(
      `aujourd ?'? ?hui${END}|(?<![\\p{L}])(?:ce jour|ce matin|ce midi|cet apres-midi|ce soir|tout a l'heure)${END}`,
      "gu",
    ),
    read: (_, today) => fixed(today),
  },
  {
    // "payable à réception", "paiement comptant": due on the document's date.
    pattern: new RegExp(
      `(?<![\\p{L}])(?:(?:payable|paiement|reglement|a payer|a regler|exigible)\\s+)?(?:a|des|a la|dès) (?:reception|receptions|la reception)(?: de (?:la )?facture)?${END}|(?<![\\p{L}])(?:paiement |payable |reglement )comptant${END}`,
      "gu",
    ),
    read: (_, today) => fixed(today),
    isDue: true,
    isOnReceipt: true,
  },
  {
    // A delay is a deadline: "dans 15 jours", "sous 2 semaines", "paiement à 30 jours", "à 45 jours fin de mois".
    pattern: new RegExp(
      `(?<![\\p{L}])(?:(?:(?:paiement|reglement)\\s+)?(?:dans|sous|d'ici|a|en|valable|valide|delai de|validite(?: de)?|echeance(?: a| de| :)?|net|payable|paiement(?: a)?|reglement(?: a)?|conditions?(?: de paiement)?(?: :)?)\\s+(${COUNT})\\s*(jours?|j|semaines?|mois)(\\s+fin de mois)?|(${COUNT})\\s*(jours?|j)(\\s+fin de mois))(?:\\s+(?:net|date de facture|a compter de la facture))?${END}`,
      "gu",
    ),
    read: (match, today) => {
      const count = readCount((match[1] ?? match[4]) as string);
      const unit = (match[2] ?? match[5]) as string;
      const day = unit.startsWith("mois")
        ? addMonths(today, count)
        : addDays(today, unit.startsWith("s") ? count * 7 : count);
      return fixed(match[3] || match[6] ? endOfMonth(day) : day);
    },
    isDue: true,
  },
  {
    pattern: new RegExp(`(?<![\\p{L}])(?:(?:paiement|reglement)\\s+)?sous (huitaine|quinzaine)${END}`, "gu"),
    read: (match, today) => fixed(addDays(today, match[1] === "huitaine" ? 8 : 15)),
    isDue: true,
  },
  {
    // "fin avril", "fin avril 2026": the month's last day, ahead.
    pattern: new RegExp(`(?<![\\p{L}])fin (?:d'|de )?(${MONTH_WORDS})(?:\\s+(\\d{4}))?${END}`, "gu"),
    read: (match, today) => {
      const month = MONTHS[match[1] as string] as number;
      const first = dayOfYear(today, 1, month, match[2]);
      return first && { resolve: (direction) => endOfMonth(first.resolve(direction)) };
    },
    isDue: true,
  },
  {
    pattern: new RegExp(`(?<![\\p{L}])mi[- ](${MONTH_WORDS})(?:\\s+(\\d{4}))?${END}`, "gu"),
    read: (match, today) => dayOfYear(today, 15, MONTHS[match[1] as string] as number, match[2]),
  },
  {
    // "d'ici la fin du trimestre", "fin d'année", "avant la fin de la semaine" (the week's last working day).
    pattern: new RegExp(
      `(?<![\\p{L}])fin (?:du |de |de ce |de cette |de l'|d'|de la )?(trimestre|semestre|annee|an|semaine)(?: (prochaine?))?${END}`,
      "gu",
    ),
    read: (match, today) => fixed(endOf(match[1] as PeriodWord, today, match[2] ? 1 : 0)),
    isDue: true,
  },
  {
    // "début mai", "début juin 2026": the month's first day.
    pattern: new RegExp(`(?<![\\p{L}])debut (?:d'|de )?(${MONTH_WORDS})(?:\\s+(\\d{4}))?${END}`, "gu"),
    read: (match, today) => dayOfYear(today, 1, MONTHS[match[1] as string] as number, match[2]),
  },
  {
    pattern: new RegExp(`(?<![\\p{L}])fin (?:du |de |de ce )?mois(?: (prochain))?${END}`, "gu"),
    read: (match, today) => fixed(endOfMonth(match[1] ? addMonths(firstOfMonth(today), 1) : today)),
    isDue: true,
  },
  {
    // A day of next week for a task, the whole week for a question ("qui arrivent à échéance la semaine prochaine").
    pattern: new RegExp(`(?<![\\p{L}])(?:la )?semaine prochaine${END}`, "gu"),
    read: (_, today) => {
      const monday = addDays(today, 7 - ((weekdayOf(today) + 6) % 7));
      return {
        ...fixed(addDays(today, 7)),
        period: { from: monday, to: addDays(monday, 6), label: "la semaine prochaine" },
      };
    },
  },
  {
    pattern: /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g,
    read: (match) => calendarDay(Number(match[1]), Number(match[2]), Number(match[3])),
  },
  {
    // 15/03/2026, 15-03-2026, 15.03.2026, 15/03/26, 15/03. A dot or a dash needs the year: "12.05 €" is money.
    pattern: new RegExp(
      `${WEEKDAYS_BEFORE}(?<![\\d.,])(\\d{1,2})(?:\\/(\\d{1,2})(?:\\/(\\d{4}|\\d{2}))?|[.-](\\d{1,2})[.-](\\d{4}|\\d{2}))(?![\\d,]|\\.\\d)`,
      "g",
    ),
    read: (match, today) =>
      dayOfYear(today, Number(match[1]), Number(match[2] ?? match[4]), match[3] ?? match[5]),
  },
  {
    pattern: new RegExp(
      `(?<![\\p{L}\\p{N}])${WEEKDAYS_BEFORE}(${DAY_NUMBER})\\s+(${MONTH_WORDS})\\.?(?:\\s+(\\d{4}))?${END}`,
      "gu",
    ),
    read: (match, today) =>
      dayOfYear(today, readDayNumber(match[1] as string), MONTHS[match[2] as string] as number, match[3]),
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
  {
    // "le 15", "au 1er": that day of this month or the next (of the last, for what is past); not "le 1er
    // trimestre", "au 12 rue…", "le 3 %".
    pattern: new RegExp(
      `(?<![\\p{L}])(?:le|au|du)\\s+(1er|\\d{1,2})(?![\\p{L}\\p{N}]|\\s*(?:[/.,:%€h-]|(?:${NOT_DAY_AFTER})${END}))`,
      "gu",
    ),
    read: (match, today) => dayOfMonth(today, readDayNumber(match[1] as string)),
  },
];

// Words that make the day a deadline, just before it: "échéance le 15/12", "à payer avant le 3 mai".
// Several may be chained: "à rendre pour le 20/04".
const DUE_CUE =
  /(?:(?:echeance|echeant|a payer|a regler|payable|avant|au plus tard|date limite(?: de (?:paiement|reglement))?|date d'echeance|limite|deadline|expire|jusqu'au|jusqu'a|validite|valable|valide|pour le|livraison|a livrer|livrer|rendu|a rendre|d'ici|a regler avant|reglement)\s*(?:au|le|la|du|:)?\s*)+$/;
// "les bons de livraison dans 3 jours": a cue word that completes a noun is the noun's, not the date's.
const OF_NOUN_BEFORE = /(?:^|[^\p{L}])(?:de|du|des|d')\s*$/u;

/** The deadline words just before a day, bounded as words and not another noun's complement. */
function dueCue(before: string): string | undefined {
  const cue = DUE_CUE.exec(before);
  if (!cue) return undefined;
  const preceding = before.slice(0, cue.index);
  if (/\p{L}$/u.test(preceding) || OF_NOUN_BEFORE.test(preceding)) return undefined;
  return cue[0];
}

// Words that make the day the one the work was done: "pour la prestation du 12 mars", "réalisée le 5/03".
const SERVICE_CUE =
  /(?:prestations?|interventions?|missions?|seances?|formations?|ateliers?|travaux|realisee?s?|effectuee?s?|faite?s?|donnee?s?|journee)\s+(?:du|le|de|en date du|au)\s*$/;

// "depuis le 3 mars", "à compter du 1er": from that day until today.
const SINCE_CUE = /(?:depuis|a compter du|a partir du)\s*(?:le\s*)?$/;

function sinceDay(day: string, today: string): InterpretedPeriod {
  return {
    from: day,
    to: today,
    label: `depuis le ${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`,
  };
}

export function takeDays(scan: Scan, today: string): DayMatch[] {
  const found: { start: number; day: DayMatch }[] = [];
  for (const rule of RULES) {
    for (const match of freeMatches(scan, rule.pattern)) {
      const read = rule.read(match, today);
      if (!read) continue;
      let start = match.index;
      const before = scan.folded.slice(Math.max(0, start - 30), start);
      const cue = dueCue(before);
      if (cue) start -= cue.length;
      const isService = !cue && !rule.isDue && SERVICE_CUE.test(before);
      const since = SINCE_CUE.exec(before);
      if (since) start -= since[0].length;
      take(scan, { start, end: match.index + match[0].length });
      const day: DayMatch = { ...read, isDue: Boolean(rule.isDue || cue) };
      if (since) day.period = sinceDay(day.resolve("past"), today);
      if (rule.isOnReceipt) day.isOnReceipt = true;
      if (isService) day.isService = true;
      found.push({ start, day });
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

/** "le 15": this month's, or the next (or last) month's when the day is behind (or ahead of) today. */
function dayOfMonth(today: string, day: number): Omit<DayMatch, "isDue"> | null {
  if (day < 1 || day > 31) return null;
  const inMonth = (offset: number) => {
    const first = addMonths(firstOfMonth(today), offset);
    const [year, month] = first.split("-").map(Number) as [number, number];
    return isRealDay(year, month, day) ? `${first.slice(0, 8)}${pad(day)}` : undefined;
  };
  const around = [-2, -1, 0, 1, 2].map(inMonth).filter((candidate) => candidate !== undefined);
  return {
    resolve: (direction) => {
      const ahead = around.find((candidate) => candidate >= today) as string;
      const behind = around.findLast((candidate) => candidate <= today) as string;
      if (direction === "future") return ahead;
      if (direction === "past") return behind;
      return distance(ahead, today) <= distance(today, behind) ? ahead : behind;
    },
  };
}

function distance(later: string, earlier: string): number {
  return Date.parse(later) - Date.parse(earlier);
}

type PeriodWord = "trimestre" | "semestre" | "annee" | "an" | "semaine";

/** The last day of this quarter, half-year, year or working week, or of the next one. */
function endOf(word: PeriodWord, today: string, next: number): string {
  if (word === "semaine") {
    const friday = addDays(today, 4 - ((weekdayOf(today) + 6) % 7) + 7 * next);
    return friday < today ? addDays(friday, 2) : friday;
  }
  const months = word === "trimestre" ? 3 : word === "semestre" ? 6 : 12;
  const month = Number(today.slice(5, 7));
  const start = `${today.slice(0, 5)}${pad(month - ((month - 1) % months))}-01`;
  return addDays(addMonths(start, months * (next + 1)), -1);
}

function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

function nextWeekday(today: string, weekday: number, direction: Direction): string {
  const current = weekdayOf(today);
  if (direction === "past") return addDays(today, -(((current - weekday + 6) % 7) + 1));
  return addDays(today, ((weekday - current + 6) % 7) + 1);
}

export type DayRange = { resolve: (direction: Direction) => { from: string; to: string } | null };

// One end of a range: "1er juin", "31/08", "31/08/2026", or a bare day whose month is the other end's ("du
// 2 au 6 mars"), its weekday said or not ("du lundi 2 au vendredi 6 mars"). Each end has its own groups, so
// "du 1er avril au 31/07" mixes the forms as people do.
const RANGE_END = `(${DAY_NUMBER})(?:\\/(\\d{1,2})(?:\\/(\\d{4}|\\d{2}))?|\\s+(${MONTH_WORDS})(?:\\s+(\\d{4}))?)`;
const RANGE = new RegExp(
  `(?<![\\p{L}])(?:du|entre le|entre|de)\\s+${WEEKDAYS_BEFORE}(?:${RANGE_END}|(${DAY_NUMBER}))\\s+(?:au|et le|et|a|jusqu'au)\\s+${WEEKDAYS_BEFORE}${RANGE_END}(?![\\p{L}\\p{N}]|\\/\\d)`,
  "gu",
);

type RangeEnd = { day: string; month?: number; year?: string };

/** The groups of one end, from `first`: day, numeric month and year, month word and year. */
function rangeEnd(match: RegExpExecArray, first: number): RangeEnd | undefined {
  const day = match[first];
  if (day === undefined) return undefined;
  const numericMonth = match[first + 1];
  const wordMonth = match[first + 3];
  const month = numericMonth ? Number(numericMonth) : wordMonth ? MONTHS[wordMonth] : undefined;
  return { day, month, year: match[first + 2] ?? match[first + 4] };
}

// A start and a length, either way round: "à partir du 1er avril pour 6 mois", "pour 3 mois à compter du 02/05".
const FROM = `(?:a partir du|a compter du|des le|du|debutant le|commencant le)\\s+${WEEKDAYS_BEFORE}${RANGE_END}`;
const LENGTH = `(?:pour|pendant|sur)\\s+(?:une duree de\\s+)?(${COUNT})\\s+(mois|semaines?|jours?|ans?)`;
const STARTS_THEN_LASTS = new RegExp(`(?<![\\p{L}])${FROM}\\s*,?\\s+${LENGTH}${END}`, "gu");
const LASTS_THEN_STARTS = new RegExp(
  `(?<![\\p{L}])${LENGTH}\\s*,?\\s+${FROM}(?![\\p{L}\\p{N}]|\\/\\d)`,
  "gu",
);

/** The last day of a stretch that starts on `from` and lasts `count` units: 1er avril + 6 mois → 30 septembre. */
function lastDayOf(from: string, count: number, unit: string): string {
  if (unit === "mois") return addDays(addMonths(from, count), -1);
  if (unit.startsWith("an")) return addDays(addMonths(from, 12 * count), -1);
  return addDays(from, (unit.startsWith("semaine") ? 7 * count : count) - 1);
}

function takeDuration(scan: Scan, today: string): DayRange | undefined {
  for (const [pattern, endGroup, countGroup] of [
    [STARTS_THEN_LASTS, 1, 6],
    [LASTS_THEN_STARTS, 3, 1],
  ] as const)
    for (const match of freeMatches(scan, pattern)) {
      const first = rangeEnd(match, endGroup) as RangeEnd;
      const start = dayOfYear(today, readDayNumber(first.day), first.month as number, first.year);
      if (!start) continue;
      const count = readCount(match[countGroup] as string);
      const unit = match[countGroup + 1] as string;
      take(scan, { start: match.index, end: match.index + match[0].length });
      return {
        resolve: (direction) => {
          const from = start.resolve(direction);
          return { from, to: lastDayOf(from, count, unit) };
        },
      };
    }
  return undefined;
}

/**
 * "du 2 au 6 mars", "du 28 février au 3 mars 2026", "entre le 2 et le 6 mars", "du 02/03 au 06/03", "du 1er
 * avril au 31/07", "à partir du 1er avril pour 6 mois".
 */
export function takeDayRange(scan: Scan, today: string): DayRange | undefined {
  const lasting = takeDuration(scan, today);
  if (lasting) return lasting;
  for (const match of freeMatches(scan, RANGE)) {
    const last = rangeEnd(match, 7) as RangeEnd;
    const first = rangeEnd(match, 1) ?? { day: match[6] as string };
    const endMonth = last.month as number;
    const start = dayOfYear(
      today,
      readDayNumber(first.day),
      first.month ?? endMonth,
      first.year ?? last.year,
    );
    const end = dayOfYear(today, readDayNumber(last.day), endMonth, last.year);
    if (!start || !end) continue;
    take(scan, { start: match.index, end: match.index + match[0].length });
    return {
      resolve: (direction) => {
        const to = end.resolve(direction);
        let from = start.resolve(direction);
        // "du 28 décembre au 3 janvier": the start is in the year before the end.
        if (from > to) from = `${Number(from.slice(0, 4)) - 1}${from.slice(4)}`;
        return { from, to };
      },
    };
  }
  return undefined;
}
