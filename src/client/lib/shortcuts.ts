import { paths } from "@shared/paths";
import { useEffect, useEffectEvent, useSyncExternalStore } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { type Section, sectionFromPath, sectionLabels } from "./section";
import { cycleTheme, themeLabels } from "./theme";

/** Ctrl/Cmd+1 … 9, in order (spec §2). */
export const navigationShortcuts = [
  { label: "Tableau de bord", to: paths.app.dashboard },
  { label: "Projets", to: paths.app.projects.list },
  { label: "Clients", to: paths.app.clients.list },
  { label: "Devis", to: paths.app.quotes.list },
  { label: "Factures", to: paths.app.invoices.list },
  { label: "Contrats", to: paths.app.contracts.list },
  { label: "Dépenses", to: paths.app.expenses.list },
  { label: "CRM", to: paths.app.crm },
  { label: "Profil", to: paths.app.profile },
] as const;

type NewItemTarget = { to: string; label: string };

/** Ctrl/Cmd+N: the sections that have a creation page, and the toast that confirms it. */
export const newItemTargets: Partial<Record<Section, NewItemTarget>> = {
  projects: { to: paths.app.projects.new, label: "Nouveau projet" },
  clients: { to: paths.app.clients.new, label: "Nouveau client" },
  quotes: { to: paths.app.quotes.new, label: "Nouveau devis" },
  invoices: { to: paths.app.invoices.new, label: "Nouvelle facture" },
  contracts: { to: paths.app.contracts.new, label: "Nouveau contrat" },
};

export type ShortcutAction =
  | { kind: "navigate"; to: string; label: string }
  | { kind: "new-item" }
  | { kind: "open-palette" }
  | { kind: "show-help" }
  | { kind: "cycle-theme" }
  | { kind: "toggle-sidebar" };

export type KeyStroke = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey"> & {
  code?: string;
};

/**
 * Digits are read from the physical key: on a French AZERTY keyboard Ctrl+1 reports key "&" and
 * code "Digit1". Letters are read from `key`, so they follow the user's layout.
 */
function digitOf({ key, code = "" }: KeyStroke): number | null {
  const digit = /^(?:Digit|Numpad)([1-9])$/.exec(code)?.[1] ?? (/^[1-9]$/.test(key) ? key : undefined);
  return digit ? Number(digit) : null;
}

/** Which shortcut a key press is, if any. Ctrl and Cmd are interchangeable. */
export function matchShortcut(stroke: KeyStroke): ShortcutAction | null {
  // Alt also covers AltGr (reported as Ctrl+Alt on Windows), which types characters such as @ or €.
  if (stroke.altKey) return null;
  if (!stroke.ctrlKey && !stroke.metaKey) return stroke.key === "?" ? { kind: "show-help" } : null;

  const digit = digitOf(stroke);
  if (digit !== null) {
    const target = navigationShortcuts[digit - 1];
    return target ? { kind: "navigate", ...target } : null;
  }
  const key = stroke.key.toLowerCase();
  if (stroke.shiftKey) return key === "t" ? { kind: "cycle-theme" } : null;
  if (key === "b") return { kind: "toggle-sidebar" };
  if (key === "k") return { kind: "open-palette" };
  if (key === "n") return { kind: "new-item" };
  return null;
}

const NON_TEXT_INPUTS = new Set([
  "button",
  "checkbox",
  "color",
  "file",
  "image",
  "radio",
  "range",
  "reset",
  "submit",
]);

/** True when the key press goes into a field the user is typing in; shortcuts then stay out of the way. */
export function isTypingTarget(target: unknown): boolean {
  if (!target || typeof target !== "object") return false;
  const element = target as { tagName?: string; type?: string; isContentEditable?: boolean };
  if (element.isContentEditable) return true;
  if (element.tagName === "TEXTAREA" || element.tagName === "SELECT") return true;
  if (element.tagName === "INPUT") return !NON_TEXT_INPUTS.has((element.type ?? "text").toLowerCase());
  return false;
}

export function isApplePlatform(): boolean {
  if (typeof navigator === "undefined") return false;
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
    navigator.platform;
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** "Ctrl" or "⌘", as the user's keyboard labels it. */
export function modifierLabel(): string {
  return isApplePlatform() ? "⌘" : "Ctrl";
}

const noSubscription = () => () => {};
const serverModifierLabel = () => "Ctrl";

/**
 * modifierLabel for what a component renders. A page the server renders (decision 017) knows no keyboard:
 * it says "Ctrl", and hydration reads the same before an Apple device corrects it, instead of a mismatch
 * that would make React throw the server's HTML away.
 */
export function useModifierLabel(): string {
  return useSyncExternalStore(noSubscription, modifierLabel, serverModifierLabel);
}

export function shortcutHelpLines(mod: string): string[] {
  return [
    `${mod}+1 … 9 : ${navigationShortcuts.map((item) => item.label).join(", ")}`,
    `${mod}+N : nouvel élément de la section (projet, client, devis, facture, contrat)`,
    `${mod}+K : rechercher une page ou une action`,
    `${mod}+B : afficher ou masquer la barre latérale`,
    `${mod}+Maj+T : changer de thème (clair, sombre, système)`,
    "? : afficher cette aide",
  ];
}

const HELP_TOAST_MS = 5000;

export function showShortcutHelp(): void {
  toast.info("Raccourcis clavier", {
    id: "shortcut-help",
    description: shortcutHelpLines(modifierLabel()).join("\n"),
    duration: HELP_TOAST_MS,
    // A reference card: neutral colours read better than blue on blue for six lines.
    richColors: false,
    classNames: { description: "whitespace-pre-line leading-relaxed" },
  });
}

/** Cycles light → dark → system and says which mode is now on (shortcut and command palette). */
export function cycleThemeWithToast(): void {
  toast(`Thème changé: ${themeLabels[cycleTheme()]}`, { id: "theme-change" });
}

type ShellShortcutHandlers = {
  onToggleSidebar: () => void;
  onOpenPalette: () => void;
};

/**
 * The shell's keyboard shortcuts (spec §2). Ignored while typing in a field; the browser's own meaning of
 * the keys is prevented. Browsers keep a few combinations for themselves and never pass them to a page
 * (Chrome: Ctrl+N, Ctrl+Shift+T): the command palette offers the same actions.
 */
export function useAppShortcuts({ onToggleSidebar, onOpenPalette }: ShellShortcutHandlers): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const run = useEffectEvent((action: ShortcutAction) => {
    switch (action.kind) {
      case "navigate":
        navigate(action.to);
        toast(`Navigation: ${action.label}`, { id: "shortcut-navigation" });
        return;
      case "new-item": {
        const section = sectionFromPath(pathname);
        const target = newItemTargets[section];
        if (target) {
          navigate(target.to);
          toast(target.label, { id: "shortcut-navigation" });
        } else {
          toast.info(`Pas de création rapide dans « ${sectionLabels[section]} »`, {
            id: "shortcut-navigation",
            description: `${modifierLabel()}+N crée un projet, un client, un devis, une facture ou un contrat depuis sa section.`,
          });
        }
        return;
      }
      case "open-palette":
        onOpenPalette();
        return;
      case "show-help":
        showShortcutHelp();
        return;
      case "cycle-theme":
        cycleThemeWithToast();
        return;
      case "toggle-sidebar":
        onToggleSidebar();
        return;
    }
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || isTypingTarget(event.target)) return;
      const action = matchShortcut(event);
      if (!action) return;
      event.preventDefault();
      if (!event.repeat) run(action);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
