import type { QuoteDto } from "@shared/schemas/quotes";
import { describe, expect, it } from "vitest";
import {
  emptyQuoteForm,
  formValuesFromQuote,
  type QuoteFormValues,
  quoteFormSchema,
  toQuoteInput,
} from "./quote-form-values";

const filled = (depositPercent: string): QuoteFormValues => ({
  ...emptyQuoteForm("franchise"),
  clientName: "Famille Roux",
  lines: [
    { description: "Toiture", quantity: "1", unit: "", unitPrice: "8 500", discount: "", vatRateBp: "0" },
  ],
  depositPercent,
});

describe("quote form values: the deposit asked", () => {
  it("sends « 12,5 » or « 30 % » in basis points, and an empty field as null (which clears a draft's)", () => {
    expect(toQuoteInput(filled("12,5")).depositPercentBp).toBe(1250);
    expect(toQuoteInput(filled("30 %")).depositPercentBp).toBe(3000);
    expect(toQuoteInput(filled(" ")).depositPercentBp).toBeNull();
  });

  it("puts the shared schema's French refusals on the « Acompte demandé » field", () => {
    const messages = (text: string) =>
      (quoteFormSchema.safeParse(filled(text)).error?.issues ?? []).map((issue) => [
        issue.path.join("."),
        issue.message,
      ]);
    expect(messages("0")).toEqual([["depositPercent", "L'acompte doit être positif."]]);
    expect(messages("150")).toEqual([["depositPercent", "Un acompte ne dépasse pas 100 % du devis."]]);
    expect(messages("trente")).toEqual([["depositPercent", "Indiquez le pourcentage de l'acompte."]]);
    expect(messages("30")).toEqual([]);
  });

  it("types a quote's deposit back the French way", () => {
    const quote = { lines: [], depositPercentBp: 1250 } as unknown as QuoteDto;
    expect(formValuesFromQuote({ ...quote, validUntil: "2027-01-31" }, "franchise").depositPercent).toBe(
      "12,5",
    );
  });
});
