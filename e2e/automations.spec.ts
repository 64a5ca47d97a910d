import { expect, screenshotsEverywhere, signUpAndPay, test, toast } from "./fixtures";

// Issue 14 §3: the Automatisations page's own form, for a webhook rule and a recurring invoice, then an edit.
test("creates a webhook rule and a recurring invoice from the form, then edits the webhook", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `formulaire.${Date.now()}@example.fr`;
  const origin = baseURL ?? "";
  await signUpAndPay(page.request, request, { email, password: "Velo-Cargo-Lumiere-2026", origin });
  const client = await page.request.post("/api/clients", {
    data: { name: "Atelier Dupont", email: "contact@atelier-dupont.fr" },
    headers: { origin },
  });
  expect(client.ok()).toBe(true);

  await page.goto("/app/automations");
  const form = page.getByRole("region", { name: "Nouvelle automatisation" });

  await test.step("a webhook on an event: French errors first, then the secret once", async () => {
    await page.getByRole("button", { name: "Nouvelle automatisation" }).click();
    await form.getByLabel("Type d'automatisation").selectOption({ label: "Webhook sur un événement" });
    await form.getByRole("button", { name: "Créer l'automatisation" }).click();
    await expect(form.getByText("Adresse de destination invalide (http:// ou https://).")).toBeVisible();
    await form.getByLabel("Événement").selectOption("invoice.paid");
    await form.getByLabel("Adresse de destination").fill("https://hooks.example.org/ardoise");
    await screenshotsEverywhere(page, "automations-form-webhook");
    await form.getByRole("button", { name: "Créer l'automatisation" }).click();
    await expect(toast(page, "Automatisation « Webhook : Facture payée » créée")).toBeVisible();
    await expect(page.getByLabel(/^Secret de signature de « Webhook : Facture payée »/)).toHaveValue(
      /^whsec_/,
    );
    // The box names what it copies: a signing secret, not an API token.
    await expect(page.getByRole("button", { name: "Copier le secret" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Copier le jeton" })).toHaveCount(0);
    const rule = page.getByRole("article").filter({ hasText: "Webhook : Facture payée" });
    await expect(rule).toContainText("Quand une facture est entièrement payée (invoice.paid)");
    await expect(rule).toContainText(
      "Envoyer un webhook signé (POST JSON) à https://hooks.example.org/ardoise",
    );
  });

  await test.step("a recurring invoice: client, a line, every quarter on the 15th, issued", async () => {
    await page.getByRole("button", { name: "Nouvelle automatisation" }).click();
    await expect(page.getByLabel(/^Secret de signature/)).toHaveCount(0);
    await form.getByLabel("Type d'automatisation").selectOption({ label: "Facture récurrente" });
    await form.getByRole("combobox", { name: "Client" }).fill("Atel");
    await page.getByRole("option", { name: /Atelier Dupont/ }).click();
    await form.getByLabel("Description (ligne 1)").fill("Maintenance du site");
    await form.getByLabel("Prix unitaire HT (ligne 1)").fill("450");
    await form.getByLabel("Fréquence").selectOption({ label: "Chaque trimestre" });
    await form.getByLabel("Jour du mois").fill("15");
    await form.getByLabel("Émettre la facture (numérotée)").check();
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole("button", { name: "Créer l'automatisation" }).click();
    const rule = page.getByRole("article").filter({ hasText: "Facture récurrente Atelier Dupont" });
    // The machine running these is shared and slow at times: the answer may take a few seconds.
    await expect(rule).toContainText(/Chaque trimestre le 15, à partir du/, { timeout: 20_000 });
    await expect(rule).toContainText(/Émettre une facture de 450,00\s€ HT à Atelier Dupont/);
    await expect(rule).toContainText(/prochaine exécution le/);
  });

  await test.step("the webhook rule edited: another event, kept after a reload", async () => {
    const rule = page.getByRole("article").filter({ hasText: "Webhook : Facture payée" });
    await rule.getByRole("button", { name: "Modifier « Webhook : Facture payée »" }).click();
    await expect(rule.getByLabel("Type d'automatisation")).toBeDisabled();
    await expect(rule.getByLabel("Adresse de destination")).toHaveValue("https://hooks.example.org/ardoise");
    await rule.getByLabel("Événement").selectOption("quote.accepted");
    await rule.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(toast(page, "Automatisation modifiée")).toBeVisible();
    await page.reload();
    const edited = page.getByRole("article").filter({ hasText: "Webhook : Devis accepté" });
    await expect(edited).toContainText("Quand un devis est accepté (quote.accepted)", { timeout: 20_000 });
    await screenshotsEverywhere(page, "automations-form-list");
  });
});
