import type { InterpretedLine, LineUnit } from "../../schemas/interpretation";
import { amountToCents } from "./amounts";
import { isFree, type Scan, take } from "./scan";

/**
 * Billed lines said in a command: "3 jours à 450 €", "12 h à 55 € de l'heure", "7 jours x 550 €",
 * "4 demi-journées à 320 €", "2 séances de coaching à 90 € et 1 forfait déplacement de 40 €", "2 logos à 300 €
 * pièce", and the other way round, "450 € par jour pendant 3 jours", "TJM 500 € sur 10 jours", "550 €/j x 7".
 * Quantities nest ("3 ateliers de 2 heures à 90 € de l'heure" is 6 hours, "2 jours à 600 € par jour pour 3
 * personnes" 6 days), and once a line is said, the other amounts beside it are lines of one ("forfait 900 € +
 * 2 h à 70 €", "… plus 200 € de frais"). The amount of the document is then their total.
 */

const UNIT_WORDS: Record<LineUnit, string> = {
  "demi-journée": "demi[- ]?journees?|1/2 journees?|demi[- ]?jours?",
  jour: "jours?|j|jrs?|journees?|jh",
  heure: "heures?|h|hrs?",
  séance: "seances?|sessions?|cours|ateliers?",
  semaine: "semaines?|sem",
  mois: "mois",
  forfait: "forfaits?",
  unité: "unites?|u|pieces?",
  page: "pages?",
  mot: "mots?",
  km: "km|kilometres?",
  nuit: "nuits?|nuitees?",
  personne: "personnes?|pers|participants?|stagiaires?",
};
const UNIT_NAMES = Object.keys(UNIT_WORDS) as LineUnit[];
const UNIT_MATCHERS = UNIT_NAMES.map((unit) => [unit, new RegExp(`^(?:${UNIT_WORDS[unit]})$`)] as const);
const UNIT = `(?:${Object.values(UNIT_WORDS).join("|")})`;

/** "jours" → jour, "h" → heure, "ateliers" → séance; a word that names no unit ("logos") has none. */
function unitOf(word: string | undefined): LineUnit | undefined {
  return word === undefined ? undefined : UNIT_MATCHERS.find(([, matcher]) => matcher.test(word))?.[0];
}

// Quantities arrive as digits: the normalisation turns « trois », « un » before a unit… into them.
const quantity = (name: string) => `(?<${name}>\\d+(?:[.,]\\d{1,2})?)`;
const CURRENCY = "(?:€|euros?|eur|e)";
const PRICE = `(?<integer>\\d{1,3}(?:[ .]\\d{3})+|\\d+)(?:[.,](?<decimals>\\d{1,2}))?\\s*(?<thousands>k)?\\s*(?<currency>${CURRENCY})?(?:\\s*(?:ht|ttc|hors taxes?))?`;
/** "/h", "par jour", "de l'heure", "le mois": the unit a price is for, in the named group. */
const perUnit = (name: string) =>
  `(?:\\s*(?:/\\s*|par\\s+|de\\s+l'|l'|le\\s+|la\\s+|les\\s+|chaque\\s+)(?<${name}>${UNIT}))`;
const EACH = "(?:\\s*(?:chacune?s?|piece|l'unite|unitaire|par personne))";
const TIMES = "(?:a|x|×|\\*|@|de|au prix de|au tarif de|a raison de)";
// Words describing the line between the unit and the price: "de coaching", "déplacement", "d'accompagnement".
const WORD = "[\\p{L}][\\p{L}'-]*";
const STOP = "(?:a|x|de|pour|au|et|par|soit|plus)";
// A description's own "de" joins two of its words ("d'audit de sécurité", "billets de train"); one before a
// number is the price's ("de formation de 450 €").
const INNER_OF = "(?:(?:de|du|des)\\s+)?";
const DESCRIPTION = `(?:\\s+(?:de |d'|du |des |en )?(?<description>(?:(?!${STOP}\\s)${WORD})(?:\\s+${INNER_OF}(?!(?:${STOP}|chacun|chacune|le|la)\\s)${WORD}){0,3}))?`;
// "pour 3 personnes", "x 2 participants": the line is bought that many times over.
const GROUP =
  "(?:\\s*(?:pour|x|×)\\s*(?<people>(?<group>\\d+)\\s*(?:personnes?|pers|participants?|stagiaires?)))?";
const START = "(?<![\\p{L}\\p{N}.,/])";
const END = "(?![\\p{L}\\p{N}])";

