import type { VatRegime } from "./legal-identity";
import { VAT_RATES_BP, type VatRateBp } from "./money";

/**
 * What the seller's VAT regime allows on a quote or invoice line. Under the franchise en base (art. 293 B
 * du CGI) no VAT is charged, so the only rate is 0 % and the document prints the exemption instead; a
 * VAT-registered seller picks among the French rates, 20 % by default. Forms, the assistant's drafts and
 * invoice issuing all read these, so a new line never contradicts the regime its document will print.
 */

/** A new account's regime (the database default): most freelancers start as micro-entrepreneurs. */
export const DEFAULT_VAT_REGIME: VatRegime = "franchise";

export const FRANCHISE_LINES_MESSAGE =
  "En franchise en base de TVA (art. 293 B du CGI), toutes les lignes doivent être à 0 %.";

const regimeOf = (regime: VatRegime | null | undefined): VatRegime => regime ?? DEFAULT_VAT_REGIME;

/** The rates a line may carry under the regime, highest first. */
export function vatRatesFor(regime: VatRegime | null | undefined): readonly VatRateBp[] {
  return regimeOf(regime) === "franchise" ? [0] : VAT_RATES_BP;
}

/** The rate of a new line: 0 % under the franchise, the standard 20 % otherwise. */
export function defaultVatRateBp(regime: VatRegime | null | undefined): VatRateBp {
  return regimeOf(regime) === "franchise" ? 0 : 2000;
}

export function isVatRateAllowed(regime: VatRegime | null | undefined, rateBp: number): boolean {
  return (vatRatesFor(regime) as readonly number[]).includes(rateBp);
}
