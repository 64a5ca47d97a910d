import { describe, expect, it } from "vitest";
import { formatAmount, formatCount, formatMoney, formatQuantity, formatUnit, plural } from "./format";

describe("French plurals", () => {
  it("is singular below 2 and plural from 2, as French counts", () => {
    expect(plural(0, "jour")).toBe("jour");
    expect(plural(1, "jour")).toBe("jour");
    expect(plural(1.5, "jour")).toBe("jour");
    expect(plural(2, "jour")).toBe("jours");
    expect(plural(3, "travail", "travaux")).toBe("travaux");
  });

  it("writes a count with its agreed noun", () => {
    expect(formatCount(1, "jour")).toBe("1 jour");
    expect(formatCount(3, "jour")).toBe("3 jours");
    expect(formatCount(1234, "facture")).toBe("1\u202f234 factures");
  });

  it("agrees a typed unit with its quantity, leaving abbreviations and symbols alone", () => {
    expect(formatQuantity(3, "jour")).toBe("3 jours");
    expect(formatQuantity(1, "jour")).toBe("1 jour");
    expect(formatQuantity(2.5, "heure")).toBe("2,5 heures");
    expect(formatQuantity(0.5, "jour")).toBe("0,5 jour");
    expect(formatQuantity(3, "h")).toBe("3 h");
    expect(formatQuantity(12, "m²")).toBe("12 m²");
    expect(formatQuantity(2, "mois")).toBe("2 mois");
    expect(formatQuantity(4, null)).toBe("4");
    expect(formatUnit(2, "jours")).toBe("jours");
    expect(formatUnit(2, "demi-journée")).toBe("demi-journées");
  });
});

describe("money", () => {
  it("writes the registration price with a space before the euro sign", () => {
    expect(formatMoney(5900, { dropZeroCents: true })).toMatch(/^59\s€$/u);
  });

  it("writes an amount without its sign as Intl does, whatever its size and sign", () => {
    const intl = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const samples = [
      0, -0, 1, -1, 9, 10, 99, 100, 101, 99_999, 100_000, -123_456, 999_999_999_999, 1e12, 0.5,
    ];
    // Every magnitude up to a trillion euros, both signs.
    for (let digits = 1; digits <= 15; digits++)
      for (let draw = 0; draw < 40; draw++) {
        const cents = Math.floor(Math.random() * 10 ** digits);
        samples.push(cents, -cents);
      }
    for (const cents of samples) expect(formatAmount(cents), String(cents)).toBe(intl.format(cents / 100));
    expect(formatAmount(123_456)).toBe("1\u202f234,56");
  });
});
