import { describe, expect, it } from "vitest";
import { pdfFonts } from "./fonts";

describe("the shared PDF fonts", () => {
  it("keep a period's Unicode value after a document subset « … », whose components are periods", () => {
    const { regular } = pdfFonts();
    const subset = regular.createSubset();
    for (const glyph of regular.layout("Suite…").glyphs) subset.includeGlyph(glyph);
    subset.encode();
    // The next document lays out a sentence: its final period must still say it is U+002E.
    const period = regular.layout("Acompte à la commande.").glyphs.at(-1);
    expect(period?.codePoints).toEqual([46]);
  });
});
