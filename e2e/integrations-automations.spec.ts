import { expect, screenshotsEverywhere, signUpAndPay, test } from "./fixtures";

// The two pages behind the sidebar's Intégrations and the assistant's automation links.
test("an automation from the assistant, paused and deleted; the calendar feed turned on and renewed; an export; signed out everywhere", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `regles.${Date.now()}@example.fr`;
  await signUpAndPay(page.request, request, {
    email,
    password: "Velo-Cargo-Lumiere-2026",
    origin: baseURL ?? "",
  });

  await test.step("no automation yet: the page says how to make one", async () => {
    await page.goto("/app/automations");
    await expect(page.getByRole("heading", { level: 1, name: "Automatisations" })).toBeVisible();
    await expect(page.getByText("Aucune automatisation")).toBeVisible();
    await expect(
      page.getByText("Chaque règle garde l'historique de ses exécutions.", { exact: false }),
    ).toBeVisible();
    await screenshotsEverywhere(page, "automations-empty");
  });

  await test.step("the assistant creates two once confirmed, and links to the page", async () => {
    const dialog = page.getByRole("dialog", { name: "Assistant IA" });
    await page.getByRole("button", { name: "Ouvrir l'assistant IA" }).click();
    const input = dialog.getByRole("textbox", { name: "Votre message à l'assistant" });
    for (const [index, request] of [
      "Crée une automatisation : un bilan chaque semaine",
      "Crée une automatisation pour relancer les factures en retard",
    ].entries()) {
      await input.fill(request);
      await input.press("Enter");
      await dialog.getByRole("button", { name: "Confirmer" }).nth(index).click();
      await expect(dialog.getByText("Succès", { exact: true })).toHaveCount(index + 1);
    }
    await dialog.getByRole("link", { name: /Relance des factures en retard/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/app\/automations$/);
  });

  const rule = page.getByRole("article").filter({ hasText: "Relance des factures en retard" });
  await test.step("the weekly summary says when it leaves", async () => {
    const summary = page.getByRole("article").filter({ hasText: "Bilan hebdomadaire" });
    await expect(summary).toContainText("Vous envoyer un bilan par e-mail le lundi matin");
    await expect(summary).toContainText(/prochaine exécution le (lundi )?\d{1,2} \S+ \d{4}/);
  });
  await test.step("the rule is listed in French; it can be paused", async () => {
    await expect(rule).toContainText("Quand une facture passe en retard");
    await expect(rule).toContainText("Relancer le client par e-mail");
    await expect(rule).toContainText("Exécutée automatiquement par Ardoise");
    await expect(rule).toContainText("pas encore exécutée");
    const toggle = rule.getByRole("switch", { name: "Activer « Relance des factures en retard »" });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(rule).toContainText("En pause : elle ne s'exécute plus");
    await page.reload();
    await expect(toggle).not.toBeChecked();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
    await screenshotsEverywhere(page, "automations-list");
  });

  await test.step("and deleted after a confirmation", async () => {
    await rule.getByRole("button", { name: "Supprimer" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Supprimer cette automatisation ?" });
    await confirm.getByRole("button", { name: "Supprimer" }).click();
    await expect(rule).toHaveCount(0);
    await expect(page.getByRole("article")).toHaveCount(1);
  });

  await test.step("Intégrations: turn on the calendar feed, read it as a calendar app does", async () => {
    await page.getByRole("link", { name: "Intégrations" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Intégrations" })).toBeVisible();
    const card = page.locator("#calendrier");
    await card.getByRole("button", { name: "Activer le flux" }).click();
    const address = card.getByLabel("Adresse du flux");
    await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    await expect(card.getByText("Pas encore lu par un agenda.")).toBeVisible();
    const feed = await page.request.get(new URL(await address.inputValue()).pathname);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");
  });

  await test.step("a new secret URL: the old one stops answering at once", async () => {
    const card = page.locator("#calendrier");
    const address = card.getByLabel("Adresse du flux");
    const first = await address.inputValue();
    await card.getByRole("button", { name: "Nouvelle adresse" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Créer une nouvelle adresse ?" });
    await confirm.getByRole("button", { name: "Créer la nouvelle adresse" }).click();
    await expect(confirm).toBeHidden();
    await expect(address).not.toHaveValue(first);
    expect((await page.request.get(new URL(first).pathname)).status()).toBe(404);
    expect((await page.request.get(new URL(await address.inputValue()).pathname)).status()).toBe(200);
  });

  await test.step("an export downloads a French CSV; the page on every screen", async () => {
    const download = page.waitForEvent("download");
    await page.locator("#exports").getByRole("button", { name: "Clients" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
    await screenshotsEverywhere(page, "integrations");
  });

  await test.step("« Se déconnecter partout » lists the calendar feed and revokes it with the sessions", async () => {
    const feedUrl = await page.locator("#calendrier").getByLabel("Adresse du flux").inputValue();
    await page.goto("/app/profile");
    await page.getByRole("button", { name: "Se déconnecter de tous les appareils" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Se déconnecter partout ?" });
    await expect(dialog.getByText("Flux de calendrier", { exact: true })).toBeVisible();
    const revoke = dialog.getByLabel(/Révoquer aussi les jetons d'API et les flux de calendrier/);
    await expect(revoke).toBeChecked();
    await dialog.getByRole("button", { name: "Se déconnecter partout" }).click();
    await expect(page).toHaveURL(/\/auth/);
    expect((await page.request.get(new URL(feedUrl).pathname)).status()).toBe(404);
  });
});
