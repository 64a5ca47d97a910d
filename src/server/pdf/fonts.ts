import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * TTF files shipped by an npm package (not a system path, not WOFF2): Inter has the narrow no-break space
 * (U+202F) that French amounts contain ("1 234,56 €") and the euro sign.
 */
export const FONT_FILES = {
  regular: require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"),
  semibold: require.resolve("@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf"),
  bold: require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf"),
} as const;
