import { NAME_HEAD } from "./money-forms";
import type { Edit } from "./normalized-text";
import { isGlued, nameGuard, type TextToken, textTokens } from "./text-tokens";

/**
 * French numbers said in words, written in digits so the later stages read one form: « mille deux cent
 * cinquante » → 1250, « quatre-vingt-dix-neuf » → 99, « deux-cent-cinquante » (1990 spelling) → 250,
 * « vingt et un » → 21, « deux virgule cinq » → 2,5, « une heure et demie » → 1,5 heure. 0 to 999 999.
 *
 * Words that are numbers only sometimes are converted only where they count something: « un », « une »
 * before a unit (« un jour à 400 € », not « une facture »), « neuf » before a unit or a plural (not « un
 * ordinateur neuf »), « cent » not in « pour cent ». A capitalised word inside a sentence is a name.
 */

const UNITS: Record<string, number> = {
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
};
const TEENS: Record<string, number> = {
  dix: 10,
  onze: 11,
  douze: 12,
  treize: 13,
  quatorze: 14,
  quinze: 15,
  seize: 16,
};
const TENS: Record<string, number> = {
  vingt: 20,
  vingts: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
  soixante: 60,
};
const HUNDRED = new Set(["cent", "cents"]);
const THOUSAND = new Set(["mille", "milles"]);

export function isNumberWord(folded: string): boolean {
  return (
    folded === "zero" ||
    folded in UNITS ||
    folded in TEENS ||
    folded in TENS ||
    HUNDRED.has(folded) ||
    THOUSAND.has(folded)
  );
}

// What « un », « une », « neuf » must be followed by to be a number: a unit, a price.
const COUNTED_UNIT =
  /^(?:jours?|j|journees?|demi|heures?|h|minutes?|min|semaines?|mois|ans?|annees?|nuits?|nuitees?|seances?|sessions?|pages?|mots?|km|kilometres?|personnes?|participants?|euros?|eur|€|k€?|pieces?|unites?|forfaits?|ateliers?|jrs?)$/;

/**
 * A number being read: `thousands` once « mille » is said, then this group's hundreds and the rest below a
 * hundred. `accept` says whether the next word continues the number ("quatre" then "vingt" is 80, "vingt"
 * then "deux" is 22, "deux" then "trois" is not one number).
 */
class NumberReader {
  thousands = 0;
  hundreds = 0;
  rest = 0;
  words = 0;
  private hasThousands = false;
  private isZero = false;

  get value(): number {
    return this.thousands + this.hundreds + this.rest;
  }

  accept(word: string): boolean {
    if (this.isZero) return false;
    const accepted = this.step(word);
    if (accepted) this.words += 1;
    return accepted;
  }

  private step(word: string): boolean {
    const rest = this.rest;
    if (word === "zero") {
      if (this.words > 0) return false;
      this.isZero = true;
      return true;
    }
    if (word in UNITS) {
      const unit = UNITS[word] as number;
      if (rest === 0 || (rest >= 20 && rest % 10 === 0) || (rest === 10 && unit >= 7)) {
        this.rest += unit;
        return true;
      }
      return false;
    }
    if (word in TEENS) {
      // « soixante-douze », « quatre-vingt-onze »: 60 and 80 take the teens.
      if (rest === 0 || rest === 60 || rest === 80) {
        this.rest += TEENS[word] as number;
        return true;
      }
      return false;
    }
    if (word in TENS) {
      const tens = TENS[word] as number;
      if (tens === 20 && rest === 4) {
        this.rest = 80;
        return true;
      }
      if (rest !== 0) return false;
      this.rest = tens;
      return true;
    }
    if (HUNDRED.has(word)) {
      // « deux cents », and the old « douze cents » (1 200).
      if (this.hundreds !== 0 || rest >= 20 || rest === 1) return false;
      this.hundreds = (rest || 1) * 100;
      this.rest = 0;
      return true;
    }
    if (THOUSAND.has(word)) {
      if (this.hasThousands || (this.hundreds === 0 && rest === 1)) return false;
      this.thousands = (this.hundreds + rest || 1) * 1000;
      this.hundreds = 0;
      this.rest = 0;
      this.hasThousands = true;
      return true;
    }
    return false;
  }

  /** « vingt et un », « soixante et onze »: "et" joins only these. */
  acceptsEtBefore(word: string): boolean {
    const rest = this.rest;
    if (word === "un" || word === "une") return rest >= 20 && rest <= 60 && rest % 10 === 0;
    return word === "onze" && rest === 60;
  }
}

type NumberRun = { first: number; last: number; value: number; words: string[] };

/** The longest number said from token `first` on; hyphens and « et » inside it are part of it. */
function readNumber(text: string, tokens: readonly TextToken[], first: number): NumberRun | undefined {
  const reader = new NumberReader();
  const words: string[] = [];
  let last = -1;
  let index = first;
  while (index < tokens.length) {
    const token = tokens[index] as TextToken;
    if (token.isWord && reader.accept(token.folded)) {
      words.push(token.folded);
      last = index;
      index += 1;
      continue;
    }
    // Hyphens and « et » continue the number only if a number word it takes follows them.
    const joined = joinersEnd(text, tokens, index, reader);
    if (last === index - 1 && joined !== undefined) {
      index = joined;
      continue;
    }
    break;
  }
  if (last < first) return undefined;
  return { first, last, value: reader.value, words };
}

