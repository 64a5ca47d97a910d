/** Longest text kept by `sanitizeText` (spec §5 and §9). */
export const SANITIZED_TEXT_MAX_LENGTH = 10_000;

// Each pattern is removed repeatedly until nothing matches, so a split payload such as
// "javajavascript:script:" cannot reassemble itself after one pass.
const DANGEROUS_PATTERNS: readonly RegExp[] = [
  /[<>]/g,
  /javascript\s*:/gi,
  /vbscript\s*:/gi,
  /\bdata\s*:/gi,
  /\bon[a-z]+\s*=/gi,
  /expression\s*\(/gi,
];

/**
 * Defence in depth for free text typed by a user (spec §5). It is not an HTML sanitiser: the screens render
 * text through React's escaping, this only removes what could become markup, a script URL or a CSS expression.
 */
export function sanitizeText(input: string): string {
  let text = input;
  let previous: string;
  do {
    previous = text;
    for (const pattern of DANGEROUS_PATTERNS) {
      text = text.replace(pattern, "");
    }
  } while (text !== previous);
  return cutWithoutSplittingPair(text.trim(), SANITIZED_TEXT_MAX_LENGTH);
}

function cutWithoutSplittingPair(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const lastKept = text.charCodeAt(maxLength - 1);
  // A high surrogate at the cut would leave half an emoji: drop it too.
  const end = lastKept >= 0xd800 && lastKept <= 0xdbff ? maxLength - 1 : maxLength;
  return text.slice(0, end);
}
