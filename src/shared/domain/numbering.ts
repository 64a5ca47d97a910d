/**
 * Document numbers: one chronological, continuous series per user, per kind and per year
 * (INV-2026-0001, AV-2026-0001 for credit notes, DEV- for quotes, CTR- for contracts).
 */
export const NUMBER_PREFIXES = { facture: "INV", avoir: "AV", devis: "DEV", contrat: "CTR" } as const;
export type NumberSeries = keyof typeof NUMBER_PREFIXES;

export function formatDocumentNumber(series: NumberSeries, year: number, value: number): string {
  return `${NUMBER_PREFIXES[series]}-${year}-${String(value).padStart(4, "0")}`;
}
