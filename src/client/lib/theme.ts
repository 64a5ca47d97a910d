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
  return window.matchMedia(DARK_QUERY).matches;
}

export function setThemeMode(theme: ThemeMode): void {
  const next = { ...getConfig(), theme };
  try {
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private browsing can refuse storage; the choice then lasts for this tab only.
  }
  cachedConfig = next;
  for (const listener of listeners) listener();
}

export function useThemeConfig(): ThemeConfig {
  return useSyncExternalStore(subscribeConfig, getConfig);
}

/** The theme actually shown: the saved choice, or the OS preference, followed live, for "system". */
export function useResolvedTheme(): ResolvedTheme {
  const { theme } = useThemeConfig();
  const prefersDark = useSyncExternalStore(subscribeSystem, getPrefersDark);
  return resolveTheme(theme, prefersDark);
}
