import { describe, expect, it } from "vitest";
import { addDays, parisToday } from "./dates";
import { lineTotalCents, parseEurosToCents, vatCents } from "./money";
import { formatDocumentNumber } from "./numbering";
import { amountDueCents, computeTotals, discountProblem, unitPriceForTotalCents } from "./totals";

describe("money", () => {
  it("multiplies quantities with decimals without float drift", () => {
    expect(lineTotalCents(0.1 * 3, 1000)).toBe(300);
    expect(lineTotalCents(2.5, 4999)).toBe(12498); // 124,975 € → 124,98 €
    expect(lineTotalCents(1.333, 3000)).toBe(3999);
    expect(lineTotalCents(-1, 5000)).toBe(-5000);
  });

  it("rounds VAT half away from zero, for credit notes too", () => {
    expect(vatCents(12345, 2000)).toBe(2469);
    expect(vatCents(5, 1000)).toBe(1); // 0,5 cent → 1 cent
    expect(vatCents(-5, 1000)).toBe(-1);
    expect(vatCents(10000, 550)).toBe(550);
  });

  it("reads euros the French way", () => {
    expect(parseEurosToCents("1 250,75 €")).toBe(125075);
    expect(parseEurosToCents("500")).toBe(50000);
    expect(parseEurosToCents("12.5")).toBe(1250);
    expect(parseEurosToCents("douze")).toBeNull();
    expect(parseEurosToCents("1,234")).toBeNull();
  });
});

describe("computeTotals", () => {
  it("groups VAT per rate, highest first, and adds up", () => {
    const totals = computeTotals([
      { quantity: 3, unitPriceCents: 45000, vatRateBp: 2000 }, // 1 350,00
      { quantity: 1, unitPriceCents: 12050, vatRateBp: 550 }, //   120,50
      { quantity: 0.5, unitPriceCents: 8001, vatRateBp: 2000 }, //    40,01 (40,005 → 40,01)
      { quantity: 2, unitPriceCents: 1000, vatRateBp: 0 }, //      20,00
    ]);
    expect(totals.lineTotalsCents).toEqual([135000, 12050, 4001, 2000]);
    expect(totals.byRate).toEqual([
      { vatRateBp: 2000, baseCents: 139001, vatCents: 27800 },
      { vatRateBp: 550, baseCents: 12050, vatCents: 663 },
      { vatRateBp: 0, baseCents: 2000, vatCents: 0 },
    ]);
    expect(totals.subtotalCents).toBe(153051);
    expect(totals.taxCents).toBe(28463);
    expect(totals.totalCents).toBe(181514);
  });

  it("gives zeros for an empty document", () => {
    expect(computeTotals([])).toEqual({
      lineTotalsCents: [],
      lineDiscountsCents: [],
      linesCents: 0,
      documentDiscounts: [],
      documentDiscountCents: 0,
      byRate: [],
      subtotalCents: 0,
      taxCents: 0,
      totalCents: 0,
    });
  });

  it("takes line discounts off each line before VAT, a percentage rounded once", () => {
    const totals = computeTotals([
      { quantity: 3, unitPriceCents: 3333, vatRateBp: 2000, discountKind: "percent", discountValue: 1000 },
      { quantity: 1, unitPriceCents: 50000, vatRateBp: 2000, discountKind: "amount", discountValue: 5000 },
    ]);
    // 99,99 € less 10 % (9,999 → 10,00) = 89,99 €; 500 € less 50 € = 450 €.
    expect(totals.lineDiscountsCents).toEqual([1000, 5000]);
    expect(totals.lineTotalsCents).toEqual([8999, 45000]);
    expect(totals.byRate).toEqual([{ vatRateBp: 2000, baseCents: 53999, vatCents: 10800 }]);
    expect(totals.totalCents).toBe(64799);
  });

  it("splits a document discount per VAT rate so each rate's base is what VAT applies to", () => {
    const lines = [
      { quantity: 1, unitPriceCents: 100000, vatRateBp: 2000 },
      { quantity: 1, unitPriceCents: 20000, vatRateBp: 550 },
    ];
    const percent = computeTotals(lines, { discountKind: "percent", discountValue: 1000 });
    expect(percent.documentDiscounts).toEqual([
      { vatRateBp: 2000, baseCents: 100000, amountCents: 10000 },
      { vatRateBp: 550, baseCents: 20000, amountCents: 2000 },
    ]);
    expect(percent.byRate).toEqual([
      { vatRateBp: 2000, baseCents: 90000, vatCents: 18000 },
      { vatRateBp: 550, baseCents: 18000, vatCents: 990 },
    ]);
    expect(percent.linesCents).toBe(120000);
    expect(percent.subtotalCents).toBe(108000);
    expect(percent.totalCents).toBe(126990);

    // 100 € over bases of 1 000 € and 200 €: 83,333… and 16,666…, the lost cent goes to the larger rest.
    const amount = computeTotals(lines, { discountKind: "amount", discountValue: 10000 });
    expect(amount.documentDiscounts.map((share) => share.amountCents)).toEqual([8333, 1667]);
    expect(amount.documentDiscountCents).toBe(10000);
    expect(amount.subtotalCents).toBe(110000);
  });

  it("keeps a credit note's negative lines negative, discounts included", () => {
    const totals = computeTotals(
      [{ quantity: 2, unitPriceCents: -10000, vatRateBp: 2000, discountKind: "amount", discountValue: 2000 }],
      { discountKind: "percent", discountValue: 1000 },
    );
    expect(totals.lineTotalsCents).toEqual([-18000]);
    expect(totals.subtotalCents).toBe(-16200);
    expect(totals.totalCents).toBe(-19440);
  });

  it("refuses a discount worth more than its line or the lines' total", () => {
    const line = { quantity: 1, unitPriceCents: 10000, vatRateBp: 2000 };
    expect(discountProblem([{ ...line, discountKind: "amount", discountValue: 10001 }])).toEqual({
      path: ["lines", 0, "discountValue"],
      message: "La remise dépasse le montant de la ligne.",
    });
    expect(discountProblem([line], { discountKind: "amount", discountValue: 10001 })?.message).toBe(
      "La remise dépasse le total HT des lignes.",
    );
    expect(discountProblem([line], { discountKind: "amount", discountValue: 10000 })).toBeNull();
  });

  it("owes the total less deposits, credit notes and payments; a refund adds back", () => {
    expect(amountDueCents({ totalCents: 120000, depositsCents: 36000, creditedCents: 0, paidCents: 0 })).toBe(
      84000,
    );
    expect(
      amountDueCents({
        totalCents: 120000,
        depositsCents: 0,
        creditedCents: 24000,
        paidCents: 120000 - 24000,
      }),
    ).toBe(0);
  });
});

