/**
 * Numbers written in French words, in the traditional spelling (hyphens below a hundred only, « et » in
 * 21…71, « quatre-vingts » and « deux cents » plural only at the end): how a dictation engine or a person
 * spells an amount. Written independently of the interpreter, which must read them back.
 */
const UNITS = [
  "zéro",
  "un",
  "deux",
  "trois",
  "quatre",
  "cinq",
  "six",
  "sept",
  "huit",
  "neuf",
  "dix",
  "onze",
  "douze",
  "treize",
  "quatorze",
  "quinze",
  "seize",
] as const;
const TENS: Record<number, string> = {
  2: "vingt",
  3: "trente",
  4: "quarante",
  5: "cinquante",
  6: "soixante",
  8: "quatre-vingt",
};

function belowHundred(n: number): string {
  if (n <= 16) return UNITS[n] as string;
  if (n < 20) return `dix-${UNITS[n - 10]}`;
  const tens = Math.floor(n / 10);
  const unit = n % 10;
  // Seventy and ninety count on from sixty and eighty: soixante-douze, quatre-vingt-dix-sept.
  if (tens === 7 || tens === 9) {
    const base = TENS[tens - 1] as string;
    const rest = belowHundred(10 + unit);
    return tens === 7 && unit === 1 ? `${base} et ${rest}` : `${base}-${rest}`;
  }
  const base = TENS[tens] as string;
  if (unit === 0) return tens === 8 ? "quatre-vingts" : base;
  if (unit === 1 && tens !== 8) return `${base} et un`;
  return `${base}-${UNITS[unit]}`;
}

function belowThousand(n: number, final: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const restWords = rest === 0 ? "" : belowHundred(rest);
  if (hundreds === 0) return restWords;
  const hundredWords = hundreds === 1 ? "cent" : `${UNITS[hundreds]} cent${rest === 0 && final ? "s" : ""}`;
  return restWords ? `${hundredWords} ${restWords}` : hundredWords;
}

/** 0 to 999 999 in words: 1 200 is « mille deux cents », 80 000 « quatre-vingt mille ». */
export function frenchWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999_999) throw new Error(`Out of range: ${n}`);
  if (n === 0) return "zéro";
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const restWords = rest === 0 ? "" : belowThousand(rest, true);
  if (thousands === 0) return restWords;
  // « Mille » never takes a plural, and what multiplies it never takes the final s of cents / vingts.
  const thousandWords =
    thousands === 1
      ? "mille"
      : `${belowThousand(thousands, false).replace(/quatre-vingts$/, "quatre-vingt")} mille`;
  return restWords ? `${thousandWords} ${restWords}` : thousandWords;
}

/** The everyday « douze cents » for 1 100 … 1 900 in round hundreds, as people say a price aloud. */
export function frenchHundredsWords(n: number): string | undefined {
  if (n < 1100 || n > 1900 || n % 100 !== 0) return undefined;
  return `${belowHundred(n / 100)} cents`;
}
