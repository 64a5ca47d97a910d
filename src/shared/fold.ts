/**
 * French text for matching: lower case, accents dropped, typographic quotes, dashes and spaces made plain,
 * one character per character (so a position found in the folded text is the same in the original).
 * The interpreter, the assistant's keyword rules and the command palette compare through it.
 */

const SPECIAL_FOLDS: Record<string, string> = {
  "\u2019": "'",
  "\u2018": "'",
  "\u02bc": "'",
  "`": "'",
  "\u00ab": '"',
  "\u00bb": '"',
  "\u201c": '"',
  "\u201d": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2011": "-",
  "\u00a0": " ",
  "\u202f": " ",
  "\u2009": " ",
};

// Built once for the Latin letters French uses (U+00C0–U+024F): "é" → "e", "ç" → "c". A table lookup per
// accented character keeps folding far under the 1 ms budget, where normalize() per character would not.
const LATIN_FOLDS = new Map<string, string>();
for (let code = 0xc0; code <= 0x24f; code += 1) {
  const char = String.fromCharCode(code);
  const base = char.normalize("NFD")[0]?.toLowerCase();
  if (base && base !== char) LATIN_FOLDS.set(char, base);
}
for (const [from, to] of Object.entries(SPECIAL_FOLDS)) LATIN_FOLDS.set(from, to);
const NON_ASCII = /[\u0080-\uffff]/g;

export function fold(text: string): string {
  let lower = text.toLowerCase();
  // Lower-casing keeps the length of every French letter; for the rare one it does not ("İ"), keep it as is.
  if (lower.length !== text.length)
    lower = Array.from(text, (char) =>
      char.toLowerCase().length === char.length ? char.toLowerCase() : char,
    ).join("");
  return lower.replace(NON_ASCII, (char) => LATIN_FOLDS.get(char) ?? char);
}
