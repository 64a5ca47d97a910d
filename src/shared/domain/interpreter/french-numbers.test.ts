import { describe, expect, it } from "vitest";
import { fold } from "../../fold";
import { andAHalfEdits, frenchNumberEdits } from "./french-numbers";
import { applyEdits, unchanged } from "./normalized-text";

function inDigits(text: string): string {
  const numbers = applyEdits(unchanged(text), frenchNumberEdits(text));
  return applyEdits(numbers, andAHalfEdits(fold(numbers.text))).text;
}

// An independent speller, written from the French rules rather than from the reader: « et un » from 21 to
// 71, « quatre-vingts » and « deux cents » plural only at the end of the number, « mille » invariable.
const SMALL = [
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
];
const TENS = ["", "dix", "vingt", "trente", "quarante", "cinquante", "soixante"];

function belowHundred(n: number, isFinal: boolean): string {
  if (n <= 16) return SMALL[n] as string;
  if (n < 20) return `dix-${SMALL[n - 10]}`;
  if (n < 70) {
    const unit = n % 10;
    const tens = TENS[Math.floor(n / 10)] as string;
    return unit === 0 ? tens : unit === 1 ? `${tens} et un` : `${tens}-${SMALL[unit]}`;
  }
  if (n < 80) return n === 71 ? "soixante et onze" : `soixante-${belowHundred(n - 60, false)}`;
  if (n === 80) return isFinal ? "quatre-vingts" : "quatre-vingt";
  return `quatre-vingt-${belowHundred(n - 80, false)}`;
}

function belowThousand(n: number, isFinal: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return belowHundred(rest, isFinal);
  const head = hundreds === 1 ? "cent" : `${SMALL[hundreds]} cent`;
  if (rest === 0) return hundreds > 1 && isFinal ? `${head}s` : head;
  return `${head} ${belowHundred(rest, isFinal)}`;
}

function spell(n: number): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  if (thousands === 0) return belowThousand(rest, true);
  const head = thousands === 1 ? "mille" : `${belowThousand(thousands, false)} mille`;
  return rest === 0 ? head : `${head} ${belowThousand(rest, true)}`;
}

/** The 1990 spelling: every part joined by hyphens, « deux-cent-cinquante », « vingt-et-un ». */
const reformed = (n: number) => spell(n).replaceAll(" ", "-");

describe("French numbers in words", () => {
  it("spells as the dictionary does (the speller checked on known forms)", () => {
    expect([71, 80, 81, 91, 99, 200, 280, 1200, 80_000, 200_000, 999_999].map(spell)).toEqual([
      "soixante et onze",
      "quatre-vingts",
      "quatre-vingt-un",
      "quatre-vingt-onze",
      "quatre-vingt-dix-neuf",
      "deux cents",
      "deux cent quatre-vingts",
      "mille deux cents",
      "quatre-vingt mille",
      "deux cent mille",
      "neuf cent quatre-vingt-dix-neuf mille neuf cent quatre-vingt-dix-neuf",
    ]);
  });

  it("reads every number from 0 to 999 999, in the traditional and the 1990 spelling", () => {
    // Read a thousand at a time, each before « euros » (« un » alone is a quantity only before a unit) and
    // apart from the next by a semicolon: one pass over a long text instead of two million short ones.
    // The 1990 spelling differs only by its hyphens: every seventh number is enough for it.
    const misread: string[] = [];
    for (const [speller, step] of [
      [spell, 1],
      [reformed, 7],
    ] as const)
      for (let from = 0; from < 1_000_000; from += 1000 * step) {
        const numbers = Array.from({ length: 1000 }, (_, offset) => from + offset * step);
        const read = inDigits(numbers.map((n) => `${speller(n)} euros`).join(" ; ")).split(" ; ");
        numbers.forEach((n, index) => {
          if (read[index] !== `${n} euros`) misread.push(`${speller(n)} → ${read[index]}`);
        });
      }
    expect(misread.slice(0, 10)).toEqual([]);
  }, 120_000);

  it.each([
    ["deux virgule cinq jours", "2,5 jours"],
    ["douze virgule zéro cinq", "12,05"],
    ["trois virgule vingt-cinq", "3,25"],
    ["un virgule cinq", "1,5"],
    ["mille deux cent virgule cinquante", "1200,50"],
    ["2 virgule 5 heures", "2,5 heures"],
    ["une heure et demie de montage", "1,5 heure de montage"],
    ["deux jours et demi de formation", "2,5 jours de formation"],
    ["3 jours et demi", "3,5 jours"],
    ["trois et demi", "3,5"],
  ])("reads the decimals of « %s »", (text, expected) => {
    expect(inDigits(text)).toBe(expected);
  });

  it.each([
    ["un jour à 400 €", "1 jour à 400 €"],
    ["une demi-journée à 300 €", "1 demi-journée à 300 €"],
    ["une facture pour Dupont", "une facture pour Dupont"],
    ["crée un devis", "crée un devis"],
    ["un ordinateur neuf pour trois cents euros", "un ordinateur neuf pour 300 euros"],
    ["neuf jours de montage", "9 jours de montage"],
    ["vingt pour cent de remise", "20 pour cent de remise"],
    ["Facture pour Les Trois Chênes de deux mille euros", "Facture pour Les Trois Chênes de 2000 euros"],
    ["Deux jours chez Martin", "2 jours chez Martin"],
    ["3 mille euros", "3000 euros"],
    ["douze cents euros", "1200 euros"],
    ["deux trois choses", "2 3 choses"],
    ["le trente et un mai", "le 31 mai"],
  ])("reads « %s » where it counts something", (text, expected) => {
    expect(inDigits(text)).toBe(expected);
  });
});
