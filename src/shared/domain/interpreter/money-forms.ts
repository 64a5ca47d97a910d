import type { Edit } from "./normalized-text";

/**
 * Money written one way, « 1200 € » or « 1200,50 € », whatever the user typed: « 1,5k€ », « 2 k » after a
 * price word, « 2K€ », « 1.200 € », « 1 200,50 € », « 1200e », « 1200 eur », « EUR 4 300 », « € 50 », « 4 300
 * euros », « 300 balles ». What follows (« HT », « TTC ») is kept. A number without a currency is left as it
 * is: « un écran 4K », « Agence 360 », a year, a phone number are not money.
 */

const NUMBER = "(\\d{1,3}(?:[ .]\\d{3})+|\\d+)(?:[.,](\\d{1,2}))?";
const CURRENCY = "(?:€|euros?|eur|balles|boules)";
const START = "(?<![\\p{L}\\p{N}.,])";
const END = "(?![\\p{L}\\p{N}])";
// Before « 2 k » with no currency, what makes it a price: « budget de 2 k », « facture à 1,5k ».
const PRICE_CONTEXT =
  /(?:^|[^\p{L}])(?:de|d'|a|pour|budget|montant|total|prix|tarif|somme|factures?|facturer|devis|depenses?|frais|acomptes?|paye|regle|coute|environ|plus de|moins de|vers|:)\s*$/u;

// « facture Pixel Factory 2.5k », « contrat orion conseil 7,5k »: after a record word and a name, or with
// decimals glued to it (no screen is « 2.5K »), a « k » is thousands of euros; « un écran 4K » is a screen.
const RECORD_BEFORE =
  /(?:^|[^\p{L}])(?:factures?|facturer|devis|contrats?|depenses?|frais|acomptes?)(?:\s+[\p{L}'&-]+){0,3}\s*$/u;

const KILO = new RegExp(
  `${START}(\\d+)(?:[.,](\\d{1,2}))?\\s*k\\s*(${CURRENCY})?${END}|${START}(\\d+)(?:[.,](\\d{1,2}))?\\s*k€`,
  "gu",
);
// « agence 360 €2 350 »: a « € » glued to the digits after it is theirs, written before the sum.
const AFTER = new RegExp(`${START}${NUMBER}\\s*(?:${CURRENCY}${END}|€(?!\\d))`, "gu");
// « 1200e »: « e » is a currency only glued to a sum, not the ordinal of « 3e relance ».
const GLUED_E = new RegExp(`${START}(\\d{2,}|\\d+[.,]\\d{1,2})e${END}`, "gu");
// « 79 euros 50 »: the cents said after the currency, unless they count something (« 500 euros 3 jours ») or
// are a day (« 500 euros 15 mars », « 500 euros 15/03 »). A comma or a full stop after them ends the
// sentence's part (« 3594 euros 20, valable 15 jours », a dictated « point »), it is no decimal mark.
const MONTHS = "janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre";
const CENTS_AFTER = new RegExp(
  `${START}(\\d+)\\s*euros?\\s+(\\d{1,2})(?![\\p{N}]|[,./]\\p{N}|\\s*(?:%|jours?|j|heures?|h|mois|ans?|nuits?|km|personnes?|fois|x|${MONTHS})(?![\\p{L}]))`,
  "gu",
);
const BEFORE = new RegExp(`${START}(?:€|eur|euros)\\s*${NUMBER}${END}`, "gu");

/** `folded` is `text` folded (same positions). */
const ISO_BEFORE = new RegExp(`${START}EUR\\s*${NUMBER}${END}`, "gu");

export function moneyEdits(text: string, folded: string): Edit[] {
  const edits: Edit[] = [];
  const add = (match: RegExpExecArray, euroText: string, skipped = 0) => {
    const start = match.index + skipped;
    const end = match.index + match[0].length;
    if (edits.some((edit) => edit.start < end && start < edit.end)) return;
    edits.push({ start, end, text: `${euroText} €` });
  };
  // The ISO code is written before the sum: « Atelier 42 EUR 4 300 » is 4 300 €, not 42 €.
  for (const match of text.matchAll(ISO_BEFORE)) add(match, euros(match[1] ?? "", match[2]));
  for (const match of folded.matchAll(CENTS_AFTER)) add(match, euros(match[1] ?? "", match[2]));
  for (const match of folded.matchAll(KILO)) {
    const [, integer, decimals, currency, gluedInteger, gluedDecimals] = match;
    const hasCurrency = currency !== undefined || gluedInteger !== undefined;
    const before = folded.slice(0, match.index);
    const isGluedDecimal = decimals !== undefined && /\d[.,]\d+k/.test(match[0]);
    const isLowerK = text[match.index + match[0].search(/k/)] === "k";
    const isAfterRecord = isLowerK && RECORD_BEFORE.test(before);
    if (hasCurrency || isGluedDecimal || PRICE_CONTEXT.test(before) || isAfterRecord)
      add(match, thousands(integer ?? gluedInteger ?? "", decimals ?? gluedDecimals));
  }
  for (const match of folded.matchAll(AFTER)) {
    // « Agence 360 800 euros »: after a name head the first group of digits is the name's (after any
    // capitalised word it would not be: « Facture Dupont 1 200 € » is 1 200 €).
    const groups = (match[1] ?? "").split(" ");
    if (endsNameNumber(groups, folded.slice(0, match.index))) {
      const last = groups.at(-1) as string;
      add(match, euros(last, match[2]), match[0].indexOf(last));
    } else add(match, euros(match[1] ?? "", match[2]));
  }
  for (const match of folded.matchAll(GLUED_E)) {
    const [integer, decimals] = (match[1] ?? "").split(/[.,]/);
    add(match, euros(integer ?? "", decimals));
  }
  for (const match of folded.matchAll(BEFORE)) add(match, euros(match[1] ?? "", match[2]));
  return edits.sort((a, b) => a.start - b.start);
}

// Heads of the business names that end in a number: « Agence 360 », « Atelier 42 », « Studio 54 ».
export const NAME_HEAD =
  /(?:^|[^\p{L}])(?:agence|atelier|studio|cabinet|garage|espace|hotel|residence|villa|cafe|restaurant|boutique|salle|lot|bureau|ecran|version|format)\s*$/u;

/**
 * Whether the first of these digit groups is the number of the business named before them: « Agence 360
 * 800 € ». A lone digit is rather the thousands of the amount: « Lumen Studio 1 600 € » is 1 600 €.
 */
export function endsNameNumber(groups: readonly string[], before: string): boolean {
  return groups.length > 1 && (groups[0] as string).length > 1 && NAME_HEAD.test(before);
}

function euros(integer: string, decimals: string | undefined): string {
  const units = integer.replace(/[ .]/g, "");
  return decimals ? `${units},${decimals.padEnd(2, "0")}` : units;
}

/** « 1,5 » k → « 1500 »; « 2,25 » k → « 2250 ». */
function thousands(integer: string, decimals: string | undefined): string {
  const value = Number(integer) * 1000 + (decimals ? Math.round(Number(`0.${decimals}`) * 1000) : 0);
  return String(value);
}
