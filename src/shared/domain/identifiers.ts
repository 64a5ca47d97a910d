/**
 * French business identifiers (SIREN, SIRET, intra-community VAT number) and phone numbers: checks and
 * normalisation shared by the clients' forms, the seller identity and the server.
 */

/** Removes the spaces, dots and dashes people type inside identifiers. */
export const compactIdentifier = (value: string): string => value.replace(/[\s.\-\u00a0\u202f]/g, "");

/** Luhn checksum over a string of digits. */
export function hasValidLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export function isValidSiren(value: string): boolean {
  const siren = compactIdentifier(value);
  return /^\d{9}$/.test(siren) && hasValidLuhn(siren);
}

// La Poste's establishments share one SIREN and follow their own rule (digit sum divisible by 5).
const LA_POSTE_SIREN = "356000000";

export function isValidSiret(value: string): boolean {
  const siret = compactIdentifier(value);
  if (!/^\d{14}$/.test(siret)) return false;
  if (siret.startsWith(LA_POSTE_SIREN) && siret !== `${LA_POSTE_SIREN}00048`) {
    const digitSum = [...siret].reduce((sum, digit) => sum + Number(digit), 0);
    return digitSum % 5 === 0;
  }
  return hasValidLuhn(siret);
}

/** The two-digit key of a French VAT number: (12 + 3 × (SIREN mod 97)) mod 97, left-padded. */
export function frenchVatKey(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return String(key).padStart(2, "0");
}

/** The French VAT number of a SIREN ("FR" + key + SIREN). */
export function frenchVatNumber(siren: string): string {
  const compact = compactIdentifier(siren);
  return `FR${frenchVatKey(compact)}${compact}`;
}

/** Upper-case, without spaces: how VAT numbers are stored and printed. */
export const normalizeVatNumber = (value: string): string => compactIdentifier(value).toUpperCase();

export type VatNumberCheck = "valid" | "format" | "siren" | "key";

/**
 * Checks an intra-community VAT number. A French one (FR) must be FR + 2-digit key + a valid SIREN with the
 * right key; another EU country's number is only checked for its general shape (2 letters + 2–13
 * characters), since each state has its own rule and VIES is the authority.
 */
export function checkVatNumber(value: string): VatNumberCheck {
  const vat = normalizeVatNumber(value);
  if (!vat.startsWith("FR")) return /^[A-Z]{2}[A-Z0-9+*]{2,13}$/.test(vat) ? "valid" : "format";
  const match = /^FR(\d{2})(\d{9})$/.exec(vat);
  if (!match) return "format";
  const [, key, siren] = match as unknown as [string, string, string];
  if (!isValidSiren(siren)) return "siren";
  return frenchVatKey(siren) === key ? "valid" : "key";
}

export const isValidVatNumber = (value: string): boolean => checkVatNumber(value) === "valid";

/**
 * A phone number for storage: French numbers ("06 12 34 56 78", "+33 6 12 34 56 78", "0033…") become
 * E.164 "+33612345678"; other international numbers ("+32 …") keep their "+" and digits. Null when it
 * is neither.
 */
export function normalizePhone(value: string): string | null {
  const compact = value.replace(/[\s.\-()/\u00a0\u202f]/g, "");
  const french = /^(?:0|\+33|0033)([1-9]\d{8})$/.exec(compact);
  if (french) return `+33${french[1]}`;
  const international = /^(?:\+|00)([1-9]\d{8,14})$/.exec(compact);
  if (international) return `+${international[1]}`;
  return null;
}

/** "+33612345678" → "06 12 34 56 78"; other numbers are shown as stored. */
export function formatPhone(stored: string): string {
  const french = /^\+33([1-9]\d{8})$/.exec(stored);
  if (!french) return stored;
  return `0${french[1]}`.replace(/(\d{2})(?=\d)/g, "$1 ");
}
