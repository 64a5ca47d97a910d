import { paths } from "@shared/paths";
import { describe, expect, it } from "vitest";
import { isNavItemActive, mainNavItems, pageLabelFromPath } from "./nav-items";

describe("sidebar items", () => {
  it("follow the spec's order, in French", () => {
    expect(mainNavItems.map((item) => item.label)).toEqual([
      "Tableau de bord",
      "Projets",
      "Clients",
      "Devis",
      "Factures",
      "Contrats",
      "Dépenses",
      "Assistant IA",
      "Intégrations",
    ]);
  });
});

describe("isNavItemActive", () => {
  const dashboard = { to: paths.app.dashboard, isExact: true };
  const invoices = { to: paths.app.invoices.list };

  it("matches the dashboard exactly", () => {
    expect(isNavItemActive("/app", dashboard)).toBe(true);
    expect(isNavItemActive("/app/", dashboard)).toBe(true);
    expect(isNavItemActive("/app/invoices", dashboard)).toBe(false);
  });

  it("matches the other items by prefix, on whole segments", () => {
    expect(isNavItemActive("/app/invoices", invoices)).toBe(true);
    expect(isNavItemActive("/app/invoices/12", invoices)).toBe(true);
    expect(isNavItemActive("/app/invoices-old", invoices)).toBe(false);
    expect(isNavItemActive("/app/quotes", invoices)).toBe(false);
  });
});

describe("pageLabelFromPath (the assistant's context chip)", () => {
  it("names the page the user is on, the dashboard included, and nothing on an unlisted page", () => {
    expect(pageLabelFromPath(paths.app.dashboard)).toBe("Tableau de bord");
    expect(pageLabelFromPath(paths.app.invoices.detail("42"))).toBe("Factures");
    expect(pageLabelFromPath(paths.app.crm)).toBe("CRM");
    expect(pageLabelFromPath("/app/inconnu")).toBeNull();
  });
});
