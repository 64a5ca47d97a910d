/**
 * Money is integer cents everywhere; quantities have up to 3 decimals (0,25 h); VAT rates are basis points
 * (2000 = 20 %). Rounding is half away from zero, to the cent, as French invoices print it.
 */

export const VAT_RATES_BP = [2000, 1000, 550, 210, 0] as const;
export type VatRateBp = (typeof VAT_RATES_BP)[number];

export const VAT_RATE_LABELS: Record<VatRateBp, string> = {
  2000: "20 %",
  1000: "10 %",
  550: "5,5 %",
  210: "2,1 %",
  0: "0 %",
};

function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** Quantity × unit price, in cents; the quantity is taken to the thousandth first to avoid float drift. */
export function lineTotalCents(quantity: number, unitPriceCents: number): number {
  const thousandths = Math.round(quantity * 1000);
  return roundHalfAwayFromZero((thousandths * unitPriceCents) / 1000);
}

export function vatCents(baseCents: number, rateBp: number): number {
  return roundHalfAwayFromZero((baseCents * rateBp) / 10_000);
}

/** Euros typed by a person ("1 250,75", "1250.75 €") to cents, or null when it is not an amount. */
export function parseEurosToCents(input: string): number | null {
  const cleaned = input.replace(/[\s\u202f\u00a0€]/g, "").replace(",", ".");
  if (!/^-?\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return roundHalfAwayFromZero(Number(cleaned) * 100);
}
