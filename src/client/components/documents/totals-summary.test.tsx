import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TotalsSummary } from "./totals-summary";

// The on-screen totals say what the PDF prints (issue 31 item 17): under the franchise, no VAT row and no
// « TTC », one « Total à payer ».
const totals = {
  byRate: [{ vatRateBp: 0, baseCents: 90_000, vatCents: 0 }],
  linesCents: 100_000,
  documentDiscountCents: 10_000,
  subtotalCents: 90_000,
  taxCents: 0,
  totalCents: 90_000,
};
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("TotalsSummary", () => {
  it("under the VAT franchise: « Total avant remise », the discount, « Total à payer », no VAT", () => {
    const shown = text(renderToStaticMarkup(<TotalsSummary totals={totals} isFranchise />));
    expect(shown).toContain("Total avant remise");
    expect(shown).toContain("Total à payer");
    expect(shown).not.toMatch(/TVA|TTC|HT/);
  });

  it("for a VAT-registered seller: HT, the VAT of each rate, TTC", () => {
    const shown = text(
      renderToStaticMarkup(
        <TotalsSummary
          totals={{ ...totals, byRate: [{ vatRateBp: 2000, baseCents: 90_000, vatCents: 18_000 }] }}
        />,
      ),
    );
    expect(shown).toContain("Total HT avant remise");
    expect(shown).toContain("TVA 20 %");
    expect(shown).toContain("Total TTC");
    expect(shown).not.toContain("Total à payer");
  });
});
