import { describe, expect, it } from "vitest";
import { defaultVatRateBp, isVatRateAllowed, vatRatesFor } from "./vat-regime";

describe("VAT regime rules", () => {
  it("gives a new line 0 % under the franchise and 20 % when VAT-registered", () => {
    expect(defaultVatRateBp("franchise")).toBe(0);
    expect(defaultVatRateBp("assujetti")).toBe(2000);
  });

  it("treats an unknown regime as the franchise, a new account's regime", () => {
    expect(defaultVatRateBp(null)).toBe(0);
    expect(defaultVatRateBp(undefined)).toBe(0);
    expect(vatRatesFor(undefined)).toEqual([0]);
  });

  it("offers only 0 % under the franchise and every French rate otherwise", () => {
    expect(vatRatesFor("franchise")).toEqual([0]);
    expect(vatRatesFor("assujetti")).toEqual([2000, 1000, 550, 210, 0]);
    expect(isVatRateAllowed("franchise", 2000)).toBe(false);
    expect(isVatRateAllowed("franchise", 0)).toBe(true);
    expect(isVatRateAllowed("assujetti", 550)).toBe(true);
  });

  it("keeps the default among the rates the regime allows", () => {
    for (const regime of ["franchise", "assujetti"] as const) {
      expect(isVatRateAllowed(regime, defaultVatRateBp(regime))).toBe(true);
    }
  });
});
