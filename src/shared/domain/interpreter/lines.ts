import type { InterpretedLine, LineUnit } from "../../schemas/interpretation";
import { amountToCents } from "./amounts";
import { type Scan, take } from "./scan";

/**
 * Billed lines said in a command: "3 jours à 450 €", "12 h à 55 € de l'heure", "7 jours x 550 €",
 * "4 demi-journées à 320 €", "2 séances de coaching à 90 € et 1 forfait déplacement de 40 €", "2 logos à 300 €
 * pièce", and the other way round, "450 € par jour pendant 3 jours", "TJM 500 € sur 10 jours", "550 €/j x 7".
 * The amount of the document is then their total.
 */

const UNIT_WORDS: Record<LineUnit, string> = {
  "demi-journée": "demi[- ]?journees?|1/2 journees?|demi[- ]?jours?",
  jour: "jours?|j|jrs?|journees?|jh",
  heure: "heures?|h|hrs?",
  séance: "seances?|sessions?|cours",
  semaine: "semaines?|sem",
  mois: "mois",
  forfait: "forfaits?",
  unité: "unites?|u|pieces?",
  page: "pages?",
  mot: "mots?",
  km: "km|kilometres?",
  nuit: "nuits?|nuitees?",
  personne: "personnes?|pers|participants?",
};
const UNIT_NAMES = Object.keys(UNIT_WORDS) as LineUnit[];
const UNIT = UNIT_NAMES.map((unit) => `(${UNIT_WORDS[unit]})`).join("|");
const unitOf = (match: RegExpExecArray, first: number): LineUnit | undefined =>
  UNIT_NAMES.find((_, index) => match[first + index] !== undefined);

const NUMBER_WORDS: Record<string, number> = {
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  douze: 12,
  quinze: 15,
  vingt: 20,
  trente: 30,
};
const QUANTITY = `(\\d+(?:[.,]\\d{1,2})?|${Object.keys(NUMBER_WORDS).join("|")})`;
const PRICE =
  "(\\d{1,3}(?:[ .]\\d{3})+|\\d+)(?:[.,](\\d{1,2}))?\\s*(k)?\\s*(?:€|euros?|eur|e)?(?:\\s*(?:ht|ttc))?";
const PRICE_GROUPS = 3;
const PER_UNIT = `(?:\\s*(?:/\\s*|par\\s+|de\\s+l'|l'|le\\s+|la\\s+|les\\s+|chaque\\s+)(?:${UNIT}))`;
const EACH = "(?:\\s*(?:chacune?s?|piece|l'unite|unitaire|par personne))";
// Words describing the line between the unit and the price: "de coaching", "déplacement", "d'accompagnement".
const WORD = "[\\p{L}][\\p{L}'-]*";
const DESCRIPTION = `(?:\\s+(?:de |d'|du |des |en )?((?:(?!(?:a|x|de|pour|au|et|par|soit)\\s)${WORD})(?:\\s+(?!(?:a|x|de|pour|au|et|par|soit|chacun|chacune|le|la)\\s)${WORD}){0,3}))?`;
const START = "(?<![\\p{L}\\p{N}.,/])";
const END = "(?![\\p{L}\\p{N}])";
const UNIT_GROUPS = UNIT_NAMES.length;

/** "3 jours de formation à 450 €": quantity, unit, description, price, price per unit. */
const QUANTITY_FIRST = new RegExp(
  `${START}${QUANTITY}\\s*(?:${UNIT})${END}${DESCRIPTION}\\s*(?:a|x|×|\\*|@|de|au prix de|au tarif de|a raison de)\\s*${PRICE}${PER_UNIT}?${EACH}?${END}`,
  "gu",
);
/** "2 logos à 300 €", "5 x 200 €": no unit, a digit quantity and "à" or "x". */
const COUNTED = new RegExp(
  `${START}(\\d+)(?:\\s+(${WORD}(?:\\s+(?!(?:a|x|de|pour)\\s)${WORD}){0,2}))?\\s*(?:a|x|×|\\*|@)\\s*${PRICE}(?:\\s*(?:€|euros?|eur))?${EACH}?${END}`,
  "gu",
);
/** "450 € par jour pendant 3 jours", "550 €/j x 7", "TJM 500 € sur 10 jours". */
const PRICE_FIRST = new RegExp(
  `${START}(tjm|taux journalier|taux horaire)?\\s*(?:de\\s+|a\\s+)?${PRICE}(${PER_UNIT})?\\s*(?:x|×|\\*|sur|pendant|pour|,)\\s*${QUANTITY}\\s*(?:${UNIT})?${END}`,
  "gu",
);

