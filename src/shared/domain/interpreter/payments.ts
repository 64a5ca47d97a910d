import type { InterpretedPaymentMethod } from "../../schemas/interpretation";
import { freeMatches, groupedPattern, groupOf, type Scan, type Span, take } from "./scan";

/**
 * What identifies a payment: the invoice's number ("INV-2026-0042", any prefix the seller set, "2026-0042")
 * and how it was paid ("par virement", "en espèces", "par CB", "via PayPal").
 */

// The seller's prefix is 1 to 8 capitals or digits (business identity settings), then the year and the count.
const INVOICE_NUMBER = /(?<![\p{L}\p{N}-])(?:[a-z0-9]{1,8}-)?20\d{2}-\d{3,6}(?![\p{L}\p{N}])/gu;
const OTHER_SERIES = /^(?:dev|ctr|av)-/;

export function takeInvoiceNumber(scan: Scan): string | undefined {
  for (const match of freeMatches(scan, INVOICE_NUMBER)) {
    // A quote's or a contract's number is not an invoice's.
    if (OTHER_SERIES.test(match[0])) continue;
    take(scan, { start: match.index, end: match.index + match[0].length });
    return scan.raw.slice(match.index, match.index + match[0].length).toUpperCase();
  }
  return undefined;
}

const METHODS = groupedPattern<InterpretedPaymentMethod>({
  virement: [
    "(?:par |en |via |un )?vir(?:ement)?s?(?: bancaires?| sepa| instantane)?",
    "(?:par |en )?sepa",
    "(?:m'a |a |ont |m'ont )vire",
  ],
  cheque: ["(?:par |en |un )?cheques?", "(?:par |en )?chq"],
  especes: ["(?:en |par )?especes", "(?:en )?cash", "(?:en )?liquide", "(?:en )?espece"],
  carte: [
    "(?:par |en |avec (?:la |une )?)?(?:carte bancaire|carte bleue|carte de credit|carte|cb|tpe|sumup)",
  ],
  prelevement: ["(?:par |en )?prelevements?(?: sepa| automatique)?"],
  paypal: ["(?:par |via |sur |avec )?pay ?pal"],
  stripe: ["(?:par |via |sur |avec )?stripe"],
  autre: ["(?:par |via |avec )?(?:lydia|wero|paylib|crypto|bitcoin|western union|wise)"],
});

/**
 * The method, read anywhere in the command (a payment has no title for its words to belong to), and taken so
 * that "par PayPal" or "en liquide" is not read as the payer's name ("de garage morel en liquide").
 */
export function takePaymentMethod(scan: Scan): InterpretedPaymentMethod | undefined {
  METHODS.lastIndex = 0;
  const match = METHODS.exec(scan.folded);
  if (!match) return undefined;
  // The method may be the payment's own words, already taken: "virement reçu", "Lopez m'a viré".
  take(scan, { start: match.index, end: match.index + match[0].length });
  return groupOf<InterpretedPaymentMethod>(match);
}

// Who paid, after the payment said: "paiement reçu de dupont sarl", "j'ai reçu 430 € d'orion conseil".
const PAYER_OF = /(?<![\p{L}])(?:de la part de|de la part d'|de|d')(?=\s|\p{L})/gu;
// What may stand between the payment and its payer once the amount and the method are taken: "j'ai reçu
// l'acompte de …", "j'ai encaissé le chèque de …", "reçu un chèque de 250 € de …".
const BETWEEN =
  /^(?:[\s,:']|(?:le|la|les|l|un|une|son|sa|ses|mon|ma|mes|ce|cet|cette|de|d|paiement|reglement|versement|acompte|solde)(?![\p{L}]))*$/u;

/**
 * The "de" that introduces the payer, when nothing but what the extractors took (the amount, the method)
 * stands between it and the payment phrase: in "paiement reçu de Nexa" or "j'ai reçu 200 € de Nexa", not in
 * "j'ai reçu le virement pour la facture de mars". A "de" before what was taken ("de 250 €") is the amount's.
 */
export function payerMarker(scan: Scan, after: number): Span | undefined {
  PAYER_OF.lastIndex = after;
  for (let match = PAYER_OF.exec(scan.folded); match; match = PAYER_OF.exec(scan.folded)) {
    const free = [...scan.folded.slice(after, match.index)].filter((_, index) => !scan.taken[after + index]);
    if (!BETWEEN.test(free.join(""))) return undefined;
    const end = match.index + match[0].length;
    const next = end + (/^\s*/.exec(scan.folded.slice(end))?.[0].length ?? 0);
    if (next < scan.folded.length && !scan.taken[next]) return { start: match.index, end };
  }
  return undefined;
}
