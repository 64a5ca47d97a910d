import type { Page } from "@playwright/test";
import { E2E_PASSWORD, expect, lastMailTo, linkIn, test } from "./fixtures";

// Issue 31: a deleted or unknown record says so with the way back (reloading cannot bring it back), and no
// page is wider than a 390 px phone.

const unknownId = "00000000-0000-4000-8000-000000000000";

test("an unknown record says « introuvable » and leads back to its list", async ({ page, freelancer }) => {
  test.setTimeout(120_000);
  void freelancer;
  const records = [
    ["invoices", "Facture introuvable", "Retour aux factures"],
    ["quotes", "Devis introuvable", "Retour aux devis"],
    ["contracts", "Contrat introuvable", "Retour aux contrats"],
    ["clients", "Client introuvable", "Retour aux clients"],
    ["projects", "Projet introuvable", "Retour aux projets"],
    ["expenses", "Dépense introuvable", "Retour aux dépenses"],
  ] as const;
  for (const [list, title, back] of records) {
    await page.goto(`/app/${list}/${unknownId}`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("Une erreur s'est produite")).toHaveCount(0);
    await page.getByRole("link", { name: back }).click();
    await expect(page).toHaveURL(new RegExp(`/app/${list}$`));
  }
});

/** How far the page reaches past the viewport's right edge, in CSS pixels (0: it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("at 390 px the expenses list and a client with a long contract fit the screen", async ({
  page,
  freelancer,
}) => {
  test.setTimeout(120_000);
  const { api, headers } = freelancer;
  const client = await api.post("/api/clients", { data: { name: "Menuiserie Girard" }, headers });
  expect(client.ok(), await client.text()).toBe(true);
  const clientId = (await client.json()).id as string;
  const contract = await api.post("/api/contracts", {
    data: {
      title: "Contrat-cadre de prestations de développement et de maintenance applicative pluriannuel",
      clientId,
      content: "Article 1 — Objet.",
    },
    headers,
  });
  expect(contract.ok(), await contract.text()).toBe(true);
  const project = await api.post("/api/projects", {
    data: { name: "Refonte du site", clientId, status: "en-pause" },
    headers,
  });
  expect(project.ok(), await project.text()).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/app/expenses", `/app/clients/${clientId}`, "/app/projects"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    expect(await overflow(page), path).toBe(0);
  }
  await page.goto("/app/expenses");
  await expect(page.getByRole("button", { name: "Nouvelle dépense" })).toBeInViewport({ ratio: 1 });
});

test("the offer registers with its checkout; the test checkout can be cancelled; a paid account is told so", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.goto("/pricing");
  await page.getByRole("main").getByRole("link", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/register\?offre=1$/);

  // An account that has not paid yet opens its checkout, then cancels it.
  const api = page.request;
  const headers = { origin: baseURL ?? "" };
  const email = `annule.${Date.now()}@example.fr`;
  const signUp = await api.post("/api/auth/sign-up/email", {
    data: { email, password: E2E_PASSWORD, name: "Camille Martin" },
    headers,
  });
  expect(signUp.ok()).toBe(true);
  await api.get(linkIn((await lastMailTo(request, email, /Confirmez votre adresse e-mail/)).text));
  const checkout = await api.post("/functions/v1/create-registration-payment", { headers });
  expect(checkout.ok()).toBe(true);
  await page.goto((await checkout.json()).url);
  await expect(page.getByText("Paiement de test local")).toBeVisible({ timeout: 15_000 });
  await page.getByRole("link", { name: "Annuler" }).click();
  await expect(page.getByRole("heading", { name: "Paiement annulé" })).toBeVisible();

  // Paid, then back on the success page without a session id (a bookmark): it says the payment is confirmed.
  const sessionId = new URL((await checkout.json()).url, baseURL).searchParams.get("session");
  const paid = await api.post(`/api/dev/stripe/sessions/${sessionId}/pay`, {
    data: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", cardholder: "Camille Martin" },
    headers,
  });
  expect(paid.ok()).toBe(true);
  await page.evaluate(() => localStorage.clear());
  await page.goto("/payment-success");
  await expect(page.getByRole("heading", { name: "Paiement confirmé!" })).toBeVisible({ timeout: 15_000 });
});
