// Applies the saved theme before the first paint, so a dark-mode user never sees a white flash.
// A plain file because the CSP forbids inline scripts; src/client/lib/theme.ts owns the same rule.
(() => {
  let theme = "system";
  try {
    const saved = JSON.parse(localStorage.getItem("theme-config") || "{}");
    if (saved.theme === "light" || saved.theme === "dark") theme = saved.theme;
  } catch {
    // Unreadable config: fall back to the system preference.
  }
  const isDark =
    theme === "dark" || (theme === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", isDark);
  document.documentElement.style.colorScheme = isDark ? "dark" : "light";
})();
