import type { Page } from "@playwright/test";
import {
  axeViolations,
  euros,
  expect,
  LIABLE_IDENTITY,
  lastMailTo,
  screenshotsEverywhere,
  signUpAndPay,
  test,
  toast,
} from "./fixtures";

const email = `devis.${Date.now()}@example.fr`;
const password = "Velo-Cargo-Lumiere-2026";

const identity = { ...LIABLE_IDENTITY, quoteValidityDays: 45 };

const shots = (page: Page, name: string) => screenshotsEverywhere(page, `quotes-${name}`);

test("client → quote → sent by e-mail → accepted → converted → duplicated → issued → PDF → sent by e-mail → paid → dashboard", async ({
  page,
  request,
  baseURL,
}) => {
  // Screenshots in two schemes and two widths at each step, and axe: slow on a shared machine.
  test.setTimeout(300_000);
  const api = page.request;
  // Same-origin requests, as the browser makes them (the auth layer checks the Origin header).
  const headers = { origin: baseURL ?? "" };
  let invoiceUrl = "";

  await test.step("a paid account with its identity and one client, through the API", async () => {
    await signUpAndPay(api, request, { email, password, origin: headers.origin });
    expect((await api.put("/api/settings/identity", { data: identity, headers })).ok()).toBe(true);
    const client = await api.post("/api/clients", {
      data: {
        name: "Atelier Lumière",
        company: "Atelier Lumière SARL",
        // A French business: issuing the converted invoice needs its SIREN (issue 13).
        siren: "552100554",
        email: "contact@atelier-lumiere.fr",
        // Its address is a mention issuing requires (art. 242 nonies A du CGI).
        addressLine1: "12 rue Mercière",
        postalCode: "69002",
        city: "Lyon",
        status: "actif",
      },
      headers,
    });
    expect(client.status()).toBe(201);
  });

  await test.step("the empty list invites to create a quote", async () => {
    await page.goto("/app/quotes");
    // The first page of the run loads the whole interface: slow when the machine is busy.
    await expect(page.getByText("Aucun devis pour l'instant")).toBeVisible({ timeout: 30_000 });
    await shots(page, "01-list-empty");
    await page.getByRole("main").getByRole("link", { name: "Nouveau devis" }).first().click();
    await expect(page.getByRole("heading", { name: "Nouveau devis" })).toBeVisible();
  });

  await test.step("step 1: the client, checked before moving on", async () => {
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByText("Indiquez le client.")).toBeVisible();
    await page.getByRole("combobox", { name: "Client" }).fill("Atel");
    await page.getByRole("option", { name: /Atelier Lumière/ }).click();
    await expect(
      page.getByText("Client de votre fichier : ses coordonnées figureront sur le devis."),
    ).toBeVisible();
    await shots(page, "02-wizard-client");
    await page.getByRole("button", { name: "Suivant" }).click();
  });

  await test.step("step 2: two lines with live totals", async () => {
    await expect(page.getByRole("heading", { name: /Étape 2 sur 4/ })).toBeVisible();
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByText("Décrivez la prestation.")).toBeVisible();
    await page.getByLabel("Description (ligne 1)").fill("Refonte du site vitrine");
    await page.getByLabel("Quantité (ligne 1)").fill("4");
    await page.getByLabel("Unité (ligne 1)").fill("jour");
    await page.getByLabel("Prix unitaire HT (ligne 1)").fill("550");
    await expect(page.getByTestId("line-total-0")).toHaveText(euros("2 200,00"));
    await page.getByRole("button", { name: "Ajouter une ligne" }).click();
    await page.getByLabel("Description (ligne 2)").fill("Formation à l'outil");
    await page.getByLabel("Quantité (ligne 2)").fill("0,5");
    await page.getByLabel("Prix unitaire HT (ligne 2)").fill("600");
    await page.getByLabel("TVA (ligne 2)").selectOption({ label: "10 %" });
    await expect(page.getByTestId("total-ttc")).toHaveText(euros("2 970,00"));

    // A discount on the whole quote: refused in French when worth more than the lines, then shared
    // across the two rates in proportion (220 € at 20 %, 30 € at 10 %), so VAT is on what is left.
    const discount = page.getByLabel("Remise sur le total HT");
    await discount.fill("3 000");
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByText("La remise dépasse le total HT des lignes.")).toBeVisible();
    await expect(page.getByRole("heading", { name: /Étape 2 sur 4/ })).toBeVisible();
    await discount.fill("250 €");
    const summary = page.getByLabel("Totaux");
    await expect(summary.getByText("Total HT avant remise")).toBeVisible();
    await expect(page.getByTestId("document-discount")).toHaveText(/^-\s?250,00\s€$/);
    await expect(summary.getByText(euros("2 250,00"))).toBeVisible();
    await expect(page.getByTestId("total-ttc")).toHaveText(euros("2 673,00"));
    await shots(page, "03-wizard-lines");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Suivant" }).click();
  });

  await test.step("steps 3 and 4: validity, notes, review, create", async () => {
    await expect(page.getByRole("heading", { name: /Étape 3 sur 4/ })).toBeVisible();
    await page.getByRole("textbox", { name: "Notes" }).fill("Acompte de 30 % à la signature.");
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByRole("heading", { name: /Étape 4 sur 4/ })).toBeVisible();
    await expect(page.getByText("Refonte du site vitrine")).toBeVisible();
    await expect(page.getByTestId("document-discount")).toHaveText(/^-\s?250,00\s€$/);
    await expect(page.getByTestId("total-ttc")).toHaveText(euros("2 673,00"));
    await shots(page, "04-wizard-review");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Créer le devis" }).click();
    await expect(page.getByRole("heading", { name: /^Devis DEV-\d{4}-0001$/ })).toBeVisible();
    await expect(page.getByRole("main").getByText("Brouillon", { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId("document-discount")).toHaveText(/^-\s?250,00\s€$/);
    await shots(page, "05-detail-draft");
    expect(await axeViolations(page)).toEqual([]);
  });

  await test.step("the PDF downloads", async () => {
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Télécharger le PDF" }).click();
    expect((await download).suggestedFilename()).toMatch(/^Devis-DEV-\d{4}-0001\.pdf$/);
  });

  await test.step("sent by e-mail from its dialog, then accepted", async () => {
    await page.getByRole("button", { name: "Envoyer par e-mail" }).click();
    const dialog = page.getByRole("dialog", { name: "Envoyer par e-mail" });
    await expect(dialog.getByLabel("Destinataire")).toHaveValue("contact@atelier-lumiere.fr");
    const message = dialog.getByRole("textbox", { name: "Message" });
    await expect(message).toHaveValue(
      /Veuillez trouver ci-joint le devis DEV-\d{4}-0001 d'un montant de 2\s673,00\s€ TTC/,
    );
    await message.fill("");
    await dialog.getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(dialog.getByText("Écrivez un message.")).toBeVisible();
    await message.fill(
      "Bonjour,\n\nVoici notre proposition pour la refonte du site.\n\nBien à vous,\nCamille",
    );
    await shots(page, "06-send-dialog");
    await dialog.getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(toast(page, "E-mail envoyé")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("main").getByText("Envoyé", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Historique" })).toContainText("Envoyé au client");
    await expect(page.getByRole("link", { name: "Modifier" })).toHaveCount(0);
    const mail = await lastMailTo(request, "contact@atelier-lumiere.fr", /^Devis DEV-\d{4}-0001/);
    expect(mail.text).toContain("Voici notre proposition pour la refonte du site.");
    await page.getByRole("button", { name: "Marquer comme accepté" }).click();
    await expect(page.getByRole("button", { name: "Convertir en facture" })).toBeVisible();

    // The deposit dialog checks its percentage in French; no deposit is made here.
    await page.getByRole("button", { name: "Facture d'acompte" }).click();
    const deposit = page.getByRole("dialog", { name: "Facture d'acompte" });
    await deposit.getByLabel("Pourcentage du devis (%)").fill("150");
    await deposit.getByRole("button", { name: "Créer la facture d'acompte" }).click();
    await expect(deposit.getByText("Un acompte ne dépasse pas 100 % du devis.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await deposit.getByRole("button", { name: "Annuler" }).click();
    await expect(deposit).toHaveCount(0);
    await shots(page, "07-detail-accepted");
  });

  await test.step("converted in one click: the invoice draft has the quote's lines and discount", async () => {
    await page.getByRole("button", { name: "Convertir en facture" }).click();
    await expect(page).toHaveURL(/\/app\/invoices\/[0-9a-f-]{36}$/);
    invoiceUrl = page.url();
    await expect(page.getByText("Refonte du site vitrine").first()).toBeVisible();
    await expect(page.getByText("Formation à l'outil").first()).toBeVisible();
    await expect(page.getByTestId("document-discount")).toHaveText(/^-\s?250,00\s€$/);
    await expect(page.getByTestId("amount-total")).toHaveText(euros("2 673,00"));
    await shots(page, "08-invoice-draft");
  });

  await test.step("the quote links to its invoice, and the list shows it accepted", async () => {
    await page.goBack();
    await expect(page.getByRole("link", { name: "facture (brouillon)" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Convertir en facture" })).toHaveCount(0);
    await page.goto("/app/quotes");
    await expect(page.getByRole("link", { name: /DEV-\d{4}-0001/ }).first()).toBeVisible();
    await expect(page.getByRole("main").getByText("Accepté", { exact: true }).first()).toBeVisible();
    await shots(page, "09-list");
  });

  await test.step("duplicated into a new draft, whose ?action=send link opens the send dialog", async () => {
    await page
      .getByRole("link", { name: /DEV-\d{4}-0001/ })
      .first()
      .click();
    await page.getByRole("button", { name: "Dupliquer" }).click();
    await expect(page.getByRole("heading", { name: /^Devis DEV-\d{4}-0002$/ })).toBeVisible();
    await expect(page.getByText(/^Devis DEV-\d{4}-0002 créé$/)).toBeVisible();
    await expect(page.getByRole("main").getByText("Brouillon", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Refonte du site vitrine").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Modifier" })).toBeVisible();
    await page.goto(`${page.url()}?action=send`);
    const dialog = page.getByRole("dialog", { name: "Envoyer par e-mail" });
    await expect(dialog.getByLabel("Destinataire")).toHaveValue("contact@atelier-lumiere.fr");
    await expect(dialog.getByRole("textbox", { name: "Message" })).toHaveValue(/le devis DEV-\d{4}-0002/);
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/action=send/);
  });

  await test.step("the invoice is issued, downloaded, sent by e-mail and paid", async () => {
    await page.goto(invoiceUrl);
    await page.getByRole("button", { name: "Émettre", exact: true }).click();
    await page.getByRole("button", { name: "Émettre la facture" }).click();
    await expect(page.getByRole("heading", { name: /^Facture INV-\d{4}-0001$/ })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Télécharger le PDF" }).click();
    expect((await download).suggestedFilename()).toMatch(/^Facture-INV-\d{4}-0001\.pdf$/);

    await page.getByRole("button", { name: "Envoyer par e-mail" }).click();
    const sendDialog = page.getByRole("dialog");
    await expect(sendDialog.getByLabel("Destinataire")).toHaveValue("contact@atelier-lumiere.fr");
    await shots(page, "10-invoice-send");
    await sendDialog.getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(toast(page, "E-mail envoyé")).toBeVisible();
    const mail = await lastMailTo(request, "contact@atelier-lumiere.fr", /^Facture INV-\d{4}-0001/);
    expect(mail.text).toContain("Veuillez trouver ci-joint la facture");

    await page.getByRole("button", { name: "Enregistrer un paiement" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Enregistrer le paiement" }).click();
    await expect(page.getByRole("main").getByText("Payée", { exact: true }).first()).toBeVisible();
  });

  await test.step("the dashboard shows the money received", async () => {
    await page.goto("/app");
    await expect(page.getByRole("main")).toContainText(/Encaissé ce mois-ci\s*2\s673,00\s€/);
    await shots(page, "11-dashboard");
  });
});
