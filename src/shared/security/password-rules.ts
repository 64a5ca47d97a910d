import { z } from "zod";

// Kept apart from password.ts, which weighs about 540 KB gzip of dictionaries: a form that only needs the
// length rule (sign-in, reset) imports this file and leaves the meter to the lazily loaded registration page.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn score from which a password is accepted ("Moyen"). */
export const PASSWORD_MIN_SCORE = 2;

export const PASSWORD_MESSAGES = {
  tooShort: `Au moins ${PASSWORD_MIN_LENGTH} caractères`,
  tooLong: `${PASSWORD_MAX_LENGTH} caractères au maximum`,
  containsUserInput: "Ne réutilisez pas votre nom ou votre adresse e-mail",
} as const;

/** Indexed by zxcvbn score, 0 to 4. */
export const PASSWORD_STRENGTH_LABELS = ["Très faible", "Faible", "Moyen", "Fort", "Très fort"] as const;

export type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number];

/** Length only, without the strength verdict (see `strongPasswordSchema` in password.ts). */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: PASSWORD_MESSAGES.tooShort })
  .max(PASSWORD_MAX_LENGTH, { message: PASSWORD_MESSAGES.tooLong });
