import { frenchHundredsWords, frenchWords } from "./french-numbers";
import type { Random } from "./random";

/**
 * Every way a French freelancer types or dictates a sum of money, each rendering an exact value in euros:
 * « 1 200 € », « 1200 euros », « 1.200 € », « 1,5k€ », « 1200e », « EUR 4 300 », « 300 balles »,
 * « mille deux cents euros », « douze cents euros », « 45 euros 90 ».
 */
export type RenderedAmount = { text: string; value: number; tags: string[] };

export type AmountContext = {
  dictation: boolean;
  /** Slang (« balles ») fits what one spent or received, not a document one issues. */
  casual: boolean;
};

const NBSP = "\u00a0";

/** Thousands grouped by a space (or the no-break space a copy-paste brings): 1 200, 15 000. */
function grouped(integer: number, separator: string): string {
  return String(integer).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

function cents(value: number): number {
  return Math.round(value * 100) % 100;
}

function decimal(value: number, mark: "," | "."): string {
  const integer = Math.floor(value);
  const rest = cents(value);
  return rest === 0
    ? grouped(integer, " ")
    : `${grouped(integer, " ")}${mark}${String(rest).padStart(2, "0")}`;
}

type Form = {
  tag: string;
  fits: (value: number, context: AmountContext) => boolean;
  render: (value: number, random: Random) => string;
};

const whole = (value: number) => cents(value) === 0;

const FORMS: Form[] = [
  {
    tag: "amount:digits",
    fits: () => true,
    render: (value, random) =>
      `${decimal(value, ",")}${random.pick([" €", "€", " euros", " EUR"])}`.replace(
        /^(\d+) (\d{3})/,
        (all, high, low) =>
          random.chance(0.3) ? `${high}${low}` : random.chance(0.2) ? `${high}${NBSP}${low}` : all,
      ),
  },
  {
    tag: "amount:decimal-dot",
    fits: (value) => !whole(value) && value < 1000,
    render: (value) => `${decimal(value, ".")} €`,
  },
  {
    tag: "amount:thousands-dot",
    fits: (value) => whole(value) && value >= 1000,
    render: (value, random) => `${grouped(value, ".")}${random.pick([" €", "€", " euros"])}`,
  },
  {
    tag: "amount:k",
    fits: (value) => whole(value) && value >= 1000 && value % 500 === 0,
    render: (value, random) => {
      const thousands = String(value / 1000).replace(".", random.pick([",", "."]));
      return `${thousands}${random.pick(["k€", " k€", "K€", "k"])}`;
    },
  },
  { tag: "amount:e-suffix", fits: (value) => whole(value), render: (value) => `${value}e` },
  {
    tag: "amount:eur-prefix",
    fits: (value) => whole(value),
    render: (value, random) => `${random.pick(["EUR ", "€"])}${grouped(value, " ")}`,
  },
  {
    tag: "amount:slang",
    fits: (value, context) => context.casual && whole(value) && value <= 1000,
    render: (value) => `${value} balles`,
  },
  {
    tag: "amount:words",
    fits: () => true,
    render: (value) => {
      const euros = `${frenchWords(Math.floor(value))} euros`;
      return whole(value) ? euros : `${euros} ${frenchWords(cents(value))}`;
    },
  },
  {
    tag: "amount:words",
    fits: (value) => frenchHundredsWords(value) !== undefined,
    render: (value) => `${frenchHundredsWords(value)} euros`,
  },
  {
    tag: "amount:euros-cents",
    fits: (value) => !whole(value),
    render: (value) => `${Math.floor(value)} euros ${String(cents(value)).padStart(2, "0")}`,
  },
];

/** The forms a dictation engine writes: words, or digits with « euros » or « € ». */
const DICTATED = new Set(["amount:words", "amount:digits", "amount:euros-cents"]);

export function renderAmount(random: Random, value: number, context: AmountContext): RenderedAmount {
  const fitting = FORMS.filter(
    (form) => form.fits(value, context) && (!context.dictation || DICTATED.has(form.tag)),
  );
  const form = random.pick(fitting);
  return { text: form.render(value, random), value, tags: [form.tag] };
}

/** A document's total: round hundreds mostly, sometimes odd sums and cents. */
export function documentValue(random: Random): number {
  const roll = random.next();
  if (roll < 0.6) return random.int(2, 150) * 50;
  if (roll < 0.85) return random.int(12, 99) * 10;
  return random.int(100, 9000) + random.pick([0.5, 0.75, 0.2]);
}

/** What an expense or a small payment costs: a few euros to a few hundred, often with cents. */
export function smallValue(random: Random): number {
  const integer = random.int(4, 480);
  return random.chance(0.4) ? integer + random.pick([0.5, 0.9, 0.99, 0.2, 0.45]) : integer;
}
