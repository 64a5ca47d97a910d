import { expect, shot, test } from "./fixtures";

test("an anonymous client opens the quote link, accepts it, the freelancer sees it accepted; a revoked link is a 404 page", async ({
  page,
  freelancer: { api, headers, createDocument },
  clientPage,
}) => {
  test.setTimeout(180_000);

  await test.step("the freelancer sends a quote and shares its link from the quote page", async () => {
    const quoteId = await createDocument("quotes", 240000);
    expect((await api.post(`/api/quotes/${quoteId}/mark-sent`, { headers })).ok()).toBe(true);
    await page.goto(`/app/quotes/${quoteId}`);
    await page.getByRole("button", { name: "Partager le lien" }).click();
    await expect(page.getByRole("textbox", { name: "Lien à envoyer au client" })).toHaveValue(
      /\/d\/[\w-]{43}$/,
    );
    await expect(page.getByText(/Lien actif jusqu'au/)).toBeVisible();
  });
  const url = await page.getByRole("textbox", { name: "Lien à envoyer au client" }).inputValue();

  await test.step("the client reads the quote and gives a « Bon pour accord »", async () => {
    const response = await clientPage.goto(url);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(clientPage.getByRole("heading", { name: /^Devis DEV-/ })).toBeVisible();
    await expect(clientPage.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await expect(clientPage.getByText("Refonte du site vitrine")).toBeVisible();
    await expect(clientPage.getByText(/Empreinte SHA-256 du devis présenté : [0-9a-f]{64}/)).toBeVisible();
    await shot(clientPage, "client-link-01-quote-390");
    await clientPage.getByLabel("Vos nom et prénom").fill("Inès Roux");
    await clientPage.getByRole("button", { name: "Accepter le devis" }).click();
    await expect(clientPage.getByRole("alert")).toHaveText("Cochez la case pour donner votre accord.");
    await clientPage.getByRole("checkbox").check();
    await clientPage.getByRole("button", { name: "Accepter le devis" }).click();
    await expect(clientPage.getByText(/Devis accepté par Inès Roux le/)).toBeVisible();
    await expect(clientPage.getByRole("link", { name: "Certificat d'acceptation" })).toBeVisible();
    await shot(clientPage, "client-link-02-accepted-390");
  });

  await test.step("the freelancer's quote page shows it accepted, with the certificate", async () => {
    await page.reload();
    await expect(page.getByText("Accepté", { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/Accepté en ligne par Inès Roux le/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Certificat d'acceptation" })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "client-link-03-freelancer-390");
  });

  await test.step("once revoked, the link is a French 404 page", async () => {
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Révoquer le lien" }).click();
    await expect(page.getByText(/Lien révoqué le/)).toBeVisible();
    await clientPage.goto(url);
    await expect(clientPage.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
    await expect(clientPage.getByText(/Ce lien n'existe pas ou n'est plus valide/)).toBeVisible();
    await shot(clientPage, "client-link-04-revoked-390");
  });
});
