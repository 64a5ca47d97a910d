/** The value below which `p` % of the sorted samples fall (nearest rank). */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export const oneDecimal = (value: number) => Math.round(value * 10) / 10;
