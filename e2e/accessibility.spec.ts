import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { paths } from "../src/shared/paths";
import { expect, LIABLE_IDENTITY, signUpAndPay, test } from "./fixtures";

/**
 * Issue 31 item 24: axe on every page and dialog, at 1280 px light and 390 px dark, on an account with data.
 * WCAG 2.0 and 2.1 A and AA as axe checks them, plus « label in name » (WCAG 2.5.3, experimental in axe, so
 * off unless asked for). Serious and critical findings fail the test; each page's count is printed.
 */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    // Toasts caught mid fade-in read to axe as too low a contrast.
    .exclude("[data-sonner-toaster]")
    .analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`));
}

type Records = {
  clientId: string;
  draftInvoiceId: string;
  issuedInvoiceId: string;
  quoteId: string;
  projectId: string;
  contractId: string;
  expenseId: string;
};

/** The records every detail page shows, created through the API as a freelancer would through the forms. */
async function createRecords(api: APIRequestContext, origin: string): Promise<Records> {
  const headers = { origin };
  const post = async (path: string, data: object) => {
    const response = await api.post(path, { data, headers });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()).id as string;
  };
  expect((await api.put("/api/settings/identity", { data: LIABLE_IDENTITY, headers })).ok()).toBe(true);
  const clientId = await post("/api/clients", {
    name: "Atelier Lumière",
    company: "Atelier Lumière SARL",
    contactName: "Inès Morel",
    email: "contact@atelier-lumiere.fr",
    siren: "552100554",
    addressLine1: "8 rue de la Soie",
    postalCode: "69001",
    city: "Lyon",
  });
  const lines = [
    { description: "Refonte du site vitrine", quantity: 1, unitPriceCents: 120_000, vatRateBp: 2000 },
  ];
  const issuedInvoiceId = await post("/api/invoices", { clientId, clientName: "Atelier Lumière", lines });
  const issued = await api.post(`/api/invoices/${issuedInvoiceId}/issue`, { headers });
  expect(issued.ok(), await issued.text()).toBe(true);
  const paid = await api.post(`/api/invoices/${issuedInvoiceId}/payments`, {
    data: { amountCents: 50_000, method: "virement" },
    headers,
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const draftInvoiceId = await post("/api/invoices", { clientId, clientName: "Atelier Lumière", lines });
  const quoteId = await post("/api/quotes", { clientId, clientName: "Atelier Lumière", lines });
  const projectId = await post("/api/projects", { name: "Refonte du site", clientId });
  const contractId = await post("/api/contracts", {
    title: "Contrat de prestations de développement",
    clientId,
    content: "Article 1 — Objet. Le prestataire réalise la refonte du site vitrine du client.",
  });
  const expenseId = await post("/api/expenses", {
    title: "Déjeuner avec un client",
    amountCents: 3450,
    vatRateBp: 1000,
    category: "repas",
    date: new Date().toISOString().slice(0, 10),
  });
  return { clientId, draftInvoiceId, issuedInvoiceId, quoteId, projectId, contractId, expenseId };
}

/** A place to check: a page, optionally a dialog opened on it (and closed after, focus checked). */
type Stop = { name: string; path: string; heading?: RegExp; open?: (page: Page) => Promise<Locator> };

const byButton =
  (name: string | RegExp, dialog: string | RegExp, role: "dialog" | "alertdialog" = "dialog") =>
  async (page: Page) => {
    await page.getByRole("button", { name }).first().click();
    const opened = page.getByRole(role, { name: dialog });
    await expect(opened).toBeVisible();
    return opened;
  };

const assistantTab = (tab: string) => async (page: Page) => {
  await page.getByRole("button", { name: "Ouvrir l'assistant IA" }).click();
  const dialog = page.getByRole("dialog", { name: "Assistant IA" });
  await dialog.getByRole("tab", { name: tab }).click();
  await expect(dialog.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
  return dialog;
};

function stopsFor(records: Records): Stop[] {
  const app = paths.app;
  return [
    { name: "tableau de bord", path: app.dashboard },
    { name: "recherche (palette)", path: app.dashboard, open: byButton(/^Rechercher/, /^Rechercher/) },
    {
      name: "notifications",
      path: app.dashboard,
      open: async (page) => {
        await page.getByRole("button", { name: /^Notifications/ }).click();
        const dialog = page.getByRole("dialog", { name: "Notifications" });
        await expect(dialog).toBeVisible();
        return dialog;
      },
    },
    {
      name: "menu du compte",
      path: app.dashboard,
      open: async (page) => {
        await page.getByRole("button", { name: /^Menu du compte/ }).click();
        const menu = page.getByRole("menu");
        await expect(menu).toBeVisible();
        return menu;
      },
    },
    { name: "assistant : Chat", path: app.dashboard, open: assistantTab("Chat") },
    { name: "assistant : Vocal", path: app.dashboard, open: assistantTab("Vocal") },
    { name: "assistant : Actions", path: app.dashboard, open: assistantTab("Actions") },
    { name: "assistant : Documents", path: app.dashboard, open: assistantTab("Documents") },
    { name: "factures", path: app.invoices.list },
    { name: "nouvelle facture", path: app.invoices.new },
    { name: "facture brouillon", path: app.invoices.detail(records.draftInvoiceId) },
    { name: "facture émise", path: app.invoices.detail(records.issuedInvoiceId) },
    {
      name: "facture émise : paiement",
      path: app.invoices.detail(records.issuedInvoiceId),
      open: byButton(/^Enregistrer un paiement/, /paiement/i),
    },
    { name: "devis", path: app.quotes.list },
    { name: "nouveau devis", path: app.quotes.new },
    { name: "devis (détail)", path: app.quotes.detail(records.quoteId) },
    { name: "devis (modification)", path: app.quotes.edit(records.quoteId) },
    { name: "clients", path: app.clients.list },
    { name: "nouveau client", path: app.clients.new },
    { name: "client (détail)", path: app.clients.detail(records.clientId) },
    {
      name: "client : suppression",
      path: app.clients.detail(records.clientId),
      open: byButton(/^Supprimer/, /^Supprimer/, "alertdialog"),
    },
    { name: "CRM", path: app.crm },
    { name: "projets", path: app.projects.list },
    { name: "nouveau projet", path: app.projects.new },
    { name: "projet (détail)", path: app.projects.detail(records.projectId) },
    { name: "contrats", path: app.contracts.list },
    { name: "nouveau contrat", path: app.contracts.new },
    { name: "contrat (détail)", path: app.contracts.detail(records.contractId) },
    { name: "contrat (modification)", path: app.contracts.edit(records.contractId) },
    { name: "dépenses", path: app.expenses.list },
    {
      name: "dépenses : nouvelle",
      path: app.expenses.list,
      open: byButton(/^Nouvelle dépense/, "Nouvelle dépense"),
    },
    { name: "dépense (détail)", path: app.expenses.detail(records.expenseId) },
    { name: "factures reçues", path: app.expenses.received },
    { name: "URSSAF", path: app.urssaf },
    { name: "livre des recettes", path: `${app.books}?livre=recettes` },
    { name: "registre des achats", path: `${app.books}?livre=achats` },
    { name: "intégrations", path: app.integrations },
    { name: "automatisations", path: app.automations },
    { name: "assistant (page)", path: app.agent.home },
    { name: "assistant avancé", path: app.agent.advanced },
    { name: "profil", path: app.profile },
    { name: "paramètres", path: app.settings },
    { name: "page inconnue", path: `${app.root}/nulle-part` },
  ];
}

const publicStops: Stop[] = [
  { name: "accueil", path: paths.home },
  { name: "tarifs", path: paths.pricing },
  { name: "FAQ", path: paths.faq },
  { name: "à propos", path: paths.about },
  { name: "connexion", path: paths.auth.signIn },
  { name: "inscription", path: paths.auth.register },
];

async function settle(page: Page) {
  // Lazy chunks and skeletons: the page has its heading, and nothing says it is still loading.
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Visits each stop in turn; returns « stop: violation » lines and a per-stop count. */
async function audit(page: Page, stops: Stop[]) {
  const found: string[] = [];
  const counts: Record<string, number> = {};
  for (const stop of stops) {
    const startedAt = Date.now();
    if (new URL(page.url()).pathname + new URL(page.url()).search !== stop.path) {
      await page.goto(stop.path);
    }
    await settle(page);
    let violations: string[];
    if (stop.open) {
      try {
        await stop.open(page);
        await page.waitForTimeout(300);
        violations = await seriousViolations(page);
      } catch (error) {
        violations = [`ouverture impossible: ${String(error).slice(0, 200)}`];
      }
      await page.keyboard.press("Escape");
      await expect(page.locator("[role='dialog'], [role='alertdialog'], [role='menu']")).toHaveCount(0);
    } else {
      violations = await seriousViolations(page);
    }
    counts[stop.name] = violations.length;
    console.log(
      `${page.viewportSize()?.width} ${stop.name} (${Date.now() - startedAt} ms): ${violations.length} ${violations.slice(0, 6).join(" | ")}`,
    );
    found.push(...violations.map((line) => `${stop.name} — ${line}`));
  }
  return { found, counts };
}

async function phoneContextLike(browser: Browser, page: Page) {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    colorScheme: "dark",
    storageState: await page.context().storageState(),
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    extraHTTPHeaders: { "x-forwarded-for": "198.18.251.7" },
  });
}

test("axe: no serious or critical violation on any page or dialog, 1280 px light and 390 px dark", async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(900_000);
  const origin = baseURL ?? "";
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
  const desktopPublic = await audit(page, publicStops);
  await signUpAndPay(page.request, request, {
    email: `axe.${Date.now()}@example.fr`,
    password: "Velo-Cargo-Lumiere-2026",
    origin,
  });
  const records = await createRecords(page.request, origin);
  const stops = stopsFor(records);
  const desktop = await audit(page, stops);

  const phoneContext = await phoneContextLike(browser, page);
  const phone = await phoneContext.newPage();
  await phone.emulateMedia({ colorScheme: "dark" });
  const phonePublic = await audit(phone, publicStops.slice(0, 4));
  const phoneApp = await audit(phone, stops);
  await phoneContext.close();

  const table = [...publicStops, ...stops].map(
    (stop) =>
      `${stop.name.padEnd(28)} 1280 clair ${String(desktopPublic.counts[stop.name] ?? desktop.counts[stop.name] ?? "-").padStart(3)}   390 sombre ${String(phonePublic.counts[stop.name] ?? phoneApp.counts[stop.name] ?? "-").padStart(3)}`,
  );
  console.log(`axe, violations graves ou critiques par page :\n${table.join("\n")}`);
  expect([
    ...desktopPublic.found.map((line) => `1280 clair · ${line}`),
    ...desktop.found.map((line) => `1280 clair · ${line}`),
    ...phonePublic.found.map((line) => `390 sombre · ${line}`),
    ...phoneApp.found.map((line) => `390 sombre · ${line}`),
  ]).toEqual([]);
});

/** The focused element shows it: an outline or a ring (box-shadow), as the global :focus-visible gives. */
async function expectVisibleFocus(page: Page) {
  const focus = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { isVisible: false, what: "body" };
    const style = getComputedStyle(element);
    const hasOutline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    return { isVisible: hasOutline || style.boxShadow !== "none", what: element.outerHTML.slice(0, 160) };
  });
  expect(focus.isVisible, `focus invisible sur ${focus.what}`).toBe(true);
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Tab (or Shift+Tab) until `target` has the focus, every stop on the way showing its focus. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 90 } = {}) {
  for (let press = 0; press < max; press++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    if (await page.evaluate(() => document.activeElement === document.body)) continue;
    await expectVisibleFocus(page);
    if (await isFocused(target)) return;
  }
  throw new Error(`le clavier n'atteint pas ${target}`);
}

