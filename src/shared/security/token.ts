export const SECURE_TOKEN_DEFAULT_LENGTH = 32;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
// Largest multiple of 62 that fits in a byte: bytes at or above it are dropped so every character is
// equally likely (a plain `byte % 62` would favour the first 8 characters).
const UNBIASED_BYTE_LIMIT = 256 - (256 % ALPHABET.length);

/** Alphanumeric token from the platform's CSPRNG (Node 20 and browsers both expose `globalThis.crypto`). */
export function generateSecureToken(length: number = SECURE_TOKEN_DEFAULT_LENGTH): string {
  if (!Number.isInteger(length) || length < 1) throw new RangeError("length must be a positive integer");
  let token = "";
  while (token.length < length) {
    // About 3% of bytes are rejected: asking for a few more than needed usually takes one round.
    // getRandomValues refuses more than 65,536 bytes per call.
    const missing = length - token.length;
    const bytes = globalThis.crypto.getRandomValues(
      new Uint8Array(Math.min(65_536, Math.ceil(missing * 1.1) + 8)),
    );
    for (const byte of bytes) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue;
      token += ALPHABET[byte % ALPHABET.length];
      if (token.length === length) break;
    }
  }
  return token;
}
