import { describe, expect, it, vi } from "vitest";
import { generateSecureToken, SECURE_TOKEN_DEFAULT_LENGTH } from "./token";

describe("generateSecureToken", () => {
  it("defaults to 32 alphanumeric characters (spec §5)", () => {
    expect(SECURE_TOKEN_DEFAULT_LENGTH).toBe(32);
    expect(generateSecureToken()).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it("honours the requested length, including beyond one random draw", () => {
    expect(generateSecureToken(1)).toMatch(/^[A-Za-z0-9]$/);
    expect(generateSecureToken(100)).toMatch(/^[A-Za-z0-9]{100}$/);
    expect(generateSecureToken(70_000)).toHaveLength(70_000);
  });

  it("differs from one call to the next", () => {
    const tokens = new Set(Array.from({ length: 100 }, () => generateSecureToken()));
    expect(tokens.size).toBe(100);
  });

  it("draws from crypto.getRandomValues and drops the bytes that would bias the result", () => {
    // 248 and above would map onto the first characters a second time: they must be skipped.
    const spy = vi.spyOn(globalThis.crypto, "getRandomValues").mockImplementation((array) => {
      const bytes = array as unknown as Uint8Array;
      bytes.fill(255);
      bytes.set([0, 248, 61, 255, 62, 247]);
      return array;
    });
    try {
      // 0 → "A", 61 → "9", 62 → "A" again, 247 = 3 × 62 + 61 → "9"
      expect(generateSecureToken(4)).toBe("A9A9");
    } finally {
      spy.mockRestore();
    }
  });

  it("uses every character of the alphabet evenly", () => {
    const counts = new Map<string, number>();
    for (const character of generateSecureToken(620_000))
      counts.set(character, (counts.get(character) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 10,000 expected per character, σ ≈ 100: ±8% never fails by chance, yet a plain `byte % 62` would give
    // the first 8 characters about 12,100.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(9_200);
      expect(count).toBeLessThan(10_800);
    }
  });

  it("refuses a length that is not a positive integer", () => {
    expect(() => generateSecureToken(0)).toThrow(RangeError);
    expect(() => generateSecureToken(-1)).toThrow(RangeError);
    expect(() => generateSecureToken(2.5)).toThrow(RangeError);
  });
});
