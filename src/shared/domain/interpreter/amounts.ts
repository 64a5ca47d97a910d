import { parseEurosToCents } from "../money";
import { endsNameNumber, NAME_HEAD } from "./money-forms";
import { freeMatches, type Scan, take } from "./scan";

/**
 * The amount said in a command. The normaliser (money-forms.ts, french-numbers.ts) has written the money in
 * one form, « 1200 € », « 1200,50 € », from « mille deux cents euros », « 1,2k€ », « EUR 1 200 » or « 1.200
 * balles »; the plain forms it leaves (« 500 euros », « 500 e », « 1 250,75 € HT ») are read here too.
 *
 * Money is a number with a currency. Without one, a number is money only in a price context (the rule):
 * after a price word (« à 450 », « de 300 », « pour 300 », « montant 800 », « total : 1 200 »), after a
 * record word with at most a name between (« facture leroy 1200 », « ajoute 12,90 de parking »), or written
 * with cents (« 12,90 »). It is never money when it counts something (« 3 jours »), is numbered (« n° 12 »),
 * is a year (« 2025 »), is glued to letters (« 4K », « 3e »: the sum « 1200e » the normaliser wrote « 1200 € »)
 * or ends a business name (« Agence 360 »).
 */
const AMOUNT =
  /(?<![\d.,])(\d{1,3}(?:[ .]\d{3})+|\d+)(?:[.,](\d{1,2}))?(?![\d])(\s*(?:€|euros?(?![\p{L}])|eur(?![\p{L}])|balles(?![\p{L}])|boules(?![\p{L}]))|\s+e(?![\p{L}]))?(?:\s*(?:ht|ttc|hors taxes?)(?![\p{L}]))?/gu;

// A number with no currency counts something else.
const COUNTS_SOMETHING =
  /^\s*(?:jours?|j|semaines?|mois|ans?|annees?|h|heures?|min|minutes?|%|pour ?cent|fois|x|personnes?|factures?|devis|clients?|projets?|depenses?|articles?|pages?|exemplaires?|unites?|nuits?|nuitees?|km|kilometres?|taches?|ecrans?|jrs?|dernier\p{L}*|premier\p{L}*|prochain\p{L}*)(?![\p{L}])/u;
const GLUED_TO_LETTERS = /^\p{L}/u;
const NUMBERED = /(?:n°|no|num|numero|#)\s*$/;
const YEAR = /^(?:19[5-9]\d|20[0-4]\d)$/;
const PRICE_WORD =
  /(?:^|[^\p{L}])(?:a|de|d'un montant de|pour|montant|total|prix|tarif|somme|budget|paye|payee|regle|reglee|coute|soit|vaut|:|=)\s*$/u;
// « facture leroy 1200 », « devis 800 », « ajoute 12,90 »: a record word, then at most two words.
const RECORD_WORD_BEFORE =
  /(?:^|[^\p{L}])(?:factures?|facturer|devis|depenses?|frais|acomptes?|avoirs?|ajoute|ajouter|note)(?:\s+[\p{L}'&-]+){0,2}\s*$/u;
export type AmountMatch = { cents: number };

type Bare = { cents: number; start: number; end: number; strength: number };

export function takeAmount(scan: Scan): AmountMatch | undefined {
  let best: Bare | undefined;
  for (const match of freeMatches(scan, AMOUNT)) {
    const [text, integer = "", decimals, currency] = match;
    const end = match.index + text.trimEnd().length;
    if (currency) {
      // « atelier 42 860 € »: after a name's head, the first group of digits ends the name.
      const groups = integer.split(" ");
      const isAfterName = endsNameNumber(groups, scan.folded.slice(0, match.index));
      const euros = isAfterName ? (groups.at(-1) as string) : integer;
      const cents = amountToCents(euros, decimals, undefined);
      if (cents === null || cents <= 0) continue;
      take(scan, { start: match.index + (isAfterName ? integer.lastIndexOf(euros) : 0), end });
      return { cents };
    }
    const cents = amountToCents(integer, decimals, undefined);
    if (cents === null || cents <= 0) continue;
    const strength = bareStrength(scan, match.index, end, integer, decimals);
    if (strength > (best?.strength ?? 0)) best = { cents, start: match.index, end, strength };
  }
  if (!best) return undefined;
  take(scan, best);
  return { cents: best.cents };
}

/** How surely a number without a currency is the amount: 0 not money, then cents, record word, price word. */
function bareStrength(
  scan: Scan,
  start: number,
  end: number,
  integer: string,
  decimals: string | undefined,
): number {
  const before = scan.folded.slice(0, start);
  const after = scan.folded.slice(end, end + 14);
  if (COUNTS_SOMETHING.test(after) || GLUED_TO_LETTERS.test(after) || NUMBERED.test(before)) return 0;
  if (NAME_HEAD.test(before) || (!decimals && YEAR.test(integer))) return 0;
  if (PRICE_WORD.test(before)) return 3;
  if (RECORD_WORD_BEFORE.test(before)) return 2;
  return decimals ? 1 : 0;
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
