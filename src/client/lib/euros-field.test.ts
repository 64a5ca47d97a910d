import { describe, expect, it } from "vitest";
import { centsToEurosField, optionalEurosToCents } from "./euros-field";

describe("optional euros fields", () => {
  it("reads French amounts, leaves an empty field unset and flags anything else", () => {
    expect(optionalEurosToCents("1 250,50 €")).toBe(125050);
    expect(optionalEurosToCents("800")).toBe(80000);
    expect(optionalEurosToCents("  ")).toBeNull();
    expect(optionalEurosToCents("douze")).toBeNaN();
    expect(optionalEurosToCents("12,345")).toBeNaN();
  });

  it("writes stored cents back the French way", () => {
    expect(centsToEurosField(125050)).toBe("1250,50");
    expect(centsToEurosField(null)).toBe("");
  });
});
