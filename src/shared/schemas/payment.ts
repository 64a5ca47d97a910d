import { z } from "zod";

const digits = (value: string) => value.replace(/[\s-]/g, "");

/** Luhn checksum: catches a mistyped card number before it is "sent". */
export function isLuhnValid(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}

/** The card form of the local test checkout (/dev/stripe). Nothing here ever reaches a bank. */
export const localCardInput = z.object({
  cardNumber: z
    .string()
    .transform(digits)
    .refine((value) => /^\d{13,19}$/.test(value) && isLuhnValid(value), "Numéro de carte invalide."),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s?\/\s?\d{2}$/, "Date d'expiration invalide (MM/AA).")
    .refine((value) => {
      const [month, year] = value.split("/").map((part) => Number(part.trim()));
      const endOfMonth = new Date(2000 + (year ?? 0), month ?? 0, 1);
      return endOfMonth > new Date();
    }, "Cette carte est expirée."),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Cryptogramme invalide (3 chiffres)."),
  cardholder: z.string().trim().min(2, "Indiquez le nom du titulaire.").max(100),
});
export type LocalCardInput = z.input<typeof localCardInput>;

export const confirmPaymentInput = z.object({
  sessionId: z.string().trim().min(1, "Identifiant de session de paiement manquant.").max(255),
});