/** "3 ateliers de 2 heures à 90 € de l'heure": a count of items, each of a quantity of a unit. */
const NESTED = new RegExp(
  `${START}${quantity("count")}\\s+(?<item>${WORD})\\s+(?:de|d')\\s*${quantity("quantity")}\\s*(?<unit>${UNIT})${END}\\s*${TIMES}\\s*${PRICE}${perUnit("per")}?${EACH}?${END}`,
  "gu",
);
/** "3 jours de formation à 450 €": quantity, unit, description, price, price per unit. */
const QUANTITY_FIRST = new RegExp(
  `${START}${quantity("quantity")}\\s*(?<unit>${UNIT})${END}${DESCRIPTION}\\s*${TIMES}\\s*${PRICE}${perUnit("per")}?${EACH}?${GROUP}${END}`,
  "gu",
);
/** "2 logos à 300 €", "5 x 200 €": no unit, a digit quantity and "à" or "x". */
const COUNTED = new RegExp(
  `${START}(?<quantity>\\d+)(?:\\s+(?<description>${WORD}(?:\\s+${INNER_OF}(?!(?:a|x|de|pour)\\s)${WORD}){0,2}))?\\s*(?:a|x|×|\\*|@)\\s*${PRICE}(?:\\s*${CURRENCY})?${EACH}?${END}`,
  "gu",
);
/** "450 € par jour pendant 3 jours", "550 €/j x 7", "TJM 500 € sur 10 jours". */
const PRICE_FIRST = new RegExp(
  `${START}(?<rate>tjm|taux journalier|taux horaire)?\\s*(?:de\\s+|a\\s+)?${PRICE}${perUnit("per")}?\\s*(?:x|×|\\*|sur|pendant|pour|,)\\s*${quantity("quantity")}\\s*(?<unit>${UNIT})?${END}`,
  "gu",
);
// Once lines are said, another sum of money is a line of its own: "forfait 900 € + …", "… plus 200 € de frais".
const FEE_WORDS =
  "forfaits?|frais|supplements?|options?|deplacements?|installation|mise en (?:place|service|page)|licences?|abonnements?|hebergement|materiel|fournitures|achat";
