import { describe, expect, it } from "vitest";
import {
  checkVatNumber,
  formatPhone,
  frenchVatNumber,
  isValidSiren,
  isValidSiret,
  normalizePhone,
  normalizeVatNumber,
} from "./identifiers";

describe("SIREN", () => {
  it("accepts 9 digits with a valid Luhn key, spaces allowed", () => {
    expect(isValidSiren("443061841")).toBe(true);
    expect(isValidSiren("443 061 841")).toBe(true);
  });
  it("refuses a wrong key, a wrong length or letters", () => {
    expect(isValidSiren("443061842")).toBe(false);
    expect(isValidSiren("44306184")).toBe(false);
    expect(isValidSiren("44306184A")).toBe(false);
  });
});

describe("SIRET", () => {
  it("accepts 14 digits with a valid Luhn key", () => {
    expect(isValidSiret("443 061 841 00047")).toBe(true);
    expect(isValidSiret("73282932000074")).toBe(true);
  });
  it("refuses a wrong key or length", () => {
    expect(isValidSiret("44306184100048")).toBe(false);
    expect(isValidSiret("4430618410004")).toBe(false);
  });
  it("follows La Poste's own rule for its establishments", () => {
    expect(isValidSiret("35600000000048")).toBe(true);
    expect(isValidSiret("35600000049837")).toBe(true);
    expect(isValidSiret("35600000049838")).toBe(false);
  });
});

describe("VAT number", () => {
  it("computes the French key from the SIREN", () => {
    expect(frenchVatNumber("443061841")).toBe("FR64443061841");
    expect(frenchVatNumber("732 829 320")).toBe("FR44732829320");
  });
  it("checks a French number's format, SIREN and key", () => {
    expect(checkVatNumber("fr 64 443 061 841")).toBe("valid");
    expect(checkVatNumber("FR65443061841")).toBe("key");
    expect(checkVatNumber("FR64443061842")).toBe("siren");
    expect(checkVatNumber("FR6444306184")).toBe("format");
  });
  it("only checks the shape of another EU country's number", () => {
    expect(checkVatNumber("BE0123456789")).toBe("valid");
    expect(checkVatNumber("B1")).toBe("format");
  });
  it("normalises for storage", () => {
    expect(normalizeVatNumber(" fr64 443-061-841 ")).toBe("FR64443061841");
  });
});

describe("phone numbers", () => {
  it.each([["06 12 34 56 78"], ["+33 6 12 34 56 78"], ["0612345678"], ["06.12.34.56.78"], ["0033612345678"]])(
    "stores %s as E.164",
    (typed) => {
      expect(normalizePhone(typed)).toBe("+33612345678");
    },
  );
  it("keeps other international numbers and refuses the rest", () => {
    expect(normalizePhone("+32 470 12 34 56")).toBe("+32470123456");
    expect(normalizePhone("12345")).toBeNull();
    expect(normalizePhone("00 12 34 56 78")).toBeNull();
  });
  it("shows French numbers in pairs", () => {
    expect(formatPhone("+33612345678")).toBe("06 12 34 56 78");
    expect(formatPhone("+32470123456")).toBe("+32470123456");
  });
});
