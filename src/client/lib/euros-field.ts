import { parseEurosToCents } from "@shared/domain/money";

/**
 * An optional amount typed in euros ("1 250,50 €") to cents: empty is null (not given), anything that is not
 * an amount is NaN, which the form reports on the field.
 */
export function optionalEurosToCents(value: string): number | null {
  if (!value.trim()) return null;
  return parseEurosToCents(value) ?? Number.NaN;
}

/** Stored cents back into the field, French style ("1250,50"); empty when there is none. */
export const centsToEurosField = (cents: number | null): string =>
  cents === null ? "" : (cents / 100).toFixed(2).replace(".", ",");