/** After a page change, the focus is on the new page's heading. */
async function expectHeadingFocused(page: Page, name: string | RegExp) {
  await expect.poll(() => isFocused(page.getByRole("heading", { level: 1, name }))).toBe(true);
}

test("keyboard only: a client, an invoice, the assistant, the palette; focus seen, never trapped, given back", async ({
  page,
  freelancer: _freelancer,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(paths.app.clients.list);
  await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();

  await test.step("a client, from the list's button to its saved page", async () => {
    await tabTo(page, page.getByRole("main").getByRole("link", { name: "Nouveau client" }).first());
    await page.keyboard.press("Enter");
    await expectHeadingFocused(page, /client/i);
    await tabTo(page, page.getByLabel("Nom du client"));
    await page.keyboard.type("Atelier Lumière");
    await tabTo(page, page.getByRole("button", { name: /^(Créer|Enregistrer)/ }).last());
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/app\/clients\/[0-9a-f-]{36}$/);
    await expectHeadingFocused(page, "Atelier Lumière");
  });

  await test.step("an invoice for it, through the sidebar and the form", async () => {
    await tabTo(
      page,
      page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Factures" }),
      {
        backwards: true,
      },
    );
    await page.keyboard.press("Enter");
    await expectHeadingFocused(page, "Factures");
    await tabTo(page, page.getByRole("main").getByRole("link", { name: "Nouvelle facture" }).first());
    await page.keyboard.press("Enter");
    await expectHeadingFocused(page, "Nouvelle facture");
    await tabTo(page, page.getByRole("combobox", { name: "Client" }));
    await page.keyboard.type("Atel");
    await expect(page.getByRole("option", { name: /Atelier Lumière/ })).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("combobox", { name: "Client" })).toHaveValue("Atelier Lumière");
    await tabTo(page, page.getByLabel("Description (ligne 1)"));
    await page.keyboard.type("Refonte du site vitrine");
    await tabTo(page, page.getByLabel("Prix unitaire HT (ligne 1)"));
    await page.keyboard.type("800");
    await tabTo(page, page.getByRole("button", { name: "Enregistrer le brouillon" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/app\/invoices\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  await test.step("the assistant dialog: focus inside, its tabs and log show focus, Escape gives it back", async () => {
    const opener = page.getByRole("button", { name: "Ouvrir l'assistant IA" });
    await tabTo(page, opener, { backwards: true });
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Assistant IA" });
    await expect(dialog).toBeVisible();
    const chatTab = dialog.getByRole("tab", { name: "Chat" });
    await tabTo(page, chatTab);
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("tab", { name: "Vocal" })).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Enter");
    // Tabbing never leaves the dialog while it is open, and Escape leaves it.
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[role='dialog']")))).toBe(
        true,
      );
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  await test.step("the palette (Ctrl+K) and the notifications give the focus back", async () => {
    const opener = page.getByRole("button", { name: "Ouvrir l'assistant IA" });
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: /^Rechercher/ });
    await expect(palette).toBeVisible();
    await page.keyboard.type("Clients");
    await page.keyboard.press("Escape");
    await expect(palette).toBeHidden();
    await expect(opener).toBeFocused();
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await tabTo(page, bell, { backwards: true });
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(bell).toBeFocused();
  });
});

test("320 px: the invoice list, form and detail reflow without horizontal scrolling", async ({
  page,
  freelancer,
}) => {
  const invoiceId = await freelancer.createDocument("invoices", 125_075);
  await page.setViewportSize({ width: 320, height: 640 });
  const widths: Record<string, number> = {};
  for (const [name, path, heading] of [
    ["liste", paths.app.invoices.list, "Factures"],
    ["formulaire", paths.app.invoices.new, "Nouvelle facture"],
    ["détail", paths.app.invoices.detail(invoiceId), /./],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    widths[name] = await page.evaluate(() => document.documentElement.scrollWidth);
  }
  expect(widths).toEqual({ liste: 320, formulaire: 320, détail: 320 });
});
