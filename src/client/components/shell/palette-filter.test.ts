import { describe, expect, it } from "vitest";
import { paletteScore } from "./palette-filter";

describe("paletteScore", () => {
  it("shows everything for an empty search", () => {
    expect(paletteScore("Factures", "")).toBe(1);
    expect(paletteScore("Factures", "   ")).toBe(1);
  });

  it("ignores accents and case", () => {
    expect(paletteScore("Dépenses", "depenses")).toBe(1);
    expect(paletteScore("Paramètres", "PARAM")).toBe(1);
    expect(paletteScore("Intégrations", "integ")).toBe(1);
  });

  it("matches keywords, ranking label matches first", () => {
    const byKeyword = paletteScore("Factures", "invoice", ["invoices"]);
    expect(byKeyword).toBeGreaterThan(0);
    expect(byKeyword).toBeLessThan(paletteScore("Factures", "fact"));
  });

  it("needs every word typed", () => {
    expect(paletteScore("Nouvelle facture", "nouv fact")).toBe(1);
    expect(paletteScore("Nouveau devis", "facture")).toBe(0);
    expect(paletteScore("Nouveau devis", "nouveau facture")).toBe(0);
  });
});
