import { z } from "zod";

/** RFC 5321 limit on a forward path, the spec's "at most 254 characters". */
export const EMAIL_MAX_LENGTH = 254;

export const INVALID_EMAIL_MESSAGE = "Adresse e-mail invalide";
export const MISSING_EMAIL_MESSAGE = "Indiquez votre adresse e-mail.";
export const INVALID_URL_MESSAGE = "Adresse web invalide : elle doit commencer par http:// ou https://";

// Spec §5: "x@y.z". Deliberately loose: the confirmation e-mail is the real check.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

export function isValidUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

/** Trims (spec §5: sign-in and sign-up trim the e-mail) but keeps the case the user typed. */
/** An empty field asks for the address; a typed one that cannot be an address says so. */
export const emailSchema = z
  .string()
  .trim()
  .min(1, { error: MISSING_EMAIL_MESSAGE, abort: true })
  .refine(isValidEmail, { message: INVALID_EMAIL_MESSAGE });

export const httpUrlSchema = z.string().trim().refine(isValidUrl, { message: INVALID_URL_MESSAGE });
