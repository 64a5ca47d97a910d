import { describe, expect, it } from "vitest";
import { invoiceStatusLabel } from "./invoice-status";
import { invoiceTitle } from "./invoice-title";

describe("invoiceTitle", () => {
  it("titles an issued document by its number, a draft by its client and amount", () => {
    const base = { clientName: "Atelier Lumière", totalCents: 144_000 };
    expect(invoiceTitle({ ...base, invoiceNumber: "INV-2026-0001", kind: "facture" })).toBe(
      "Facture INV-2026-0001",
    );
    expect(invoiceTitle({ ...base, invoiceNumber: "AV-2026-0001", kind: "avoir" })).toBe(
      "Avoir AV-2026-0001",
    );
    expect(invoiceTitle({ ...base, invoiceNumber: null, kind: "facture" })).toMatch(
      /^Brouillon · Atelier Lumière · 1\s440,00\s€$/,
    );
  });
});

describe("invoiceStatusLabel", () => {
  it("says « Avoir émis » for an issued credit note, never « Payée »", () => {
    expect(invoiceStatusLabel({ status: "payée", kind: "avoir" })).toBe("Avoir émis");
    expect(invoiceStatusLabel({ status: "brouillon", kind: "avoir" })).toBe("Brouillon");
    expect(invoiceStatusLabel({ status: "payée", kind: "facture" })).toBe("Payée");
  });
});
