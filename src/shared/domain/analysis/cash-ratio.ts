/**
 * Spec §9 uses a "cash ratio" without defining it. Ardoise reads it as pending receivables ÷ monthly revenue:
 * how many months of collections wait in unpaid invoices (× 30, it is roughly the days sales outstanding).
 * With the usual 30-day payment term a steady activity sits near 1, and the §9 thresholds read naturally:
 * under 0.5 (clients pay within about two weeks) earns the bonus, over 1 deserves an insight, over 1.5
 * (about 45 days) is a risk, over 2 (about 60 days, the legal ceiling of art. L441-10 of the code de
 * commerce) is urgent. The other reading, expenses ÷ revenue, is already §9's "expenses over 80 % of
 * revenue" risk.
 *
 * Without revenue the ratio is infinite when money is owed (every "over" threshold fires: money is owed and
 * none comes in) and null when nothing is owed either (there is nothing to measure, so no bonus either).
 */
export function cashRatio(pendingCents: number, monthlyRevenueCents: number): number | null {
  if (monthlyRevenueCents > 0) return pendingCents / monthlyRevenueCents;
  return pendingCents > 0 ? Number.POSITIVE_INFINITY : null;
}

/** Strictly over a §9 threshold; an undefined ratio is over none. */
export const isCashRatioOver = (ratio: number | null, threshold: number) =>
  ratio !== null && ratio > threshold;

/** Spec §9 thresholds. */
export const CASH_RATIO = {
  /** Health score: +5 under it. */
  bonusUnder: 0.5,
  /** Insight over it. */
  insightOver: 1,
  /** Risk over it. */
  riskOver: 1.5,
  /** The insight turns urgent over it. */
  urgentOver: 2,
} as const;
