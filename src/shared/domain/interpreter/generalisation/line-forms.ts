import { type AmountContext, renderAmount } from "./amount-forms";
import { frenchWords } from "./french-numbers";
import type { CountedExpense } from "./lexicon";
import type { Random } from "./random";

/**
 * Billed lines as said in one breath: « 3 jours de développement à 450 € », « deux virgule cinq jours à
 * 400 € », « un forfait de 900 € + 2 h à 70 € », « 3 ateliers de 2 heures à 90 € de l'heure »; each with the
 * total a person would put on the document.
 */
export type RenderedLines = { text: string; total: number; tags: string[] };

type Unit = {
  singular: string;
  plural: string;
  feminine: boolean;
  /** What may follow the price: « par jour », « /h ». */
  perUnit: readonly string[];
  unitPrice: (random: Random) => number;
  maxQuantity: number;
  halves: boolean;
};

const UNITS: readonly Unit[] = [
  {
    singular: "jour",
    plural: "jours",
    feminine: false,
    perUnit: ["", " par jour", "/jour", " le jour"],
    unitPrice: (random) => random.int(3, 12) * 50,
    maxQuantity: 20,
    halves: true,
  },
  {
    singular: "heure",
    plural: "heures",
    feminine: true,
    perUnit: ["", " de l'heure", "/h", " l'heure"],
    unitPrice: (random) => random.int(4, 24) * 5,
    maxQuantity: 40,
    halves: true,
  },
  {
    singular: "demi-journée",
    plural: "demi-journées",
    feminine: true,
    perUnit: ["", " la demi-journée"],
    unitPrice: (random) => random.int(4, 8) * 50,
    maxQuantity: 6,
    halves: false,
  },
  {
    singular: "séance",
    plural: "séances",
    feminine: true,
    perUnit: ["", " la séance", " par séance"],
    unitPrice: (random) => random.int(8, 30) * 5,
    maxQuantity: 12,
    halves: false,
  },
];

/** « 3 », « trois », « 2,5 », « deux virgule cinq », « une » (gender of the unit). */
function quantityText(quantity: number, feminine: boolean, words: boolean): string {
  const integer = Math.floor(quantity);
  const half = quantity !== integer;
  if (!words) return half ? `${integer},5` : String(quantity);
  const integerWords = integer === 1 && feminine ? "une" : frenchWords(integer);
  return half ? `${integerWords} virgule cinq` : integerWords;
}

function unitWord(unit: Unit, quantity: number): string {
  return quantity >= 2 ? unit.plural : unit.singular;
}

function oneLine(random: Random, descriptions: readonly string[], context: AmountContext): RenderedLines {
  const unit = random.pick(UNITS);
  const half = unit.halves && random.chance(0.15);
  const quantity = random.int(1, unit.maxQuantity) + (half ? 0.5 : 0);
  const words = context.dictation ? random.chance(0.6) : random.chance(0.15);
  const price = unit.unitPrice(random);
  // « 4 h », « 4h », never « quatre h ».
  const abbreviated = unit.singular === "heure" && !words && random.chance(0.4);
  const unitText = abbreviated ? random.pick([" h", "h"]) : ` ${unitWord(unit, quantity)}`;
  const description = random.chance(0.5) ? ` de ${random.pick(descriptions)}` : "";
  const priceText = renderAmount(random, price, context);
  const tags = ["lines:single", ...priceText.tags];
  if (half) tags.push("quantity:decimal");
  if (words) tags.push("quantity:words");
  return {
    text: `${quantityText(quantity, unit.feminine, words)}${unitText}${description} à ${priceText.text}${random.pick(unit.perUnit)}`,
    total: quantity * price,
    tags,
  };
}

export function renderLines(
  random: Random,
  descriptions: readonly string[],
  context: AmountContext,
): RenderedLines {
  const roll = random.next();
  if (roll < 0.65) return oneLine(random, descriptions, context);
  if (roll < 0.85) {
    const first = oneLine(random, descriptions, context);
    const second = oneLine(random, descriptions, context);
    return {
      text: `${first.text}${random.pick([" et ", " + ", ", plus "])}${second.text}`,
      total: first.total + second.total,
      tags: [
        "lines:several",
        ...first.tags.filter((tag) => tag !== "lines:single"),
        ...second.tags.filter((tag) => tag !== "lines:single"),
      ],
    };
  }
  if (roll < 0.95) {
    const flat = random.int(6, 30) * 50;
    const hours = random.int(1, 8);
    const rate = random.int(10, 20) * 5;
    const flatText = renderAmount(random, flat, context).text;
    const rateText = renderAmount(random, rate, context).text;
    const hoursText = context.dictation
      ? `${frenchWords(hours)} heures`
      : random.pick([`${hours} h`, `${hours}h`, `${hours} heures`]);
    const text = random.chance(0.5)
      ? `un forfait de ${flatText} + ${hoursText} à ${rateText}`
      : `forfait ${flatText} et ${hoursText} à ${rateText}`;
    return { text, total: flat + hours * rate, tags: ["lines:flat-plus-hours"] };
  }
  const sessions = random.int(2, 6);
  const hours = random.int(2, 4);
  const rate = random.int(12, 24) * 5;
  const what = random.pick(["ateliers", "sessions", "séances"]);
  const count = context.dictation ? frenchWords(sessions) : String(sessions);
  const length = context.dictation ? frenchWords(hours) : String(hours);
  return {
    text: `${count} ${what} de ${length} heures à ${renderAmount(random, rate, context).text} de l'heure`,
    total: sessions * hours * rate,
    tags: ["lines:nested"],
  };
}

/** A repeated expense: « 2 nuits d'hôtel à 85 € » is 170 €. */
export function renderCounted(
  random: Random,
  counted: CountedExpense,
  context: AmountContext,
): RenderedLines {
  const count = random.int(2, 5);
  const price = random.int(8, 30) * 5;
  const countText = context.dictation || random.chance(0.2) ? frenchWords(count) : String(count);
  return {
    text: `${countText} ${counted.plural} à ${renderAmount(random, price, context).text}`,
    total: count * price,
    tags: ["lines:counted"],
  };
}
