import type { BrowserContext, Page } from "@playwright/test";
import { expect, lastMailTo, linkIn, shot, test } from "./fixtures";

const password = "Velo-Cargo-Lumiere-2026";

/** A paid account without the UI: sign up and pay through the API, confirm through the mailbox link. */
async function signInAsPaidUser(page: Page, context: BrowserContext, baseURL: string) {
  const email = `clients.${Date.now()}@example.fr`;
  const request = context.request;
  const headers = { origin: baseURL };
  const signUp = await request.post("/api/auth/sign-up/email", {
    headers,
    data: { email, password, name: "Camille Martin" },
  });
  expect(signUp.ok()).toBe(true);
  const mail = await lastMailTo(request, email, /Confirmez votre adresse e-mail/);
  await page.goto(linkIn(mail.text));
  const checkout = await request.post("/functions/v1/create-registration-payment", { headers });
  expect(checkout.ok()).toBe(true);
  const sessionId = new URL((await checkout.json()).url, baseURL).searchParams.get("session");
  const paid = await request.post(`/api/dev/stripe/sessions/${sessionId}/pay`, {
    headers,
    data: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", cardholder: "Camille Martin" },
  });
  expect(paid.ok()).toBe(true);
}

async function both(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, `clients-${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `clients-${name}-mobile`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("clients: create through the form, search, open, export, CRM", async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await signInAsPaidUser(page, context, baseURL ?? "");

  await test.step("empty list", async () => {
    await page.goto("/app/clients");
    await expect(page.getByRole("heading", { name: "Aucun client pour l'instant" })).toBeVisible();
  });

  await test.step("create a client through the form, with French validation", async () => {
    await page.getByRole("link", { name: "Nouveau client" }).first().click();
    await expect(page.getByRole("heading", { name: "Nouveau client" })).toBeVisible();
    await page.getByRole("button", { name: "Créer le client" }).click();
    await expect(page.getByText("Indiquez le nom du client.")).toBeVisible();
    await page.getByLabel("Nom du client").fill("Atelier Lumière");
    await page.getByLabel("Raison sociale").fill("Atelier Lumière SARL");
    await page.getByLabel("Personne à contacter").fill("Léa Moreau");
    await page.getByLabel("Adresse e-mail").fill("lea@atelier-lumiere.fr");
    await page.getByLabel("Téléphone").fill("06 12 34 56 78");
    await page.getByRole("textbox", { name: "Adresse", exact: true }).fill("12 rue des Lilas");
    await page.getByLabel("Code postal").fill("69003");
    await page.getByLabel("Ville").fill("Lyon");
    await page.getByLabel("SIREN").fill("443 061 841");
    await page.getByLabel("N° de TVA intracommunautaire").fill("FR65443061841");
    await page.getByLabel("N° de TVA intracommunautaire").blur();
    await expect(page.getByText("La clé de ce numéro de TVA ne correspond pas au SIREN.")).toBeVisible();
    await page.getByLabel("N° de TVA intracommunautaire").fill("FR64443061841");
    await both(page, "form");
    await page.getByRole("button", { name: "Créer le client" }).click();
    await expect(page.getByRole("heading", { name: "Atelier Lumière", level: 1 })).toBeVisible();
    await expect(page.getByText("06 12 34 56 78")).toBeVisible();
  });

  await test.step("a second client, then find the first by search", async () => {
    const created = await context.request.post("/api/clients", {
      headers: { origin: baseURL ?? "" },
      data: { name: "Boulangerie Dupont", email: "contact@dupont.fr", status: "actif", isBusiness: false },
    });
    expect(created.status()).toBe(201);
    await page.goto("/app/clients");
    await expect(page.getByText("1–2 sur 2")).toBeVisible();
    await page.getByLabel("Rechercher un client").fill("lea mor");
    await expect(page).toHaveURL(/q=lea\+mor/);
    const table = page.getByRole("table", { name: "Liste des clients" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table.getByText("Atelier Lumière SARL")).toBeVisible();
    await page.getByLabel("Rechercher un client").fill("");
    await expect(table.getByRole("row")).toHaveCount(3);
    await both(page, "list");
  });

  await test.step("export the CSV", async () => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Exporter CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const { readFileSync } = await import("node:fs");
    const bytes = readFileSync(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain("Atelier Lumière");
    expect(text).toContain("Nom;Entreprise;Contact");
  });

  await test.step("open the detail page", async () => {
    await page.getByRole("link", { name: "Atelier Lumière" }).click();
    await expect(page.getByRole("heading", { name: "Atelier Lumière", level: 1 })).toBeVisible();
    await expect(page.getByText("Chiffre d'affaires encaissé")).toBeVisible();
    await expect(page.getByText("FR64443061841")).toBeVisible();
    await page.getByLabel("Statut").selectOption("actif");
    await expect(page.getByText("Statut : Actif")).toBeVisible();
    await both(page, "detail");
  });

  await test.step("CRM: move a client", async () => {
    await page.goto("/app/crm");
    const prospects = page.getByRole("region", { name: /^Prospect/ });
    await expect(page.getByRole("region", { name: "Actif (2)" })).toBeVisible();
    await expect(prospects).toHaveAccessibleName("Prospect (0)");
    await page.getByRole("button", { name: "Changer le statut de Boulangerie Dupont" }).click();
    await page.getByRole("menuitem", { name: "Inactif" }).click();
    await expect(page.getByRole("region", { name: "Inactif (1)" })).toBeVisible();
    await both(page, "crm");
  });

  await test.step("dark mode", async () => {
    // The default theme follows the system: a dark system gives the dark theme from the first paint.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/app/clients");
    await expect(page.getByRole("table", { name: "Liste des clients" })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")))
      .toBe(true);
    await both(page, "list-dark");
    await page.getByRole("link", { name: "Atelier Lumière" }).click();
    await expect(page.getByRole("heading", { name: "Atelier Lumière", level: 1 })).toBeVisible();
    await both(page, "detail-dark");
  });
});