export type LinesMatch = { lines: InterpretedLine[]; cents: number };

export function takeLines(scan: Scan): LinesMatch | undefined {
  const found: { start: number; line: InterpretedLine; cents: number }[] = [];
  const overlaps = (start: number, end: number) =>
    scan.taken.subarray(start, end).some((value) => value === 1);
  const keep = (match: RegExpExecArray, line: InterpretedLine | undefined, cents: number | null) => {
    const end = match.index + match[0].trimEnd().length;
    if (!line || cents === null || cents <= 0 || overlaps(match.index, end)) return;
    take(scan, { start: match.index, end });
    found.push({ start: match.index, line, cents });
  };

  for (const match of matches(scan, QUANTITY_FIRST)) {
    const quantity = readQuantity(match[1] as string);
    const unit = unitOf(match, 2);
    const description = descriptionOf(scan, match, 2 + UNIT_GROUPS);
    const price = priceOf(match, 3 + UNIT_GROUPS);
    keep(
      match,
      price === null ? undefined : { description, quantity, unit, unitPrice: price / 100 },
      total(quantity, price),
    );
  }
  for (const match of matches(scan, COUNTED)) {
    const quantity = Number(match[1]);
    const description =
      match[2] &&
      scan.raw.slice(
        match.index + match[0].indexOf(match[2]),
        match.index + match[0].indexOf(match[2]) + match[2].length,
      );
    const price = priceOf(match, 3);
    keep(
      match,
      price === null ? undefined : { description, quantity, unitPrice: price / 100 },
      total(quantity, price),
    );
  }
  for (const match of matches(scan, PRICE_FIRST)) {
    // Groups: rate word, price (3), per-unit phrase and its units, quantity, unit.
    const perUnitGroup = 2 + PRICE_GROUPS;
    const quantityGroup = perUnitGroup + 1 + UNIT_GROUPS;
    const rate = match[1];
    // "550 € x 7 jours" multiplies; "3 000 € pour 3 jours" is a total, not a daily rate.
    const isTimes = /(?:€|eur\p{L}*)\s*(?:x|×|\*)/u.test(match[0]);
    if (rate === undefined && match[perUnitGroup] === undefined && !isTimes) continue;
    const price = priceOf(match, 2);
    const quantity = readQuantity(match[quantityGroup] as string);
    const unit =
      unitOf(match, quantityGroup + 1) ??
      unitOf(match, perUnitGroup + 1) ??
      (rate === undefined ? undefined : rate === "taux horaire" ? "heure" : "jour");
    keep(
      match,
      price === null ? undefined : { quantity, unit, unitPrice: price / 100 },
      total(quantity, price),
    );
  }
  if (!found.length) return undefined;
  found.sort((a, b) => a.start - b.start);
  return {
    lines: found.map(({ line }) => withoutEmpty(line)),
    cents: found.reduce((sum, { cents }) => sum + cents, 0),
  };
}

function* matches(scan: Scan, pattern: RegExp): Generator<RegExpExecArray> {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(scan.folded); match; match = pattern.exec(scan.folded)) yield match;
}

function readQuantity(text: string): number {
  return NUMBER_WORDS[text] ?? Number(text.replace(",", "."));
}

function priceOf(match: RegExpExecArray, first: number): number | null {
  const integer = match[first];
  return integer === undefined ? null : amountToCents(integer, match[first + 1], match[first + 2]);
}

function total(quantity: number, cents: number | null): number | null {
  return cents === null || !(quantity > 0) ? null : Math.round(quantity * cents);
}

/** The description as typed ("formation React"), found at its place in the folded match. */
function descriptionOf(scan: Scan, match: RegExpExecArray, group: number): string | undefined {
  const text = match[group];
  if (!text) return undefined;
  const offset = match.index + match[0].indexOf(text, (match[1] as string).length);
  return scan.raw.slice(offset, offset + text.length);
}

function withoutEmpty(line: InterpretedLine): InterpretedLine {
  return Object.fromEntries(
    Object.entries(line).filter(([, value]) => value !== undefined),
  ) as InterpretedLine;
}
