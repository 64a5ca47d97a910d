import { fold } from "../../fold";

/** The words and signs of a text for the normaliser's passes, with their folded form ("Crée" → "cree"). */
export type TextToken = { start: number; end: number; text: string; folded: string; isWord: boolean };

const TOKEN = /[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu;

export function textTokens(text: string): TextToken[] {
  const folded = fold(text);
  return Array.from(text.matchAll(TOKEN), (match) => {
    const start = match.index;
    const end = start + match[0].length;
    return {
      start,
      end,
      text: match[0],
      folded: folded.slice(start, end),
      isWord: /^[\p{L}\p{N}]/u.test(match[0]),
    };
  });
}

/** No space between two tokens: "quatre-vingt" is one number, "quatre - vingt" is not. */
export function isGlued(text: string, left: TextToken, right: TextToken): boolean {
  return left.end === right.start && text[left.end] !== " ";
}

/**
 * A capitalised word inside a sentence is a name ("Atelier Trois Chênes", "Denis"): the normaliser leaves it
 * as typed. The first word of a sentence is not, and a text all in lower case or in capitals says nothing.
 */
export function nameGuard(text: string, tokens: readonly TextToken[]): (index: number) => boolean {
  const hasCaseSignal = text !== text.toLowerCase() && text !== text.toUpperCase();
  return (index) => {
    const token = tokens[index];
    if (!hasCaseSignal || !token?.isWord) return false;
    const first = token.text[0] as string;
    if (first === first.toLowerCase()) return false;
    const before = tokens[index - 1];
    return before !== undefined && !/^[.!?:\n"«]$/.test(before.text);
  };
}