const FEE = new RegExp(
  `(?<![\\p{L}])(?:(?:\\+|plus|et|avec)\\s*)?(?:(?<before>(?:${FEE_WORDS})(?:\\s+(?:de\\s+|d')?(?!de\\s)${WORD}){0,2})\\s*(?:de\\s+|d'|:\\s*)?)?${START}${PRICE}(?:\\s+(?:de|d')\\s*(?<after>(?!${STOP}\\s)${WORD}(?:\\s+(?:de |d')?(?!${STOP}\\s)${WORD}){0,2}))?${END}`,
  "gu",
);
// "soit 1 040 € au total", "acompte de 300 €": a sum said about the lines, not one more line; a discount
// ("remise de 100 €") is not one either, and a line's price cannot be negative.
const NOT_A_LINE =
  /(?:soit|total|totale|=|fait|font|acompte|dont|budget|reste|deja paye|verse|avance|remise|reduction|rabais|geste commercial|escompte|moins)\s*(?:de|d'|:|au total)?\s*$/;

export type LinesMatch = { lines: InterpretedLine[]; cents: number };
type Found = { start: number; line: InterpretedLine; cents: number };

export function takeLines(scan: Scan): LinesMatch | undefined {
  const found: Found[] = [];
  const keep = (match: RegExpExecArray, line: InterpretedLine | undefined) => {
    const end = match.index + match[0].trimEnd().length;
    const cents = line && total(line.quantity, line.unitPrice);
    if (!line || cents === null || !isFree(scan, { start: match.index, end })) return;
    take(scan, { start: match.index, end });
    found.push({ start: match.index, line: withoutEmpty(line), cents: cents as number });
  };

  for (const match of matches(scan, NESTED)) keep(match, nestedLine(scan, match));
  for (const match of matches(scan, QUANTITY_FIRST)) {
    const groups = match.groups ?? {};
    const times = groups.group === undefined ? 1 : Number(groups.group);
    const description = rawOf(scan, match, "description");
    keep(match, {
      description: times > 1 ? withGroup(description, rawOf(scan, match, "people") as string) : description,
      quantity: readQuantity(groups.quantity as string) * times,
      unit: unitOf(groups.unit),
      unitPrice: priceOf(groups),
    });
  }
  for (const match of matches(scan, COUNTED)) {
    keep(match, {
      description: rawOf(scan, match, "description"),
      quantity: Number(match.groups?.quantity),
      unitPrice: priceOf(match.groups ?? {}),
    });
  }
  for (const match of matches(scan, PRICE_FIRST)) {
    const { rate, per, unit } = match.groups ?? {};
    // "550 € x 7 jours" multiplies; "3 000 € pour 3 jours" is a total, not a daily rate.
    const isTimes = /(?:€|eur\p{L}*)\s*(?:x|×|\*)/u.test(match[0]);
    if (rate === undefined && per === undefined && !isTimes) continue;
    keep(match, {
      quantity: readQuantity(match.groups?.quantity as string),
      unit:
        unitOf(unit) ??
        unitOf(per) ??
        (rate === undefined ? undefined : rate === "taux horaire" ? "heure" : "jour"),
      unitPrice: priceOf(match.groups ?? {}),
    });
  }
  if (!found.length) return undefined;
  for (const match of matches(scan, FEE)) {
    const line = feeLine(scan, match);
    if (line) keep(match, line);
  }
  found.sort((a, b) => a.start - b.start);
  return {
    lines: found.map(({ line }) => line),
    cents: found.reduce((sum, { cents }) => sum + cents, 0),
  };
}

/** "formation (3 stagiaires)": the group is said in the line, since its quantity counts them. */
function withGroup(description: string | undefined, people: string): string {
  return description ? `${description} (${people})` : people;
}

/**
 * "3 ateliers de 2 heures à 90 € de l'heure" is 6 hours at 90 €; "3 séances de 2 h à 150 €" is 3 sessions at
 * 150 € (the price is for the item counted, unless it is said for the inner unit).
 */
function nestedLine(scan: Scan, match: RegExpExecArray): InterpretedLine {
  const groups = match.groups ?? {};
  const count = readQuantity(groups.count as string);
  const innerUnit = unitOf(groups.unit);
  const isPerInner = groups.per !== undefined && unitOf(groups.per) === innerUnit;
  const item = rawOf(scan, match, "item") as string;
  if (isPerInner)
    return {
      description: item,
      quantity: count * readQuantity(groups.quantity as string),
      unit: innerUnit,
      unitPrice: priceOf(groups),
    };
  const start = match[0].indexOf(groups.item as string);
  const end = match[0].indexOf(groups.unit as string, start + item.length) + (groups.unit as string).length;
  return {
    description: scan.raw.slice(match.index + start, match.index + end),
    quantity: count,
    unit: unitOf(groups.item),
    unitPrice: priceOf(groups),
  };
}

/** A sum beside the lines: one unit of it, described by its fee word or by what follows ("200 € de frais"). */
function feeLine(scan: Scan, match: RegExpExecArray): InterpretedLine | undefined {
  const { before, after, currency } = match.groups ?? {};
  if (!currency && before === undefined) return undefined;
  if (NOT_A_LINE.test(scan.folded.slice(Math.max(0, match.index - 20), match.index))) return undefined;
  const description = rawOf(scan, match, "before") ?? rawOf(scan, match, "after");
  const isFlatFee = /^forfaits?(?![\p{L}])/u.test(before ?? after ?? "");
  return {
    // "forfait 900 €" is said by its unit alone; "forfait installation 900 €" has a description.
    description: isFlatFee && /^forfaits?$/.test(before ?? after ?? "") ? undefined : description,
    quantity: 1,
    unit: isFlatFee ? "forfait" : undefined,
    unitPrice: priceOf(match.groups ?? {}),
  };
}

function* matches(scan: Scan, pattern: RegExp): Generator<RegExpExecArray> {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(scan.folded); match; match = pattern.exec(scan.folded)) yield match;
}

function readQuantity(text: string): number {
  return Number(text.replace(",", "."));
}

/** The unit price in euros, 0 when it does not read (the line is then dropped). */
function priceOf(groups: Record<string, string | undefined>): number {
  const { integer, decimals, thousands } = groups;
  const cents = integer === undefined ? null : amountToCents(integer, decimals, thousands);
  return cents === null ? 0 : cents / 100;
}

function total(quantity: number, unitPrice: number): number | null {
  const cents = Math.round(quantity * unitPrice * 100);
  return quantity > 0 && cents > 0 ? cents : null;
}

/** A named group's text as typed ("formation React"), found at its place in the folded match. */
function rawOf(scan: Scan, match: RegExpExecArray, group: string): string | undefined {
  const text = match.groups?.[group];
  if (!text) return undefined;
  const offset = match.index + match[0].indexOf(text);
  return scan.raw.slice(offset, offset + text.length);
}

function withoutEmpty(line: InterpretedLine): InterpretedLine {
  return Object.fromEntries(
    Object.entries(line).filter(([, value]) => value !== undefined),
  ) as InterpretedLine;
}
