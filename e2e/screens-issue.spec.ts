import { expect, LIABLE_IDENTITY, screenshotsEverywhere, signUpAndPay, test } from "./fixtures";

// Issue 31 §21, the SIREN trap: the issue dialog lists, before issuing, what the issue would refuse (the
// server's own rule), and its link to the client's form comes back to the invoice once the form is saved.

test("the issue dialog lists what is missing and its client link returns to the invoice", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const api = page.request;
  const headers = { origin: baseURL ?? "" };
  await signUpAndPay(api, request, {
    email: `emission.${Date.now()}@example.fr`,
    password: "Velo-Cargo-Lumiere-2026",
    origin: headers.origin,
  });
  expect((await api.put("/api/settings/identity", { data: LIABLE_IDENTITY, headers })).ok()).toBe(true);
  // A client created with its name only: a company, no SIREN and no address.
  const client = await api.post("/api/clients", { data: { name: "Dupont", status: "actif" }, headers });
  expect(client.status()).toBe(201);
  const { id: clientId } = await client.json();
  const draft = await api.post("/api/invoices", {
    data: {
      clientId,
      clientName: "Dupont",
      lines: [{ description: "Site vitrine", quantity: 1, unitPriceCents: 50000, vatRateBp: 2000 }],
    },
    headers,
  });
  expect(draft.status()).toBe(201);
  const { id } = await draft.json();

  await page.goto(`/app/invoices/${id}`);
  // Issue 31 §22: with the server unreachable the dialog says so, names the server, and offers to retry.
  await page.route("**/readiness", (route) => route.abort("connectionrefused"));
  await page.getByRole("button", { name: "Émettre", exact: true }).click({ timeout: 30_000 });
  const dialog = page.getByRole("alertdialog", { name: "Émettre la facture ?" });
  await expect(dialog.getByRole("alert")).toContainText("Le serveur d'Ardoise ne répond pas", {
    timeout: 15_000,
  });
  await expect(dialog.getByRole("button", { name: "Émettre la facture" })).toBeDisabled();
  await page.unroute("**/readiness");
  await dialog.getByRole("button", { name: "Réessayer" }).click();
  await expect(dialog.getByRole("heading", { name: "Il manque 2 mentions obligatoires :" })).toBeVisible();
  await expect(dialog.getByText(/L'adresse du client « Dupont » est incomplète/)).toBeVisible();
  await expect(
    dialog.getByText(/Le client « Dupont » est une entreprise française : renseignez son SIREN/),
  ).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Émettre la facture" })).toBeDisabled();
  await screenshotsEverywhere(page, "screens-issue-01-missing");

  await dialog.getByRole("link", { name: "Compléter la fiche client" }).first().click();
  await expect(page.getByRole("heading", { name: "Modifier Dupont" })).toBeVisible();
  await page.getByLabel("SIREN").fill("552100554");
  await page.getByRole("textbox", { name: "Adresse", exact: true }).fill("12 rue Mercière");
  await page.getByLabel("Code postal").fill("69002");
  await page.getByLabel("Ville").fill("Lyon");
  await page.getByRole("button", { name: "Enregistrer" }).click();

  await expect(page).toHaveURL(new RegExp(`/app/invoices/${id}$`));
  await page.getByRole("button", { name: "Émettre", exact: true }).click();
  const ready = page.getByRole("alertdialog", { name: "Émettre la facture ?" });
  await expect(ready.getByRole("button", { name: "Émettre la facture" })).toBeEnabled();
  await expect(ready.getByText(/mentions? obligatoires? :/)).toHaveCount(0);
  await ready.getByRole("button", { name: "Émettre la facture" }).click();
  await expect(page.getByText(/Facture .*-0001 émise/)).toBeVisible();
});
