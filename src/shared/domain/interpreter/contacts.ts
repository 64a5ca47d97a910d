import { formatPhone, normalizePhone } from "../identifiers";
import { freeMatches, type Scan, take } from "./scan";

// Loose on purpose, like the sign-up form (spec §5 "x@y.z"): the client form checks the address again.
// The lookbehind starts a match only where an address can start: without it, a long word with no "@" would
// be retried from each of its letters (quadratic).
const EMAIL = /(?<![a-z0-9._%+-])[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/g;

// French numbers as people type them: 06 12 34 56 78, 06.12.34.56.78, 06-12-34-56-78, 0612345678,
// +33 6 12 34 56 78, +33 (0)6 12 34 56 78, 0033 6 12 34 56 78.
const PHONE = /(?<![\d+])(?:(?:\+|00)33\s?(?:\(0\)\s?)?|0)[1-9](?:[\s.-]?\d{2}){4}(?!\d)/g;

export function takeEmail(scan: Scan): string | undefined {
  for (const match of freeMatches(scan, EMAIL)) {
    const span = { start: match.index, end: match.index + match[0].length };
    take(scan, span);
    // As typed: an address keeps its case, as the client form stores it.
    return scan.raw.slice(span.start, span.end);
  }
  return undefined;
}

/**
 * The number in its French display form, "06 12 34 56 78" (identifiers.ts formatPhone): the interpretation is
 * shown to the user for confirmation, and the client form stores it as E.164 when it is saved.
 */
export function takePhone(scan: Scan): string | undefined {
  for (const match of freeMatches(scan, PHONE)) {
    const stored = normalizePhone(match[0].replace("(0)", ""));
    if (!stored) continue;
    take(scan, { start: match.index, end: match.index + match[0].length });
    return formatPhone(stored);
  }
  return undefined;
}
