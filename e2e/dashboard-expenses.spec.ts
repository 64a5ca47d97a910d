import type { Page } from "@playwright/test";
import { drawPng } from "../src/server/test/png";
import { TYPED_BUSINESS } from "../src/server/test/typed-buyer";
import { euros, expect, LIABLE_IDENTITY, screenshotsEverywhere, signUpAndPay, test } from "./fixtures";

const email = `depenses.${Date.now()}@example.fr`;
const password = "Velo-Cargo-Lumiere-2026";

/** A ticket-shaped PNG: white paper with grey "lines" of text, so the preview is recognisable. */
function receiptPng(width = 180, height = 260): Buffer {
  return drawPng(width, height, (x, y) => {
    const isLine = y > 20 && y % 18 < 6 && y < height - 30;
    const isInk = isLine && x > 16 && x < width - 16 - ((y * 7) % 50);
    return isInk ? [0x9a, 0x9a, 0x9a] : [0xff, 0xff, 0xff];
  });
}
// A Windows executable's header, renamed to look like a PDF.
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(126, 0x90), Buffer.from("PE\0\0")]);

const shots = (page: Page, name: string) => screenshotsEverywhere(page, `dashboard-expenses-${name}`);

test("empty dashboard → expense with a receipt → list → dashboard shows it", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = page.request;
  const headers = { origin: baseURL ?? "" };

  await test.step("a paid account, through the API", async () => {
    await signUpAndPay(api, request, { email, password, origin: headers.origin });
  });

  await test.step("the empty dashboard lists the first steps, the legal identity first", async () => {
    await page.goto("/app");
    const checklist = page.getByRole("region", { name: "Bien démarrer avec Ardoise" });
    await expect(checklist).toBeVisible();
    await expect(checklist.getByText("0 sur 4 fait")).toBeVisible();
    await expect(checklist.getByRole("link").first()).toHaveAccessibleName(
      /^Compléter votre identité d'entreprise \(à faire\)/,
    );
    await expect(checklist.getByRole("link").first()).toHaveAttribute("href", "/app/settings#identite");
    await expect(checklist.getByRole("link", { name: /Ajouter votre premier client/ })).toHaveAttribute(
      "href",
      "/app/clients/new",
    );
    await expect(page.getByTestId("kpi-expenses")).toHaveText(euros("0,00"));
    await expect(page.getByText("Aucune facture n'arrive à échéance dans les 14 jours.")).toBeVisible();
    await expect(page.locator(".recharts-responsive-container")).toBeVisible();
    await shots(page, "01-dashboard-empty");
  });

  await test.step("the empty expenses list, then the creation dialog with a receipt", async () => {
    // A VAT-registered seller: the dialog asks for the VAT rate (under the franchise it counts TTC only).
    expect((await api.put("/api/settings/identity", { data: LIABLE_IDENTITY, headers })).ok()).toBe(true);
    await page.goto("/app/expenses");
    await expect(page.getByText("Aucune dépense pour l'instant")).toBeVisible();
    await shots(page, "02-list-empty");
    await page.getByRole("button", { name: "Nouvelle dépense" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Ajouter la dépense" }).click();
    await expect(dialog.getByText("Indiquez l'intitulé de la dépense.")).toBeVisible();
    await expect(dialog.getByText("Montant invalide (ex. : 42,90).")).toBeVisible();

    await dialog.getByLabel("Intitulé").fill("Billet de train Lyon–Paris");
    await dialog.getByLabel("Montant TTC (€)").fill("142,90");
    await expect(dialog.getByLabel("TVA (€)")).toHaveAttribute("placeholder", "23,82");
    await dialog.getByLabel("Taux de TVA").selectOption({ label: "10 %" });
    await expect(dialog.getByLabel("TVA (€)")).toHaveAttribute("placeholder", "12,99");
    await dialog.getByLabel("Catégorie").selectOption({ label: "Transport" });
    await dialog.getByLabel("Fournisseur").fill("SNCF");
    await dialog.getByLabel("Justificatif").setInputFiles({
      name: "billet.exe",
      mimeType: "application/pdf",
      buffer: EXE,
    });
    await expect(dialog.getByText("Extension de fichier non autorisée")).toBeVisible();
    await dialog.getByLabel("Justificatif").setInputFiles({
      name: "billet-sncf.png",
      mimeType: "image/png",
      buffer: receiptPng(),
    });
    await expect(dialog.getByText("Extension de fichier non autorisée")).toHaveCount(0);
    await shots(page, "03-dialog");
    await dialog.getByRole("button", { name: "Ajouter la dépense" }).click();
  });

  await test.step("its page shows the amounts and previews the receipt", async () => {
    await expect(page).toHaveURL(/\/app\/expenses\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Billet de train Lyon–Paris" })).toBeVisible();
    await expect(page.getByTestId("expense-amount")).toHaveText(euros("142,90"));
    await expect(page.getByText(euros("129,91"))).toBeVisible();
    const preview = page.getByRole("img", { name: "Justificatif : billet-sncf.png" });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(180);
    await expect(page.getByRole("link", { name: "Télécharger" })).toHaveAttribute("href", /download=1/);

    // A renamed executable passes the browser's checks on name and type; the server reads its content.
    await page
      .getByLabel("Remplacer")
      .setInputFiles({ name: "facture.pdf", mimeType: "application/pdf", buffer: EXE });
    await expect(page.getByRole("alert")).toHaveText("Le contenu du fichier ne correspond pas à son type");
    await expect(preview).toBeVisible();

    await page.getByRole("button", { name: "Validée", exact: true }).click();
    await expect(page.getByRole("main").getByText("Validée", { exact: true }).first()).toBeVisible();
    await shots(page, "04-detail");
  });

  await test.step("edit in the dialog", async () => {
    await page.getByRole("button", { name: "Modifier" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Montant TTC (€)")).toHaveValue("142,90");
    await dialog.getByLabel("Description").fill("Rendez-vous client à Paris.");
    await dialog.getByRole("button", { name: "Enregistrer" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("Rendez-vous client à Paris.")).toBeVisible();
  });

  await test.step("the list shows it, filtered by category and status", async () => {
    await api.post("/api/expenses", {
      data: {
        title: "Déjeuner avec un client",
        amountCents: 3450,
        vatRateBp: 1000,
        category: "repas",
        date: "2026-01-15",
      },
      headers,
    });
    await page.goto("/app/expenses");
    const row = page.getByRole("row", { name: /Billet de train/ });
    await expect(row).toBeVisible();
    await expect(row.getByText(euros("142,90"))).toBeVisible();
    await expect(row.getByLabel("Justificatif joint")).toBeVisible();
    await page.getByLabel("Catégorie").selectOption({ label: "Repas" });
    await expect(page).toHaveURL(/categorie=repas/);
    await expect(row).toHaveCount(0);
    await expect(page.getByRole("row", { name: /Déjeuner/ })).toBeVisible();
    await page.getByLabel("Catégorie").selectOption({ label: "Toutes les catégories" });
    await page.getByRole("button", { name: "Validée", exact: true }).click();
    await expect(row).toBeVisible();
    await expect(page.getByRole("row", { name: /Déjeuner/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Toutes", exact: true }).click();
    await shots(page, "05-list");
  });

  await test.step("an issued invoice, partly paid, through the API", async () => {
    const draft = await api.post("/api/invoices", {
      data: {
        clientName: "Atelier Lumière",
        typedBuyer: TYPED_BUSINESS,
        lines: [{ description: "Site vitrine", quantity: 3, unitPriceCents: 50000, vatRateBp: 2000 }],
      },
      headers,
    });
    const { id } = await draft.json();
    expect((await api.post(`/api/invoices/${id}/issue`, { headers })).ok()).toBe(true);
    expect(
      (
        await api.post(`/api/invoices/${id}/payments`, {
          data: { amountCents: 100000, method: "virement" },
          headers,
        })
      ).ok(),
    ).toBe(true);
  });

  await test.step("the dashboard counts the expense and the payment", async () => {
    await page.goto("/app");
    await expect(page.getByRole("link", { name: /Émettre votre première facture \(fait\)/ })).toBeVisible();
    await expect(page.getByTestId("kpi-expenses")).toHaveText(euros("142,90"));
    await expect(page.getByTestId("kpi-revenue")).toHaveText(euros("1 000,00"));
    await expect(page.getByTestId("kpi-pending")).toHaveText(euros("800,00"));
    await expect(page.getByTestId("kpi-net")).toHaveText(euros("857,10"));
    await expect(page.getByText(/Paiement reçu/).first()).toBeVisible();
    await expect(page.getByText(/Dépense enregistrée/).first()).toBeVisible();
    await expect(page.locator(".recharts-bar-rectangle").first()).toBeVisible();
    await shots(page, "06-dashboard");
  });
  await test.step("a draft quote's preview shows the client with its address and SIRET", async () => {
    const client = await api.post("/api/clients", {
      data: {
        name: "Atelier Lumière",
        company: "Atelier Lumière SAS",
        contactName: "Inès Morel",
        siret: "443 061 841 00047",
        addressLine1: "8 rue de la Soie",
        postalCode: "69001",
        city: "Lyon",
        country: "FR",
        isBusiness: true,
      },
      headers,
    });
    expect(client.ok()).toBe(true);
    const { id: clientId } = await client.json();
    const quote = await api.post("/api/quotes", {
      data: {
        clientId,
        clientName: "Atelier Lumière",
        lines: [
          { description: "Maquettes", quantity: 3, unit: "jour", unitPriceCents: 60000, vatRateBp: 2000 },
        ],
      },
      headers,
    });
    expect(quote.ok()).toBe(true);
    await page.goto(`/app/quotes/${(await quote.json()).id}`);
    const preview = page.getByRole("article", { name: "Aperçu du devis" });
    const buyer = preview.getByRole("region", { name: "Adressé à" });
    await expect(buyer.getByText("Atelier Lumière SAS")).toBeVisible();
    await expect(buyer.getByText("8 rue de la Soie")).toBeVisible();
    await expect(buyer.getByText("69001 Lyon")).toBeVisible();
    await expect(buyer.getByText("SIRET 44306184100047")).toBeVisible();
    await expect(
      preview.getByRole("region", { name: "Émetteur" }).getByText("Camille Martin EI"),
    ).toBeVisible();
    await expect(preview.getByText("3 jours").first()).toBeVisible();
    await shots(page, "07-quote-draft-preview");
  });
});
