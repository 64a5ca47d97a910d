import type { InterpretedPaymentMethod } from "../../schemas/interpretation";
import { freeMatches, groupedPattern, groupOf, type Scan, take } from "./scan";

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

/** The method, read anywhere in the command (a payment has no title for its words to belong to). */
export function findPaymentMethod(folded: string): InterpretedPaymentMethod | undefined {
  METHODS.lastIndex = 0;
  const match = METHODS.exec(folded);
  return match ? groupOf<InterpretedPaymentMethod>(match) : undefined;
}
