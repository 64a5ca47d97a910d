import { lineTotalCents, vatCents } from "./money";

export const DISCOUNT_KINDS = ["percent", "amount"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/**
 * A discount on a line or on a whole document, off its amount excluding VAT: a percentage in basis points
 * (1000 = 10 %) or an amount in cents. The stored rows carry these two columns as they are.
 */
export type Discountable = { discountKind?: DiscountKind | null; discountValue?: number | null };

export type LineInput = { quantity: number; unitPriceCents: number; vatRateBp: number } & Discountable;
export type VatBreakdown = { vatRateBp: number; baseCents: number; vatCents: number };
/** A document discount's share on one VAT rate (EN 16931 BG-20: one allowance per VAT category and rate). */
export type RateDiscount = { vatRateBp: number; baseCents: number; amountCents: number };
export type DocumentTotals = {
  /** Excl. VAT per line after its discount, in input order. */
  lineTotalsCents: number[];
  /** Each line's discount (0 without one), in input order. */
  lineDiscountsCents: number[];
  /** The lines' total after their own discounts, before the document's (EN 16931 BT-106). */
  linesCents: number;
  /** The document discount split per VAT rate, highest rate first; empty without one. */
  documentDiscounts: RateDiscount[];
  /** Their sum (BT-107). */
  documentDiscountCents: number;
  /** One entry per VAT rate used, highest rate first: the "totaux par taux" of a French invoice. */
  byRate: VatBreakdown[];
  /** Excl. VAT after every discount (BT-109). */
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
};

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** A percentage (basis points) of an amount, rounded once, half away from zero. */
export const percentOfCents = (baseCents: number, rateBp: number) => vatCents(baseCents, rateBp);

/**
 * A discount's amount on `baseCents`, with the base's sign (a credit note's lines are negative): a
 * percentage is rounded once, half away from zero; an amount is taken as typed.
 */
export function discountCents(baseCents: number, discount: Discountable): number {
  const value = discount.discountValue ?? 0;
  if (!discount.discountKind || value === 0) return 0;
  if (discount.discountKind === "percent") return percentOfCents(baseCents, value);
  return baseCents < 0 ? -value : value;
}

/** `amountCents` shared across `bases` in proportion, the cents left by rounding going to the largest. */
function prorate(amountCents: number, bases: readonly number[]): number[] {
  const total = sum(bases);
  if (total === 0) return bases.map(() => 0);
  const exact = bases.map((base) => (amountCents * base) / total);
  const shares = exact.map((value) => Math.trunc(value));
  let left = amountCents - sum(shares);
  const order = exact
    .map((value, index) => ({ index, rest: Math.abs(value - Math.trunc(value)) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left === 0) break;
    const step = Math.sign(left);
    shares[index] = (shares[index] ?? 0) + step;
    left -= step;
  }
  return shares;
}

/**
 * The one place document totals are computed (forms, PDFs, Factur-X, dashboard, assistant). Each line is
 * quantity × unit price less its discount; the document discount is then split per VAT rate (a percentage
 * on each rate's base, an amount in proportion to the bases) so each rate's base is what VAT applies to,
 * as EN 16931 wants (BR-S-08, BR-CO-13). VAT is computed per rate on that base and rounded once.
 */
export function computeTotals(
  lines: readonly LineInput[],
  documentDiscount: Discountable = {},
): DocumentTotals {
  const grossCents = lines.map((line) => lineTotalCents(line.quantity, line.unitPriceCents));
  const lineDiscountsCents = lines.map((line, index) => discountCents(grossCents[index] ?? 0, line));
  const lineTotalsCents = grossCents.map((gross, index) => gross - (lineDiscountsCents[index] ?? 0));
  const bases = new Map<number, number>();
  lines.forEach((line, index) => {
    bases.set(line.vatRateBp, (bases.get(line.vatRateBp) ?? 0) + (lineTotalsCents[index] ?? 0));
  });
  const rates = [...bases.entries()].sort(([a], [b]) => b - a);
  const linesCents = sum(lineTotalsCents);

  const shares =
    documentDiscount.discountKind === "percent"
      ? rates.map(([, base]) => discountCents(base, documentDiscount))
      : prorate(
          discountCents(linesCents, documentDiscount),
          rates.map(([, base]) => base),
        );
  const documentDiscounts = documentDiscount.discountKind
    ? rates
        .map(([vatRateBp, baseCents], index) => ({ vatRateBp, baseCents, amountCents: shares[index] ?? 0 }))
        .filter((share) => share.amountCents !== 0)
    : [];
  const byRate = rates.map(([vatRateBp, base], index) => {
    const baseCents = base - (shares[index] ?? 0);
    return { vatRateBp, baseCents, vatCents: vatCents(baseCents, vatRateBp) };
  });
  const documentDiscountCents = sum(documentDiscounts.map((share) => share.amountCents));
  const subtotalCents = linesCents - documentDiscountCents;
  const taxCents = sum(byRate.map((rate) => rate.vatCents));
  return {
    lineTotalsCents,
    lineDiscountsCents,
    linesCents,
    documentDiscounts,
    documentDiscountCents,
    byRate,
    subtotalCents,
    taxCents,
    totalCents: subtotalCents + taxCents,
  };
}

/**
 * A deposit of `percentBp` of a document, as lines: that share of each VAT rate's base, so the deposit
 * carries the document's VAT. The « facture d'acompte » bills these lines and the quote prints their
 * total, so both read the same amount.
 */
export function depositLines(
  byRate: readonly Pick<VatBreakdown, "vatRateBp" | "baseCents">[],
  percentBp: number,
): { quantity: number; unitPriceCents: number; vatRateBp: number }[] {
  return byRate
    .map((rate) => ({
      quantity: 1,
      unitPriceCents: percentOfCents(rate.baseCents, percentBp),
      vatRateBp: rate.vatRateBp,
    }))
    .filter((line) => line.unitPriceCents > 0);
}

/**
 * A discount worth more than what it applies to would make a line or a document negative: the French
 * message for the first such discount, or null. Forms, routes and services all ask this one rule.
 */
export function discountProblem(
  lines: readonly LineInput[],
  documentDiscount: Discountable = {},
): { path: (string | number)[]; message: string } | null {
  const tooMuch = (discount: Discountable, baseCents: number) =>
    discount.discountKind === "percent"
      ? (discount.discountValue ?? 0) > 10_000
      : discount.discountKind === "amount" && (discount.discountValue ?? 0) > baseCents;
  // A credit note's lines are negative: a discount is measured against the size of its base.
  for (const [index, line] of lines.entries()) {
    if (tooMuch(line, Math.abs(lineTotalCents(line.quantity, line.unitPriceCents))))
      return {
        path: ["lines", index, "discountValue"],
        message:
          line.discountKind === "percent"
            ? "Une remise ne dépasse pas 100 %."
            : "La remise dépasse le montant de la ligne.",
      };
  }
  if (documentDiscount.discountKind === "percent" && tooMuch(documentDiscount, 0))
    return { path: ["discountValue"], message: "Une remise ne dépasse pas 100 %." };
  if (documentDiscount.discountKind === "amount") {
    const { linesCents } = computeTotals(lines);
    if ((documentDiscount.discountValue ?? 0) > Math.abs(linesCents))
      return { path: ["discountValue"], message: "La remise dépasse le total HT des lignes." };
  }
  return null;
}

/**
 * What an issued invoice still asks for: its total less the deposits it deducts, the credit notes against
 * it and the payments received (refunds, negative, add back).
 */
export function amountDueCents(invoice: {
  totalCents: number;
  depositsCents: number;
  creditedCents: number;
  paidCents: number;
}): number {
  return invoice.totalCents - invoice.depositsCents - invoice.creditedCents - invoice.paidCents;
}

/**
 * The unit price excluding VAT of one line whose total including VAT must be `totalCents` (a price set
 * VAT included, like the 59 € registration): the nearest price, then the next cent up or down if the
 * rounding of its VAT would miss the total. computeTotals stays the one computation of HT, TVA and TTC.
 */
export function unitPriceForTotalCents(totalCents: number, vatRateBp: number): number {
  const nearest = Math.round((totalCents * 10_000) / (10_000 + vatRateBp));
  const totalOf = (unitPriceCents: number) =>
    computeTotals([{ quantity: 1, unitPriceCents, vatRateBp }]).totalCents;
  for (const candidate of [nearest, nearest - 1, nearest + 1])
    if (totalOf(candidate) === totalCents) return candidate;
  return nearest;
}
