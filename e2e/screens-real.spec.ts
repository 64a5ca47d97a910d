import type { Page } from "@playwright/test";
import { expect, LIABLE_IDENTITY, screenshotsEverywhere, test, toast } from "./fixtures";

// Issue 31 items 11, 16, 19, 20: what the user sees is real, and the next action is where they are.

/** Issues the invoice through the API, as another tab or the assistant would: this page hears nothing. */
async function issue(page: Page, id: string, origin: string) {
  const issued = await page.request.post(`/api/invoices/${id}/issue`, { headers: { origin } });
  expect(issued.ok()).toBe(true);
}

test("dashboard: no checklist flash, no score before history, a forecast that agrees with the pending total", async ({
  page,
  freelancer,
}) => {
  const { api, headers } = freelancer;
  // A fully set-up account: identity with its activity, a client, an issued invoice (no payment yet).
  const identity = { ...LIABLE_IDENTITY, activityCategory: "bnc" };
  expect((await api.put("/api/settings/identity", { data: identity, headers })).ok()).toBe(true);
  expect((await api.post("/api/clients", { data: { name: "Atelier Lumière" }, headers })).ok()).toBe(true);
  await issue(page, await freelancer.createDocument("invoices", 100_000), headers.origin);

  // The settings answer late: the figures must not be drawn with the checklist guessing « 3 sur 4 ».
  await page.route("**/api/settings/identity", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await page.goto("/app");
  await expect(page.getByTestId("kpi-pending")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Bien démarrer avec Ardoise")).toHaveCount(0);
  await expect(page.getByText(/sur 4 faits?/)).toHaveCount(0);
  await page.unroute("**/api/settings/identity");

  // Nothing to score yet: next steps, not « Fragile » nor red « Urgent » cards.
  const health = page.getByTestId("health-card");
  await expect(health.getByText("Prochaines étapes")).toBeVisible();
  await expect(health.getByTestId("health-score")).toHaveCount(0);
  await expect(health.getByText("Fragile")).toHaveCount(0);
  await expect(health.getByText("Urgent", { exact: true })).toHaveCount(0);
  const expected = page.getByText(/attendus ·/).last();
  await expect(expected).toContainText((await page.getByTestId("kpi-pending").textContent()) ?? "");

  // A second invoice issued out of the page's sight: the server's analysis was cached before it.
  await issue(page, await freelancer.createDocument("invoices", 50_000), headers.origin);
  await page.reload();
  await expect(page.getByTestId("kpi-pending")).toHaveText(/1\s800,00\s€/);
  await expect(expected).toContainText(/^1\s800,00\s€ attendus/);

  // The assistant's context chip names the page, not the « Projets » fallback; no badge of a model
  // family that does not answer.
  await page.getByRole("button", { name: "Ouvrir l'assistant IA" }).click();
  const assistant = page.getByRole("dialog", { name: "Assistant IA" });
  await expect(assistant.getByText("Contexte : Tableau de bord")).toBeVisible();
  await expect(assistant.getByText("Contexte : Projets")).toHaveCount(0);
  await expect(assistant.getByText(/Claude 4|GPT-4\.1/)).toHaveCount(0);
  await page.keyboard.press("Escape");

  await screenshotsEverywhere(page, "real-dashboard");
});

test("the advanced agent shows each suggestion once, without invented percentages", async ({
  page,
  freelancer: _freelancer,
}) => {
  await page.goto("/app/agent-ia/advanced");
  const banner = page.getByRole("region", { name: "Suggestions intelligentes", exact: true });
  await expect(banner).toBeVisible({ timeout: 20_000 });
  const bannerTitles = await banner.getByRole("listitem").allInnerTexts();
  const cards = page.getByRole("region", { name: /^Suggestions Intelligentes/ });
  const cardTitles = await cards.getByRole("heading", { level: 4 }).allInnerTexts();
  expect(cardTitles.length).toBeGreaterThan(0);
  for (const title of cardTitles) expect(bannerTitles.map((text) => text.trim())).not.toContain(title.trim());
  await expect(page.getByText(/Pertinence/)).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Plan d'exécution" }).getByText(/\d+\s?%/)).toHaveCount(0);
  await screenshotsEverywhere(page, "real-advanced-agent");
});

test("one word per project state and « Tableau de bord » in the shortcuts", async ({ page, freelancer }) => {
  const { api, headers } = freelancer;
  for (const [name, status] of [
    ["Site vitrine", "en-cours"],
    ["Refonte par l'assistant", "active"],
  ])
    expect((await api.post("/api/projects", { data: { name, status }, headers })).ok()).toBe(true);
  await page.goto("/app/projects");
  const main = page.getByRole("main");
  await expect(main.getByText("Refonte par l'assistant").first()).toBeVisible();
  await expect(main.getByText("Active", { exact: true })).toHaveCount(0);
  await expect(main.getByText("En cours", { exact: true }).first()).toBeVisible();
  // The status filter offers « En cours » once, and it lists both projects.
  await expect(main.getByRole("button", { name: "En cours", exact: true })).toHaveCount(1);
  await main.getByRole("button", { name: "En cours", exact: true }).click();
  await expect(main.getByText("Refonte par l'assistant").first()).toBeVisible();
  await expect(main.getByText("Site vitrine").first()).toBeVisible();
  await screenshotsEverywhere(page, "real-projects");

  await page.keyboard.press("Control+1");
  await expect(toast(page, "Navigation: Tableau de bord")).toBeVisible();
  await page.keyboard.press("?");
  await expect(
    page.getByRole("region", { name: /^Notifications/ }).getByText(/Ctrl\+1 … 9 : Tableau de bord, Projets/),
  ).toBeVisible();
  await expect(page.getByText(/Dashboard/)).toHaveCount(0);
});

test("the next action where the user is: a client's new invoice, Envoyer first, plain statuses", async ({
  page,
  freelancer,
}) => {
  const { api, headers } = freelancer;
  const created = await api.post("/api/clients", { data: { name: "Boulangerie Dupont" }, headers });
  const client = await created.json();

  await page.goto(`/app/clients/${client.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Boulangerie Dupont" })).toBeVisible();
  await screenshotsEverywhere(page, "real-client");
  await page.getByRole("link", { name: "Nouvelle facture" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nouvelle facture" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: /Client/ })).toHaveValue("Boulangerie Dupont");

  // A draft is titled by its client and amount.
  const draftId = await freelancer.createDocument("invoices", 120_000);
  await page.goto(`/app/invoices/${draftId}`);
  await expect(
    page.getByRole("heading", { level: 1, name: /^Brouillon · Atelier Lumière · 1\s440,00\s€$/ }),
  ).toBeVisible();

  // Issued: « Envoyer » is the primary action, credit notes are under « Plus ».
  await issue(page, draftId, headers.origin);
  // The platform's lifecycle, as a plain word (the code is the platform's business).
  await page.route(`**/api/einvoicing/invoices/${draftId}/statuses`, (route) =>
    route.fulfill({
      json: [
        {
          status: "deposee",
          code: 200,
          label: "Déposée",
          platform: "test",
          message: null,
          amountCents: null,
          occurredAt: new Date().toISOString(),
        },
      ],
    }),
  );
  await page.reload();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: /^Facture / })).toBeVisible();
  await expect(main.getByText("Déposée sur la plateforme").first()).toBeVisible();
  await expect(main.getByText(/200 ·/)).toHaveCount(0);
  await expect(main.getByRole("button", { name: "Avoir partiel" })).toHaveCount(0);
  await expect(main.getByRole("button", { name: "Annuler par un avoir" })).toHaveCount(0);
  await main.getByRole("button", { name: "Plus" }).click();
  await expect(page.getByRole("menuitem", { name: "Avoir partiel" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Dupliquer" })).toBeVisible();
  await page.keyboard.press("Escape");
  await screenshotsEverywhere(page, "real-invoice-issued");

  // An e-mail sent appears in the invoice's history.
  await main.getByRole("button", { name: /^Envoyer/ }).click();
  const send = page.getByRole("dialog", { name: "Envoyer par e-mail" });
  await send.getByLabel("Destinataire").fill("compta@atelier-lumiere.fr");
  await send.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(toast(page, "E-mail envoyé")).toBeVisible();
  const history = page.getByRole("region", { name: "Historique" });
  await expect(history.getByText("Envoyée par e-mail")).toBeVisible();

  // Cancelled by a credit note: the credit note is « Avoir émis », never « Payée ».
  await main.getByRole("button", { name: "Plus" }).click();
  await page.getByRole("menuitem", { name: "Annuler par un avoir" }).click();
  await page.getByRole("button", { name: "Créer l'avoir" }).click();
  await expect(main.getByRole("heading", { level: 1, name: /^Avoir / })).toBeVisible();
  await expect(main.getByText("Avoir émis", { exact: true })).toBeVisible();
  await expect(main.getByText("Payée", { exact: true })).toHaveCount(0);
  await page.goto("/app/invoices");
  const creditRow = page.getByRole("row").filter({ hasText: /^AV-|AV-/ });
  await expect(creditRow.getByText("Avoir émis")).toBeVisible();
  await expect(creditRow.getByText("Payée")).toHaveCount(0);
  await screenshotsEverywhere(page, "real-invoices-list");
});
