import { useSyncExternalStore } from "react";

export type ThemeMode = "light" | "dark" | "system";
export type ResolvedTheme = "light" | "dark";

export type ThemeConfig = {
  theme: ThemeMode;
  colorScheme: string;
  reducedMotion: boolean;
  fontSize: string;
};

// public/theme-init.js repeats the key and the resolution rule: it must run before the first paint.
export const THEME_STORAGE_KEY = "theme-config";

export const defaultThemeConfig: ThemeConfig = {
  theme: "system",
  colorScheme: "blue",
  reducedMotion: false,
  fontSize: "medium",
};

const THEME_MODES: readonly ThemeMode[] = ["light", "dark", "system"];
const DARK_QUERY = "(prefers-color-scheme: dark)";

export function readThemeConfig(): ThemeConfig {
  try {
    const raw = localStorage.getItem(THEME_STORAGE_KEY);
    const parsed: Partial<ThemeConfig> = raw ? JSON.parse(raw) : {};
    const merged = { ...defaultThemeConfig, ...parsed };
    return THEME_MODES.includes(merged.theme) ? merged : { ...merged, theme: "system" };
  } catch {
    return defaultThemeConfig;
  }
}

export function resolveTheme(mode: ThemeMode, prefersDark: boolean): ResolvedTheme {
  if (mode === "system") return prefersDark ? "dark" : "light";
  return mode;
}

export function applyTheme(theme: ResolvedTheme): void {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
}

// One store per tab so every component sees a change at once; other tabs follow through `storage`.
let cachedConfig: ThemeConfig | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  cachedConfig = null;
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key === THEME_STORAGE_KEY || event.key === null) notify();
}

function subscribeConfig(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

function getConfig(): ThemeConfig {
  cachedConfig ??= readThemeConfig();
  return cachedConfig;
}

function subscribeSystem(listener: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

function getPrefersDark(): boolean {
  // No matchMedia when the build prerenders a page in Node.
  return globalThis.matchMedia?.(DARK_QUERY).matches ?? false;
}

/** Saves the choice (keeping colorScheme, reducedMotion and fontSize) and updates every subscriber at once. */
export function setTheme(theme: ThemeMode): void {
  const next = { ...getConfig(), theme };
  try {
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private browsing can refuse storage; the choice then lasts for this tab only.
  }
  cachedConfig = next;
  for (const listener of listeners) listener();
}

/** Earlier name of setTheme, kept for existing callers. */
export const setThemeMode = setTheme;

/** Spec §4: light → dark → system → light. */
export function nextTheme(theme: ThemeMode): ThemeMode {
  return THEME_MODES[(THEME_MODES.indexOf(theme) + 1) % THEME_MODES.length] ?? "system";
}

/** Moves to the next mode and returns it (Ctrl+Shift+T, the command palette). */
export function cycleTheme(): ThemeMode {
  const theme = nextTheme(getConfig().theme);
  setTheme(theme);
  return theme;
}

/** The words the user reads for each mode (toasts, menus). */
export const themeLabels: Record<ThemeMode, string> = {
  light: "Mode clair",
  dark: "Mode sombre",
  system: "Mode système",
};

// The server snapshot is the real one: while a prerendered page hydrates, the theme must already be the
// saved one (as theme-init.js applied it), not a default that would flash light for one frame. The
// prerendered markup never depends on it: the theme is only a class on <html>.
export function useThemeConfig(): ThemeConfig {
  return useSyncExternalStore(subscribeConfig, getConfig, getConfig);
}

/** The theme actually shown: the saved choice, or the OS preference, followed live, for "system". */
export function useResolvedTheme(): ResolvedTheme {
  const { theme } = useThemeConfig();
  const prefersDark = useSyncExternalStore(subscribeSystem, getPrefersDark, getPrefersDark);
  return resolveTheme(theme, prefersDark);
}
