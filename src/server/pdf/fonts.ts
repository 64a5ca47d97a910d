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
  return font;
}
