import { describe, expect, it } from "vitest";
import { extractLinks } from "./links";

describe("extractLinks", () => {
  it("finds each distinct http(s) link once, without the punctuation that ends a sentence", () => {
    const text = [
      "Confirmer :",
      "https://a.example/verify?token=1&next=%2Fapp",
      "Voir aussi https://a.example/faq. Et (http://b.example/x), encore https://a.example/faq !",
      "Pas un lien : ftp://c.example, mailto:x@y.z",
    ].join("\n");
    expect(extractLinks(text)).toEqual([
      "https://a.example/verify?token=1&next=%2Fapp",
      "https://a.example/faq",
      "http://b.example/x",
    ]);
  });

  it("accepts an empty part", () => {
    expect(extractLinks(null)).toEqual([]);
    expect(extractLinks("")).toEqual([]);
  });
});
