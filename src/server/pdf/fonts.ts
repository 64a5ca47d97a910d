import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create, type Font } from "fontkit";

const require = createRequire(import.meta.url);

/**
 * TTF files shipped by an npm package (not a system path, not WOFF2): Inter has the narrow no-break space
 * (U+202F) that French amounts contain ("1 234,56 €") and the euro sign.
 */
const FONT_FILES = {
  regular: require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"),
  semibold: require.resolve("@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf"),
  bold: require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf"),
} as const;

export type FontName = keyof typeof FONT_FILES;

let parsed: Record<FontName, Font> | undefined;

/**
 * The fonts parsed once per process. Given a path, pdfkit would read and parse each font again for every
 * document, and fontkit decodes a font's layout tables lazily: most of a document's time went into decoding
 * Inter's GSUB/GPOS again. A parsed font is shared safely: layout is synchronous and each document keeps
 * its own subset.
 */
export function pdfFonts(): Record<FontName, Font> {
  parsed ??= {
    regular: loadFont(FONT_FILES.regular),
    semibold: loadFont(FONT_FILES.semibold),
    bold: loadFont(FONT_FILES.bold),
  };
  return parsed;
}

function loadFont(path: string): Font {
  const font = create(readFileSync(path));
  if (!("layout" in font)) throw new Error(`${path} is a font collection, not a font`);
  keepCodePoints(font);
  return font;
}

type GlyphCache = { getGlyph(id: number, characters?: number[]): { codePoints: number[] } | null };

/**
 * fontkit caches each glyph with the code points of its first request. A document's subset asks for the
 * components of a composite glyph (the three periods of « … ») with none: in a font shared by every document,
 * the period cached that way was then written without its Unicode value in every later PDF of the process,
 * so « commande. » read as « commande » (text extraction, copy, search, PDF/A). A later request that knows
 * the code points fills them in place, where the documents holding that array see them too.
 */
function keepCodePoints(font: Font): void {
  const cache = font as unknown as GlyphCache;
  const getGlyph = cache.getGlyph.bind(font);
  cache.getGlyph = (id, characters = []) => {
    const glyph = getGlyph(id, characters);
    if (glyph && glyph.codePoints.length === 0 && characters.length > 0) glyph.codePoints.push(...characters);
    return glyph;
  };
}
