import { fold } from "../../fold";
import type { InterpretedPeriod } from "../../schemas/interpretation";
import { addDays } from "../dates";
import { MONTH_NAMES, monthsBetween } from "../periods";
import { freeMatches, type Scan, type Span, take } from "./scan";

/**
 * The period a question about one's figures covers, in Paris calendar days: "ce mois-ci", "le mois dernier",
 * "en février 2026", "ce trimestre", "au 1er trimestre", "cette année", "depuis le début de l'année",
 * "l'an dernier", "en 2025", "cette semaine", "les 30 derniers jours", "depuis mars", "de janvier à mars".
 * A month named without a year is the last one that has begun ("en décembre", said in March, is last December).
 */

const MONTHS = MONTH_NAMES.map(fold);
const MONTH = `(${MONTHS.join("|")}|fevier|fev|janv|oct|nov|dec)`;
const MONTH_ALIASES: Record<string, number> = {
  fevier: 2,
  fev: 2,
  janv: 1,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const YEAR = "(20\\d{2})";
const QUARTER = "(premier|1er|1e|deuxieme|2e|2eme|second|troisieme|3e|3eme|quatrieme|4e|4eme|dernier)";
const QUARTER_NUMBERS: Record<string, number> = {
  premier: 1,
  "1er": 1,
  "1e": 1,
  deuxieme: 2,
  "2e": 2,
  "2eme": 2,
  second: 2,
  troisieme: 3,
  "3e": 3,
  "3eme": 3,
  quatrieme: 4,
  "4e": 4,
  "4eme": 4,
};
const COUNT_WORDS: Record<string, number> = { deux: 2, trois: 3, quatre: 4, six: 6, douze: 12, trente: 30 };
const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";
const LAST = "(?:dernier|derniere|passee?|precedente?|ecoulee?)";

type Rule = { pattern: RegExp; read: (match: RegExpExecArray, today: string) => InterpretedPeriod | null };
const rule = (source: string, read: Rule["read"]): Rule => ({
  pattern: new RegExp(`${B}${source}${E}`, "gu"),
  read,
});

// Longest phrasings first: "le mois dernier" before "ce mois", "depuis le début de l'année" before "l'année".
const RULES: Rule[] = [
  rule(
    `(?:de|d'|entre)\\s*${MONTH}(?:\\s+${YEAR})?\\s+(?:a|au|et)\\s+${MONTH}(?:\\s+${YEAR})?`,
    (m, today) => {
      const from = monthOf(m[1] as string, m[2], today);
      const to = monthOf(m[3] as string, m[4] ?? m[2], today);
      return from && to && from.from <= to.to
        ? { from: from.from, to: to.to, label: `de ${monthLabel(from.from)} à ${monthLabel(to.from)}` }
        : null;
    },
  ),
  rule(
    "depuis (?:le )?(?:debut|d[eé]but) (?:de l'annee|d'annee|de cette annee|de l'an)|depuis le (?:1er|premier) janvier|depuis janvier|year to date",
    (_, today) => ({ from: `${today.slice(0, 4)}-01-01`, to: today, label: "depuis le début de l'année" }),
  ),
  rule("depuis (?:le )?(?:debut|d[eé]but) (?:du|de ce) mois", (_, today) => ({
    from: `${today.slice(0, 8)}01`,
    to: today,
    label: "depuis le début du mois",
  })),
  rule(`depuis (?:le mois de |le debut de |debut )?${MONTH}(?:\\s+${YEAR})?`, (m, today) => {
    const month = monthOf(m[1] as string, m[2], today);
    return month && { from: month.from, to: today, label: `depuis ${monthLabel(month.from)}` };
  }),
  rule(
    `(?:les|ces|des|sur les|sur|durant les|pendant les|au cours des)\\s+(\\d{1,3}|${Object.keys(COUNT_WORDS).join("|")})\\s+(?:derniers?|dernieres?)\\s+(jours|semaines|mois)|(?:les|ces|des|sur les|sur)\\s+(\\d{1,3}|${Object.keys(COUNT_WORDS).join("|")})\\s+(jours|semaines|mois)\\s+(?:derniers|dernieres|passes|passees|ecoules)`,
    (m, today) => {
      const count = readCount((m[1] ?? m[3]) as string);
      const unit = (m[2] ?? m[4]) as string;
      if (!count) return null;
      const from =
        unit === "mois"
          ? addDays(addMonths(today, -count), 1)
          : addDays(today, -(unit === "jours" ? count : count * 7) + 1);
      return { from, to: today, label: `les ${count} derniers ${unit}` };
    },
  ),
  rule(`(?:le |du |au |ce )?mois ${LAST}|le mois d'avant`, (_, today) =>
    monthPeriod(addMonths(firstOf(today), -1), "le mois dernier"),
  ),
  rule("(?<!fin )(?:le |du |au )mois prochain", (_, today) =>
    monthPeriod(addMonths(firstOf(today), 1), "le mois prochain"),
  ),
  rule(
    "(?<!fin )(?:ce mois[- ]ci|ce mois|du mois(?! de)|de ce mois|le mois en cours|du mois en cours|mois courant|sur le mois|dans le mois)",
    (_, today) => monthPeriod(firstOf(today), "ce mois-ci"),
  ),
  rule(`(?:la |de la |cette )?semaine ${LAST}`, (_, today) => {
    const monday = mondayOf(today);
    return { from: addDays(monday, -7), to: addDays(monday, -1), label: "la semaine dernière" };
  }),
  rule("cette semaine|de la semaine(?! prochaine| derniere)|sur la semaine", (_, today) => {
    const monday = mondayOf(today);
    return { from: monday, to: addDays(monday, 6), label: "cette semaine" };
  }),
  rule(
    `(?:au |du |le |ce |sur le )?${QUARTER} trimestre(?:\\s+${YEAR})?|t([1-4])(?:\\s+${YEAR})?|q([1-4])(?:\\s+${YEAR})?`,
    (m, today) => {
      const word = m[1];
      const year = Number(m[2] ?? m[4] ?? m[6] ?? today.slice(0, 4));
      if (word === "dernier") return quarterPeriod(addMonths(firstOf(today), -3), "le trimestre dernier");
      const quarter = word ? (QUARTER_NUMBERS[word] as number) : Number(m[3] ?? m[5]);
      const start = `${year}-${pad(quarter * 3 - 2)}-01`;
      return quarterPeriod(start, `au ${quarter === 1 ? "1er" : `${quarter}e`} trimestre ${year}`);
    },
  ),
  rule(
    `(?:au |du |le |ce |sur le )?(premier|1er|deuxieme|2e|2eme|second|dernier) semestre(?:\\s+${YEAR})?|s([12])(?:\\s+${YEAR})?`,
    (m, today) => {
      if (m[1] === "dernier") return halfPeriod(addMonths(firstOf(today), -6), "le semestre dernier");
      const half = m[1] ? (QUARTER_NUMBERS[m[1]] as number) : Number(m[3]);
      const year = m[2] ?? m[4] ?? today.slice(0, 4);
      return halfPeriod(
        `${year}-${half === 1 ? "01" : "07"}-01`,
        `au ${half === 1 ? "1er" : "2e"} semestre ${year}`,
      );
    },
  ),
  rule(`(?:le |du |au |ce )?semestre ${LAST}`, (_, today) =>
    halfPeriod(addMonths(firstOf(today), -6), "le semestre dernier"),
  ),
  rule("ce semestre|du semestre|le semestre en cours|semestre en cours|semestre courant", (_, today) =>
    halfPeriod(firstOf(today), "ce semestre"),
  ),
  rule(`(?:le |du |au |ce )?trimestre ${LAST}`, (_, today) =>
    quarterPeriod(addMonths(firstOf(today), -3), "le trimestre dernier"),
  ),
  rule("ce trimestre|du trimestre|le trimestre en cours|trimestre en cours|trimestre courant", (_, today) =>
    quarterPeriod(firstOf(today), "ce trimestre"),
  ),
  rule(
    `(?:l'an|l'annee|l' annee|de l'an|de l'annee)\\s+(?:dernier|derniere|passee?|precedente)|l'an dernier`,
    (_, today) => {
      const year = Number(today.slice(0, 4)) - 1;
      return { from: `${year}-01-01`, to: `${year}-12-31`, label: "l'an dernier" };
    },
  ),
  rule(
    "cette annee|cet annee|de l'annee(?! derniere| passee| precedente)|l'annee en cours|annee courante|sur l'annee|cette an",
    (_, today) => ({
      from: `${today.slice(0, 4)}-01-01`,
      to: `${today.slice(0, 4)}-12-31`,
      label: "cette année",
    }),
  ),
  rule(
    `(?:(?:en|sur|pour|de|l'annee|annee|exercice)\\s+)?(?<![\\d/.-])${YEAR}(?![\\d/.-]|\\s*(?:€|euros?|eur|e|k)${E})`,
    // A bare year far from today is a name's number ("BTP 2000", "Agence 2010"), not the year asked about.
    (m, today) =>
      m[0] === m[1] && Math.abs(Number(m[1]) - Number(today.slice(0, 4))) > 10
        ? null
        : { from: `${m[1]}-01-01`, to: `${m[1]}-12-31`, label: `en ${m[1]}` },
  ),
  rule(
    `(?<![\\d]\\s?|1er |premier )(?:(?:en|de|d'|du mois de|au mois de|pour|sur|le mois de|mois de)\\s*)?${MONTH}(?:\\s+${YEAR})?`,
    (m, today) => monthOf(m[1] as string, m[2], today),
  ),
];

export type PeriodMatch = InterpretedPeriod & Span;

/** The first period said, taken from the text. */
export function takePeriod(scan: Scan, today: string): PeriodMatch | undefined {
  let best: PeriodMatch | undefined;
  for (const { pattern, read } of RULES) {
    for (const match of freeMatches(scan, pattern)) {
      const period = read(match, today);
      if (!period) continue;
      const found = { ...period, start: match.index, end: match.index + match[0].length };
      if (!best || found.start < best.start) best = found;
      break;
    }
  }
  if (best) take(scan, best);
  return best;
}

// "par rapport au mois dernier", "comparé à l'an dernier", "vs février", "évolution".
// The words before the compared period stay free, so that "au mois dernier" is read whole as a period.
const COMPARE = new RegExp(
  `${B}(?:par rapport|compare(?:e|es|r|z)?|en comparaison|comparativement)(?=\\s+(?:a|au|aux|avec|de|du)${E})|${B}(?:vs\\.?|versus)(?=\\s)|${B}que(?=\\s+(?:le |la |l'|celui |celle )?(?:mois|annee|an|trimestre|semaine|du mois|de l'an|de l'annee)${E})|${B}(?:evolution|compare(?:r|z)?|comparaison|comparatif|progression)${E}`,
  "gu",
);

const COMPARED_WITH = /(?:avec|a|au|aux|vs|versus|et|sur)\s*$/;

/**
 * Whether the user asks to compare with another period; the period named after "par rapport à" is the one
 * compared with, taken so that it is not read as the question's own. Without a period of its own, the
 * question is about the one that follows it ("par rapport au mois dernier": this month).
 */
export function takeComparison(
  scan: Scan,
  today: string,
): { compare: true; following?: InterpretedPeriod } | undefined {
  for (const match of freeMatches(scan, COMPARE)) {
    take(scan, { start: match.index, end: match.index + match[0].length });
    const rest = createSubScan(scan, match.index + match[0].length);
    const compared = rest && takePeriod(rest.scan, today);
    // "par rapport au mois dernier", "compare mon CA avec l'an dernier": the period said with the comparison.
    const isCompared =
      compared &&
      (compared.start - rest.offset <= 8 ||
        COMPARED_WITH.test(scan.folded.slice(rest.offset, compared.start)));
    if (!compared || !isCompared) return { compare: true };
    take(scan, { start: compared.start, end: compared.end });
    return { compare: true, following: followingPeriod(compared, today) };
  }
  return undefined;
}

/** The text after a position, still marking what is taken, with positions kept (the part before is taken). */
function createSubScan(scan: Scan, from: number): { scan: Scan; offset: number } | undefined {
  const taken = scan.taken.slice();
  taken.fill(1, 0, from);
  return { scan: { ...scan, taken }, offset: from };
}

function followingPeriod(period: InterpretedPeriod, today: string): InterpretedPeriod {
  const { from, to } = period;
  if (from.endsWith("-01-01") && to.endsWith("-12-31") && from.slice(0, 4) === to.slice(0, 4)) {
    const year = Number(from.slice(0, 4)) + 1;
    return year === Number(today.slice(0, 4))
      ? { from: `${year}-01-01`, to: `${year}-12-31`, label: "cette année" }
      : { from: `${year}-01-01`, to: `${year}-12-31`, label: `en ${year}` };
  }
  if (from.endsWith("-01") && addDays(to, 1).endsWith("-01")) {
    const months = monthsBetween(from, to);
    const start = addMonths(from, months);
    if (months === 1) return start === firstOf(today) ? monthPeriod(start, "ce mois-ci") : monthPeriod(start);
    if (months === 3)
      return quarterPeriod(start, start === quarterStart(today) ? "ce trimestre" : "le trimestre suivant");
  }
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  return { from: addDays(to, 1), to: addDays(to, days), label: "la période suivante" };
}

function monthOf(word: string, yearText: string | undefined, today: string): InterpretedPeriod | null {
  const month = MONTH_ALIASES[word] ?? MONTHS.indexOf(word) + 1;
  if (month < 1) return null;
  const currentYear = Number(today.slice(0, 4));
  // Figures are about the past: a month not yet begun this year is last year's.
  const year = yearText
    ? Number(yearText)
    : month > Number(today.slice(5, 7))
      ? currentYear - 1
      : currentYear;
  return monthPeriod(`${year}-${pad(month)}-01`);
}

function monthPeriod(start: string, label?: string): InterpretedPeriod {
  return { from: start, to: addDays(addMonths(start, 1), -1), label: label ?? `en ${monthLabel(start)}` };
}

function monthLabel(start: string): string {
  return `${MONTH_NAMES[Number(start.slice(5, 7)) - 1]} ${start.slice(0, 4)}`;
}

function quarterStart(day: string): string {
  const month = Number(day.slice(5, 7));
  return `${day.slice(0, 4)}-${pad(month - ((month - 1) % 3))}-01`;
}

function quarterPeriod(day: string, label: string): InterpretedPeriod {
  const start = quarterStart(day);
  return { from: start, to: addDays(addMonths(start, 3), -1), label };
}

function halfPeriod(day: string, label: string): InterpretedPeriod {
  const month = Number(day.slice(5, 7));
  const start = `${day.slice(0, 4)}-${month <= 6 ? "01" : "07"}-01`;
  return { from: start, to: addDays(addMonths(start, 6), -1), label };
}

function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

function firstOf(day: string): string {
  return `${day.slice(0, 8)}01`;
}

function addMonths(first: string, months: number): string {
  const date = new Date(`${first}T00:00:00Z`);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString().slice(0, 10);
}

function readCount(word: string): number {
  return COUNT_WORDS[word] ?? Number(word);
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}
