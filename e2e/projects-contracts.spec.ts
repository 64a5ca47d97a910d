import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, LIABLE_IDENTITY, screenshotsEverywhere, signUpAndPay, test } from "./fixtures";

const email = `projets.${Date.now()}@example.fr`;
const password = "Velo-Cargo-Lumiere-2026";

/** A complete identity in franchise: the contract templates print it. */
const identity = { ...LIABLE_IDENTITY, vatRegime: "franchise", vatNumber: "" };

const shots = (page: Page, name: string) => screenshotsEverywhere(page, `projects-contracts-${name}`);

test("a project with two tasks, then a contract from a template and its PDF", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = page.request;
  const headers = { origin: baseURL ?? "" };

  await test.step("a paid account with its identity and one client, through the API", async () => {
    await signUpAndPay(api, request, { email, password, origin: headers.origin });
    expect((await api.put("/api/settings/identity", { data: identity, headers })).ok()).toBe(true);
    const client = await api.post("/api/clients", {
      data: {
        name: "Atelier Lumière",
        company: "Atelier Lumière SARL",
        contactName: "Léa Moreau",
        siren: "443 061 841",
        addressLine1: "3 quai Saint-Antoine",
        postalCode: "69002",
        city: "Lyon",
        status: "actif",
      },
      headers,
    });
    expect(client.status()).toBe(201);
  });

  await test.step("the empty projects list", async () => {
    await page.goto("/app/projects");
    await expect(page.getByRole("heading", { name: "Aucun projet pour l'instant" })).toBeVisible();
    await shots(page, "01-projects-empty");
  });

  await test.step("create a project through the form, with French validation", async () => {
    await page.getByRole("main").getByRole("link", { name: "Nouveau projet" }).first().click();
    await expect(page.getByRole("heading", { name: "Nouveau projet" })).toBeVisible();
    await page.getByRole("button", { name: "Créer le projet" }).click();
    await expect(page.getByText("Indiquez le nom du projet.")).toBeVisible();
    await page.getByLabel("Nom du projet").fill("Refonte du site vitrine");
    await page.getByLabel("Client").selectOption({ label: "Atelier Lumière" });
    await page.getByLabel("Date de début").fill("2026-03-01");
    await page.getByLabel("Date de fin").fill("2026-02-01");
    await page.getByLabel("Budget HT (€)").fill("6 000");
    await page.getByLabel("Taux horaire HT (€)").fill("55,50");
    await page.getByLabel("Description").fill("Nouveau site, boutique en ligne et référencement.");
    await page.getByRole("button", { name: "Créer le projet" }).click();
    await expect(
      page.getByText("La date de fin doit être postérieure ou égale à la date de début."),
    ).toBeVisible();
    await page.getByLabel("Date de fin").fill("2026-06-30");
    await shots(page, "02-project-form");
    await page.getByRole("button", { name: "Créer le projet" }).click();
    await expect(page.getByRole("heading", { name: "Refonte du site vitrine", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Atelier Lumière" })).toBeVisible();
  });

  await test.step("two tasks: add, change status, reorder, rename", async () => {
    const title = page.getByLabel("Nouvelle tâche", { exact: true });
    await title.fill("Maquettes des pages");
    await page.getByLabel("Échéance de la nouvelle tâche").fill("2026-03-20");
    await page.getByRole("button", { name: "Ajouter" }).click();
    const tasks = page.getByRole("list", { name: "Tâches du projet" });
    await expect(tasks.getByRole("listitem")).toHaveCount(1);
    await expect(title).toHaveValue("");
    await title.fill("Intégration et mise en ligne");
    await title.press("Enter");
    await expect(tasks.getByRole("listitem")).toHaveCount(2);
    await page.getByLabel("Statut de « Maquettes des pages »").selectOption("terminee");
    await expect(page.getByText("Terminée : 1")).toBeVisible();
    await page.getByRole("button", { name: "Monter « Intégration et mise en ligne »" }).click();
    await expect(tasks.getByRole("listitem").first()).toContainText("Intégration et mise en ligne");
    await tasks.getByRole("button", { name: "Renommer « Maquettes des pages »" }).click();
    await page.getByLabel("Intitulé de la tâche").fill("Maquettes validées");
    await page.getByLabel("Intitulé de la tâche").press("Enter");
    await expect(tasks.getByRole("button", { name: "Renommer « Maquettes validées »" })).toBeVisible();
    await page.reload();
    await expect(tasks.getByRole("listitem").first()).toContainText("Intégration et mise en ligne");
    await expect(page.getByText("Budget HT")).toBeVisible();
    await expect(page.getByText("0 % du budget facturé")).toBeVisible();
    await shots(page, "03-project-detail");
  });

  await test.step("the projects list shows it", async () => {
    await page.goto("/app/projects");
    const table = page.getByRole("table", { name: "Liste des projets" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table).toContainText("1/2");
    await shots(page, "04-projects-list");
  });

  let contractNumber = "";
  await test.step("a contract from the service template, filled from the identity and the client", async () => {
    await page.goto("/app/contracts");
    await expect(page.getByRole("heading", { name: "Aucun contrat pour l'instant" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Nouveau contrat" }).first().click();
    await expect(page.getByRole("heading", { name: "Nouveau contrat" })).toBeVisible();
    await page.getByLabel("Client").selectOption({ label: "Atelier Lumière" });
    await page.getByLabel("Projet").selectOption({ label: "Refonte du site vitrine" });
    await page.getByLabel("Date de début").fill("2026-03-01");
    await page.getByLabel("Date de fin").fill("2026-06-30");
    await page.getByLabel("Montant HT (€)").fill("6000");
    await page.getByRole("button", { name: /Contrat de prestation de services/ }).click();
    await expect(page.getByLabel("Titre du contrat")).toHaveValue("Contrat de prestation de services");
    const content = page.getByLabel("Texte du contrat");
    await expect(content).toHaveValue(/Camille Martin EI, exerçant sous le nom commercial Atelier Ardoise/);
    await expect(content).toHaveValue(/Atelier Lumière SARL, immatriculé sous le numéro SIREN 443061841/);
    await expect(content).toHaveValue(/représenté par Léa Moreau/);
    await expect(page.getByTestId("contract-preview")).toContainText(
      "Article 5 – Prix et modalités de paiement",
    );
    await shots(page, "05-contract-new");
    await page.getByRole("button", { name: "Créer le contrat" }).click();
    await expect(
      page.getByRole("heading", { name: "Contrat de prestation de services", level: 1 }),
    ).toBeVisible();
    contractNumber =
      (
        await page
          .getByText(/CTR-\d{4}-0001/)
          .first()
          .textContent()
      )?.match(/CTR-\d{4}-0001/)?.[0] ?? "";
    expect(contractNumber).toMatch(/^CTR-\d{4}-0001$/);
    await shots(page, "06-contract-detail-draft");
  });

  await test.step("edit the draft, then send it: it is frozen", async () => {
    await page.getByRole("link", { name: "Modifier" }).click();
    await expect(page.getByRole("heading", { name: "Modifier le contrat" })).toBeVisible();
    await page.getByLabel("Titre du contrat").fill("Prestation : refonte du site");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("heading", { name: "Prestation : refonte du site", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Marquer comme envoyé" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Marquer comme envoyé" }).click();
    await expect(page.getByText("Envoyé", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Modifier" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Marquer comme signé" })).toBeVisible();
  });

  await test.step("download its PDF", async () => {
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Télécharger le PDF" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Contrat-${contractNumber}.pdf`);
    const bytes = readFileSync((await file.path()) ?? "");
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    await shots(page, "07-contract-detail-sent");
  });

  await test.step("the contracts list and the project page link the contract", async () => {
    await page.goto("/app/contracts");
    const table = page.getByRole("table", { name: "Liste des contrats" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table).toContainText(contractNumber);
    await shots(page, "08-contracts-list");
    await page.goto("/app/projects");
    await page.getByRole("link", { name: "Refonte du site vitrine" }).first().click();
    await expect(page.getByRole("link", { name: new RegExp(contractNumber) })).toBeVisible();
  });
});
