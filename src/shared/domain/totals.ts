import { lineTotalCents, vatCents } from "./money";

export type LineInput = { quantity: number; unitPriceCents: number; vatRateBp: number };
export type VatBreakdown = { vatRateBp: number; baseCents: number; vatCents: number };
export type DocumentTotals = {
  /** Excl. VAT per line, in input order. */
  lineTotalsCents: number[];
  /** One entry per VAT rate used, highest rate first: the "totaux par taux" of a French invoice. */
  byRate: VatBreakdown[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
};

/**
 * The one place document totals are computed (forms, PDFs, dashboard, assistant). VAT is computed per
 * rate on the sum of that rate's line totals, then rounded once, as French invoices present it.
 */
export function computeTotals(lines: readonly LineInput[]): DocumentTotals {
  const lineTotalsCents = lines.map((line) => lineTotalCents(line.quantity, line.unitPriceCents));
  const bases = new Map<number, number>();
  lines.forEach((line, index) => {
    bases.set(line.vatRateBp, (bases.get(line.vatRateBp) ?? 0) + (lineTotalsCents[index] ?? 0));
  });
  const byRate = [...bases.entries()]
    .sort(([a], [b]) => b - a)
    .map(([vatRateBp, baseCents]) => ({ vatRateBp, baseCents, vatCents: vatCents(baseCents, vatRateBp) }));
  const subtotalCents = lineTotalsCents.reduce((sum, cents) => sum + cents, 0);
  const taxCents = byRate.reduce((sum, rate) => sum + rate.vatCents, 0);
  return { lineTotalsCents, byRate, subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}