describe("numbering and dates", () => {
  it("formats continuous numbers per series", () => {
    expect(formatDocumentNumber("facture", 2026, 1)).toBe("INV-2026-0001");
    expect(formatDocumentNumber("avoir", 2026, 42)).toBe("AV-2026-0042");
    expect(formatDocumentNumber("devis", 2027, 12345)).toBe("DEV-2027-12345");
  });

  it("dates in Paris: 23:30 UTC on 31 December is already the next year in France", () => {
    expect(parisToday(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(addDays("2026-11-21", 30)).toBe("2026-12-21");
    expect(addDays("2027-02-20", 10)).toBe("2027-03-02");
  });
});

describe("unitPriceForTotalCents", () => {
  it("finds the price excluding VAT of a price set VAT included: 59 € TTC at 20 % is 49,17 € HT + 9,83 €", () => {
    const unitPriceCents = unitPriceForTotalCents(5900, 2000);
    expect(unitPriceCents).toBe(4917);
    const totals = computeTotals([{ quantity: 1, unitPriceCents, vatRateBp: 2000 }]);
    expect([totals.subtotalCents, totals.taxCents, totals.totalCents]).toEqual([4917, 983, 5900]);
    expect(unitPriceForTotalCents(5900, 0)).toBe(5900);
  });

  it("keeps the total exact whenever a price reaches it, and within a cent otherwise", () => {
    const totalOf = (unitPriceCents: number, vatRateBp: number) =>
      computeTotals([{ quantity: 1, unitPriceCents, vatRateBp }]).totalCents;
    for (const rate of [2000, 1000, 550, 210])
      for (let total = 1; total < 3000; total += 7) {
        const reached = totalOf(unitPriceForTotalCents(total, rate), rate);
        const isReachable = Array.from({ length: total + 1 }, (_, price) => totalOf(price, rate)).includes(
          total,
        );
        if (isReachable) expect(reached).toBe(total);
        else expect(Math.abs(reached - total)).toBeLessThanOrEqual(1);
      }
  });
});
