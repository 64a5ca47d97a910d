import { axeViolations, expect, shot, test } from "./fixtures";

// Issue 15: the global search in the command palette (Ctrl+K): the user's records in groups under the pages
// and actions, found while typing, opened with the keyboard.
test("the palette finds clients and invoices, opens one with the keyboard, and says when it fails", async ({
  page,
  freelancer,
}) => {
  test.setTimeout(120_000);
  const { api, headers } = freelancer;
  const created = await api.post("/api/clients", {
    data: { name: "Boulangerie Éclair", email: "pain@eclair.fr" },
    headers,
  });
  expect(created.ok()).toBe(true);
  const invoiceId = await freelancer.createDocument("invoices", 48_000);
  // A later one, listed first (the latest first when both match alike).
  await freelancer.createDocument("invoices", 10_000);

  await page.goto("/app");
  const palette = page.getByRole("dialog");
  const input = palette.getByRole("combobox");
  const openPalette = () =>
    page.getByRole("button", { name: "Rechercher une page, une action ou un dossier" }).click();

  await test.step("accents and case ignored: the client is found under « Clients »", async () => {
    await openPalette();
    await input.fill("ECLAIR");
    const clients = palette.getByRole("group", { name: "Clients" });
    await expect(clients.getByRole("option", { name: /Boulangerie Éclair/ })).toBeVisible();
    await expect(clients.getByRole("option")).toContainText(["pain@eclair.fr"]);
  });

  await test.step("an invoice under « Factures », below the matching pages, opened with the keyboard", async () => {
    await input.fill("lumière");
    const invoices = palette.getByRole("group", { name: "Factures" });
    await expect(invoices.getByRole("option")).toHaveCount(2);
    const invoice = invoices.getByRole("option").nth(1);
    await expect(invoice).toContainText("Atelier Lumière");
    await expect(invoice).toContainText(/576,00\s€/);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "search-palette-mobile");
    await page.setViewportSize({ width: 1280, height: 900 });
    // No page matches: the later invoice comes first and is selected; one step down selects the other.
    await expect(invoices.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await expect(invoice).toContainText("Facture brouillon");
    await input.press("ArrowDown");
    await expect(invoice).toHaveAttribute("aria-selected", "true");
    await input.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/app/invoices/${invoiceId}$`));
    await expect(palette).toBeHidden();
  });

  await test.step("loading, then the failure said in French", async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/search?*", async (route) => {
      await answered;
      await route.fulfill({ status: 500, json: { error: { code: "internal", message: "Erreur interne." } } });
    });
    await openPalette();
    await input.fill("panne");
    await expect(palette.getByText(/Recherche dans vos clients, factures/)).toBeVisible();
    release();
    await expect(palette.getByRole("alert")).toHaveText(
      "La recherche n’a pas abouti. Vérifiez votre connexion et réessayez.",
      { timeout: 15_000 },
    );
    expect(await axeViolations(page)).toEqual([]);
  });
});

// The palette's code loads on its first opening (issue 15): a download that fails is said, not silent.
test("a palette whose code cannot be downloaded says so at each opening", async ({
  page,
  freelancer: _signedIn,
}) => {
  await page.route("**/assets/command-palette-*.js", (route) => route.abort("internetdisconnected"));
  await page.goto("/app");
  const searchButton = page.getByRole("button", { name: "Rechercher une page, une action ou un dossier" });
  const failures = page.getByText("Impossible d'ouvrir la recherche");
  await searchButton.click();
  await expect(failures).toHaveCount(1);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.keyboard.press("Control+k");
  await expect(failures).toHaveCount(2);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
