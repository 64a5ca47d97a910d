import { z } from "zod";

/**
 * Building blocks the operation schemas share, so that a rule about a kind of field (a day, an optional
 * text, a PATCH body) is written once. Issue 10 §14: what passes here must also be storable by PostgreSQL.
 */

export const INVALID_CHARACTERS_MESSAGE = "Ce texte contient des caractères invalides.";
export const INVALID_DAY_MESSAGE = "Date invalide (AAAA-MM-JJ).";
export const NOTHING_TO_UPDATE_MESSAGE = "Aucune modification à enregistrer.";

/** PostgreSQL refuses U+0000 in text and jsonb; no keyboard types it, so it is refused rather than stripped. */
export const hasNulCharacter = (text: string) => text.includes("\u0000");

/** A real calendar day: the regex lets 2026-02-30 through, the round trip through Date.UTC does not. */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Year 0 does not exist for PostgreSQL's date type (1 BC comes before AD 1).
  if (year < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A day as the forms and the API exchange it: "AAAA-MM-JJ", and a day that exists. */
export const isoDay = z.string().refine(isCalendarDay, INVALID_DAY_MESSAGE);

/** An optional day of an editable record: an empty field clears it (null). */
export const optionalDay = z
  .union([z.literal(""), isoDay])
  .transform((value) => value || null)
  .nullish();

/** An optional text field: trimmed, and an empty value is stored as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `${max} caractères au maximum.`)
    .transform((value) => value || null)
    .nullish();

/**
 * A PATCH body must set at least one field once unknown keys are dropped: an empty update is the caller's
 * mistake (400), not an UPDATE with nothing in its SET clause (the 500 the fuzzer found).
 */
export const atLeastOneField = <T extends z.ZodType<object>>(schema: T) =>
  schema.refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    NOTHING_TO_UPDATE_MESSAGE,
  );
