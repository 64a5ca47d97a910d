/**
 * Document numbers: one chronological, continuous series per user, per kind and per year
 * (INV-2026-0001, AV-2026-0001 for credit notes, DEV- for quotes, CTR- for contracts). The invoice prefix
 * is the seller's choice (FAC, F, INV…), fixed once the first invoice is issued so the series stays one.
 */
export const NUMBER_PREFIXES = { facture: "INV", avoir: "AV", devis: "DEV", contrat: "CTR" } as const;
export type NumberSeries = keyof typeof NUMBER_PREFIXES;

/** Same rule as the database check on business_identities.invoice_number_prefix. */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]{1,8}$/;
export const INVOICE_PREFIX_MESSAGE =
  "Préfixe invalide : 1 à 8 lettres majuscules ou chiffres (par ex. FAC).";

export function formatDocumentNumber(
  series: NumberSeries,
  year: number,
  value: number,
  prefix: string = NUMBER_PREFIXES[series],
): string {
  return `${prefix}-${year}-${String(value).padStart(4, "0")}`;
}
