import { parseEurosToCents } from "../money";
import { freeMatches, type Scan, take } from "./scan";

/**
 * Amounts in every way the French write them: "500 €", "500€", "500 euros", "500 eur", "1 250,75 €",
 * "1250.75", "1.250,75 €", "2k€", "2,5 k", "3 mille euros", "mille euros", "500 balles" (casual), "800 € HT".
 *
 * The integer part is digits grouped by three with a space or a dot ("1 250", "1.250"), or plain digits; the
 * decimals are one or two digits after a comma or a dot, so "1.250" is 1 250 and "1.25" is 1,25.
 */
const AMOUNT =
  /(?<![\d.,])(?:(\d{1,3}(?:[ .]\d{3})+|\d+)(?:[.,](\d{1,2}))?(?![\d])|(?=mille))\s*(k(?![\p{L}])|mille(?![\p{L}]))?\s*(€|euros?(?![\p{L}])|eur(?![\p{L}])|balles(?![\p{L}])|boules(?![\p{L}])|e(?![\p{L}]))?(?:\s*(?:ht|ttc|hors taxes?)(?![\p{L}]))?/gu;

// A number with no currency is still the amount ("facture dupont 500"), unless it counts something else.
const COUNTS_SOMETHING =
  /^\s*(?:jours?|j|semaines?|mois|ans?|annees?|h|heures?|min|minutes?|%|pour ?cent|fois|x|personnes?|factures?|devis|clients?|projets?|depenses?|articles?|pages?|exemplaires?|unites?|nuits?|nuitees?|km|kilometres?|taches?|ecrans?|jrs?)(?![\p{L}])/u;
const NUMBERED = /(?:n°|no|num|numero|#)\s*$/;

export type AmountMatch = { cents: number };

export function takeAmount(scan: Scan): AmountMatch | undefined {
  let bare: { cents: number; start: number; end: number } | undefined;
  for (const match of freeMatches(scan, AMOUNT)) {
    const [text, integer, decimals, multiplier, currency] = match;
    const hasDigits = integer !== undefined;
    if (!hasDigits && multiplier !== "mille") continue;
    const cents = amountToCents(integer ?? "1", decimals, multiplier);
    if (cents === null || cents <= 0) continue;
    const end = match.index + text.trimEnd().length;
    if (currency || multiplier) {
      take(scan, { start: match.index, end });
      return { cents };
    }
    if (!bare && isBareAmount(scan, match.index, end)) bare = { cents, start: match.index, end };
  }
  if (!bare) return undefined;
  take(scan, bare);
  return { cents: bare.cents };
}

function isBareAmount(scan: Scan, start: number, end: number): boolean {
  return (
    !COUNTS_SOMETHING.test(scan.folded.slice(end, end + 14)) && !NUMBERED.test(scan.folded.slice(0, start))
  );
}

/** "1 250" and "75" and "k" → 125 075 000 cents: the integer part, the decimals, the multiplier as matched. */
export function amountToCents(
  integer: string,
  decimals: string | undefined,
  multiplier: string | undefined,
): number | null {
  const cents = parseEurosToCents(`${integer.replace(/[ .]/g, "")}${decimals ? `,${decimals}` : ""}`);
  if (cents === null) return null;
  return multiplier ? cents * 1000 : cents;
}

const PRICE_BASIS =
  /(?<![\p{L}])(?:(ht|h\.t\.?|hors tax\p{L}*|hors tva)|(ttc|t\.t\.c\.?|toutes taxes comprises|tva comprise|tva incluse))(?![\p{L}])/gu;

/** "800 € HT", "prix TTC", "hors taxes": the basis the prices are said on, when the user says it. */
export function takePriceBasis(scan: Scan): "HT" | "TTC" | undefined {
  PRICE_BASIS.lastIndex = 0;
  const match = PRICE_BASIS.exec(scan.folded);
  if (!match) return undefined;
  // Usually taken with the amount already ("800 € HT"); else its words are not a title's.
  take(scan, { start: match.index, end: match.index + match[0].length });
  return match[1] ? "HT" : "TTC";
}
