import { paths } from "@shared/paths";
import { describe, expect, it } from "vitest";
import {
  isTypingTarget,
  type KeyStroke,
  matchShortcut,
  newItemTargets,
  shortcutHelpLines,
} from "./shortcuts";

const press = (key: string, modifiers: Partial<KeyStroke> = {}): KeyStroke => ({
  key,
  code: "",
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

describe("matchShortcut", () => {
  it("maps Ctrl/Cmd+1…9 to the nine destinations in the spec's order", () => {
    const targets = ["1", "2", "3", "4", "5", "6", "7", "8", "9"].map((digit) => {
      const action = matchShortcut(press(digit, { ctrlKey: true, code: `Digit${digit}` }));
      return action?.kind === "navigate" ? action.to : null;
    });
    expect(targets).toEqual([
      paths.app.dashboard,
      paths.app.projects.list,
      paths.app.clients.list,
      paths.app.quotes.list,
      paths.app.invoices.list,
      paths.app.contracts.list,
      paths.app.expenses.list,
      paths.app.crm,
      paths.app.profile,
    ]);
    expect(matchShortcut(press("4", { metaKey: true }))).toEqual({
      kind: "navigate",
      to: paths.app.quotes.list,
      label: "Devis",
    });
  });

  it("reads digits from the physical key on an AZERTY keyboard", () => {
    expect(matchShortcut(press("&", { ctrlKey: true, code: "Digit1" }))).toMatchObject({
      to: paths.app.dashboard,
    });
    expect(matchShortcut(press("é", { ctrlKey: true, code: "Digit2" }))).toMatchObject({ label: "Projets" });
    expect(matchShortcut(press("3", { ctrlKey: true, code: "Numpad3" }))).toMatchObject({ label: "Clients" });
  });

  it("ignores 0 and digits without a modifier", () => {
    expect(matchShortcut(press("0", { ctrlKey: true, code: "Digit0" }))).toBeNull();
    expect(matchShortcut(press("1", { code: "Digit1" }))).toBeNull();
  });

  it("recognises the letter shortcuts with Ctrl or Cmd, in either case", () => {
    expect(matchShortcut(press("b", { ctrlKey: true }))).toEqual({ kind: "toggle-sidebar" });
    expect(matchShortcut(press("B", { metaKey: true }))).toEqual({ kind: "toggle-sidebar" });
    expect(matchShortcut(press("k", { ctrlKey: true }))).toEqual({ kind: "open-palette" });
    expect(matchShortcut(press("k", { metaKey: true }))).toEqual({ kind: "open-palette" });
    expect(matchShortcut(press("n", { ctrlKey: true }))).toEqual({ kind: "new-item" });
    expect(matchShortcut(press("T", { ctrlKey: true, shiftKey: true }))).toEqual({ kind: "cycle-theme" });
  });

  it("leaves other combinations to the browser", () => {
    expect(matchShortcut(press("t", { ctrlKey: true }))).toBeNull();
    expect(matchShortcut(press("N", { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(matchShortcut(press("b"))).toBeNull();
    expect(matchShortcut(press("c", { ctrlKey: true }))).toBeNull();
  });

  it("never fires with Alt, which includes AltGr on Windows", () => {
    expect(matchShortcut(press("b", { ctrlKey: true, altKey: true }))).toBeNull();
    expect(matchShortcut(press("1", { ctrlKey: true, altKey: true, code: "Digit1" }))).toBeNull();
    expect(matchShortcut(press("?", { altKey: true }))).toBeNull();
  });

  it("shows the help on ? alone, whatever Shift it took to type it", () => {
    expect(matchShortcut(press("?", { shiftKey: true }))).toEqual({ kind: "show-help" });
    expect(matchShortcut(press("?"))).toEqual({ kind: "show-help" });
    expect(matchShortcut(press("?", { ctrlKey: true }))).toBeNull();
  });
});

describe("isTypingTarget", () => {
  it("is true in text fields, text areas, selects and editable content", () => {
    expect(isTypingTarget({ tagName: "INPUT", type: "text" })).toBe(true);
    expect(isTypingTarget({ tagName: "INPUT", type: "search" })).toBe(true);
    expect(isTypingTarget({ tagName: "INPUT" })).toBe(true);
    expect(isTypingTarget({ tagName: "TEXTAREA" })).toBe(true);
    expect(isTypingTarget({ tagName: "SELECT" })).toBe(true);
    expect(isTypingTarget({ tagName: "DIV", isContentEditable: true })).toBe(true);
  });

  it("is false on buttons, checkboxes and the page itself", () => {
    expect(isTypingTarget({ tagName: "INPUT", type: "checkbox" })).toBe(false);
    expect(isTypingTarget({ tagName: "BUTTON" })).toBe(false);
    expect(isTypingTarget({ tagName: "BODY", isContentEditable: false })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe("newItemTargets", () => {
  it("has a creation page for the five creatable sections only", () => {
    expect(Object.keys(newItemTargets).sort()).toEqual([
      "clients",
      "contracts",
      "invoices",
      "projects",
      "quotes",
    ]);
    expect(newItemTargets.invoices).toEqual({ to: paths.app.invoices.new, label: "Nouvelle facture" });
    expect(newItemTargets.expenses).toBeUndefined();
  });
});

describe("shortcutHelpLines", () => {
  it("lists every shortcut with the platform's modifier", () => {
    const lines = shortcutHelpLines("⌘");
    expect(lines).toHaveLength(6);
    expect(lines[0]).toContain("⌘+1 … 9");
    expect(lines.join("\n")).toContain("⌘+Maj+T");
  });
});
