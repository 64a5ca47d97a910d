import { fold } from "../../fold";
import { type NormalizedText, unchanged } from "./normalized-text";

/**
 * The command as the extractors see it: the text typed (`raw`), a folded copy for matching, the words, and
 * which characters an extractor has already taken.
 *
 * Folding keeps one character per character (lower case, accents dropped, typographic quotes and spaces made
 * plain), so a position found in `folded` is the same position in `raw`: patterns match "societe" while the
 * entities keep what the user typed, "Société Générale".
 */

export type Token = { start: number; end: number; text: string };

export type Scan = {
  /** The command after normalisation (stage a): numbers in digits, money in one form, typos corrected. */
  raw: string;
  /** The way back from `raw` to what the user typed: `normalized.originalOf(start, end)`. */
  normalized: NormalizedText;
  folded: string;
  tokens: Token[];
  /** 1 where an extractor took the character (an amount, a date, the client…), so no one reads it twice. */
  taken: Uint8Array;
  /** False for "dupont" typed in lower case or "DUPONT" in capitals: the case then says nothing of names. */
  hasCaseSignal: boolean;
};

export type Span = { start: number; end: number };

// A word is letters and digits; every other visible character is a token of its own (",", "'", "&", "-").
const TOKEN = /[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu;

export function createScan(normalized: NormalizedText | string): Scan {
  const mapped = typeof normalized === "string" ? unchanged(normalized) : normalized;
  const raw = mapped.text;
  const folded = fold(raw);
  const tokens: Token[] = [];
  for (const match of folded.matchAll(TOKEN))
    tokens.push({ start: match.index, end: match.index + match[0].length, text: match[0] });
  const hasCaseSignal = raw !== raw.toLowerCase() && raw !== raw.toUpperCase();
  return { raw, normalized: mapped, folded, tokens, taken: new Uint8Array(raw.length), hasCaseSignal };
}

export function isFree(scan: Scan, span: Span): boolean {
  for (let index = span.start; index < span.end; index += 1) if (scan.taken[index]) return false;
  return true;
}

export function take(scan: Scan, span: Span): void {
  scan.taken.fill(1, span.start, span.end);
}

/** Gives characters back: what an extractor took is, for this record, part of its words after all. */
export function release(scan: Scan, span: Span): void {
  scan.taken.fill(0, span.start, span.end);
}

/** Every free match of a global pattern, in order. */
export function* freeMatches(scan: Scan, pattern: RegExp): Generator<RegExpExecArray> {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(scan.folded); match; match = pattern.exec(scan.folded)) {
    if (match[0].length === 0) pattern.lastIndex += 1;
    else if (isFree(scan, { start: match.index, end: match.index + match[0].length })) yield match;
  }
}

export function isWord(token: Token): boolean {
  return /^[\p{L}\p{N}]/u.test(token.text);
}

/** True when the user typed this word with a capital: "Dupont", "ACME". */
export function isCapitalized(scan: Scan, token: Token): boolean {
  const first = scan.raw[token.start] as string;
  return first !== first.toLowerCase();
}

/**
 * The folded text with the words that continue a capitalised name blanked ("Orion Conseil", "Les Recettes
 * Bio" keep only their first word): read for the command's own words, a business's name says nothing.
 */
export function foldedOutsideNames(scan: Scan): string {
  if (!scan.hasCaseSignal) return scan.folded;
  let text = scan.folded;
  scan.tokens.forEach((token, index) => {
    const previous = scan.tokens[index - 1];
    const continuesName =
      isWord(token) &&
      isCapitalized(scan, token) &&
      previous !== undefined &&
      isWord(previous) &&
      isCapitalized(scan, previous);
    if (continuesName)
      text = text.slice(0, token.start) + " ".repeat(token.end - token.start) + text.slice(token.end);
  });
  return text;
}

/** Index of the first token starting at or after a position. */
export function tokenIndexAt(scan: Scan, position: number): number {
  const index = scan.tokens.findIndex((token) => token.start >= position);
  return index === -1 ? scan.tokens.length : index;
}

/**
 * A word built from a list of alternatives, bounded on both sides (folded text is mostly ASCII). One ending
 * in an elision ("solde d'") is bounded by its apostrophe: the word after it follows without a space.
 */
export function wordsPattern(words: readonly string[], flags = "g"): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join("|")})(?:(?<=')|(?![\\p{L}\\p{N}]))`, `${flags}u`);
}

/**
 * Several word lists in one pattern: one pass over the text instead of one per list (the interpreter has a
 * 1 ms budget), and the name of the group that matched says which list the word came from.
 */
export function groupedPattern<K extends string>(groups: Record<K, readonly string[]>): RegExp {
  const body = (Object.entries(groups) as [K, readonly string[]][])
    .map(([name, words]) => `(?<${name}>${words.join("|")})`)
    .join("|");
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`, "gu");
}

export function groupOf<K extends string>(match: RegExpExecArray): K {
  const groups = match.groups ?? {};
  for (const name in groups) if (groups[name] !== undefined) return name as K;
  throw new Error("groupOf: the pattern has no named group");
}