/** Where the number goes on after the hyphens and « et » at `index` (« vingt-et-un », « vingt et un »). */
function joinersEnd(
  text: string,
  tokens: readonly TextToken[],
  index: number,
  reader: NumberReader,
): number | undefined {
  let next = index;
  let hasEt = false;
  while (tokens[next]?.text === "-" || tokens[next]?.folded === "et") {
    const token = tokens[next] as TextToken;
    if (token.text === "-" && !isGlued(text, tokens[next - 1] as TextToken, token)) return undefined;
    hasEt ||= token.folded === "et";
    next += 1;
  }
  const word = tokens[next];
  if (next === index || !word?.isWord || !isNumberWord(word.folded)) return undefined;
  return hasEt && !reader.acceptsEtBefore(word.folded) ? undefined : next;
}

/** « un », « une », « neuf » alone, or « cent » in « pour cent »: a number here only if it counts something. */
function countsSomething(run: NumberRun, tokens: readonly TextToken[]): boolean {
  if (run.words.length > 1) return true;
  const word = run.words[0];
  const next = tokens[run.last + 1];
  if (word === "un" || word === "une") return next !== undefined && COUNTED_UNIT.test(next.folded);
  if (word === "neuf")
    return next !== undefined && (COUNTED_UNIT.test(next.folded) || /^\p{L}{3,}[sx]$/u.test(next.folded));
  if (word === "cent" || word === "cents") return tokens[run.first - 1]?.folded !== "pour";
  return true;
}

/** « virgule cinq », « virgule zéro cinq », « virgule vingt-cinq »: the decimals after a number. */
function readDecimals(
  text: string,
  tokens: readonly TextToken[],
  after: number,
): { digits: string; last: number } | undefined {
  if (tokens[after + 1]?.folded !== "virgule") return undefined;
  let index = after + 2;
  let zeros = "";
  while (tokens[index]?.folded === "zero") {
    zeros += "0";
    index += 1;
  }
  const start = tokens[index];
  if (start?.isWord && /^\d+$/.test(start.text)) return { digits: zeros + start.text, last: index };
  const run = start?.isWord ? readNumber(text, tokens, index) : undefined;
  if (run) return { digits: zeros + String(run.value), last: run.last };
  return zeros ? { digits: zeros, last: index - 1 } : undefined;
}

export function frenchNumberEdits(text: string): Edit[] {
  const tokens = textTokens(text);
  const isName = nameGuard(text, tokens);
  const edits: Edit[] = [];
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index] as TextToken;
    const run =
      token.isWord && !isName(index) && isNumberWord(token.folded)
        ? readNumber(text, tokens, index)
        : undefined;
    const digits = run ?? digitRun(tokens, index);
    const decimals = digits && readDecimals(text, tokens, digits.last);
    // « un virgule cinq » is a number, whatever follows it.
    if (!digits || (run && !decimals && !countsSomething(run, tokens))) {
      index += 1;
      continue;
    }
    const last = decimals?.last ?? digits.last;
    // Digits followed by « mille »: « 3 mille euros » is 3000.
    if (run || decimals || digits.value !== Number(token.text)) {
      const written = `${digits.value}${decimals ? `,${decimals.digits}` : ""}`;
      edits.push({ start: token.start, end: (tokens[last] as TextToken).end, text: written });
    }
    index = last + 1;
  }
  return edits;
}

/** Digits already typed, and « 3 mille »: read like a number so their decimals in words join them. */
function digitRun(tokens: readonly TextToken[], index: number): NumberRun | undefined {
  const token = tokens[index] as TextToken;
  if (!/^\d{1,3}$/.test(token.text) || tokens[index - 1]?.text === "," || tokens[index - 1]?.text === ".")
    return undefined;
  const value = Number(token.text);
  // « l'atelier 42 mille euros »: the digits end a business's name, the thousand starts the sum.
  const endsName = NAME_HEAD.test(`${tokens[index - 1]?.folded ?? ""} `);
  if (!endsName && THOUSAND.has(tokens[index + 1]?.folded ?? ""))
    return { first: index, last: index + 1, value: value * 1000, words: [] };
  return { first: index, last: index, value, words: [] };
}

const UNIT_AFTER_NUMBER =
  "(?:jours?|journees?|heures?|h|semaines?|mois|ans?|annees?|nuits?|minutes?|kilos?|litres?)";
// « 2 jours et demi », « une heure et demie » (once in digits), « 3 et demi »: half a unit more.
const AND_A_HALF = new RegExp(
  `(?<![\\p{L}\\p{N},.])(\\d+)(\\s+${UNIT_AFTER_NUMBER})?\\s+et\\s+demie?(?![\\p{L}\\p{N}])`,
  "gu",
);

/** Run after the numbers are in digits: « 2 jours et demi » → « 2,5 jours ». */
export function andAHalfEdits(folded: string): Edit[] {
  return Array.from(folded.matchAll(AND_A_HALF)).flatMap((match) => {
    const numberEnd = match.index + (match[1] as string).length;
    const unitEnd = numberEnd + (match[2]?.length ?? 0);
    return [
      { start: numberEnd, end: numberEnd, text: ",5" },
      { start: unitEnd, end: match.index + match[0].length, text: "" },
    ];
  });
}
