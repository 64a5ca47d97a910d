import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drawPng } from "../src/server/test/png";
import { expect, shot, signUpAndPay, test, toast } from "./fixtures";

const email = `reglages.${Date.now()}@example.fr`;
const password = "Velo-Cargo-Lumiere-2026";

/** A real 48×48 PNG (an indigo square with a lighter band), written to a temp file as a user would pick it. */
function writeLogoPng(): string {
  const bytes = drawPng(48, 48, (_x, y) => (y > 18 && y < 30 ? [199, 210, 254] : [79, 70, 229]));
  const path = join(mkdtempSync(join(tmpdir(), "ardoise-logo-")), "logo.png");
  writeFileSync(path, bytes);
  return path;
}

test("settings: fill the legal identity, watch the missing list go, upload a logo, switch the theme", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A paid account without the payment screens (the account journey covers them).
  await signUpAndPay(page.request, request, { email, password, origin: baseURL ?? "" });
  const missing = page.getByRole("status", { name: "Pour compléter votre identité, il manque" });

  await test.step("an empty identity lists everything an invoice needs", async () => {
    await page.goto("/app/settings");
    await expect(page.getByRole("heading", { name: "Paramètres", level: 1 })).toBeVisible();
    await expect(missing).toContainText("Nom avec la mention EI");
    await expect(missing).toContainText("SIREN ou SIRET");
    await expect(page.getByText("TVA non applicable, art. 293 B du CGI")).toBeVisible();
  });

  await test.step("the EI rule explains itself, and the list shrinks while typing", async () => {
    const legalName = page.getByLabel("Nom avec la mention EI");
    await legalName.fill("Camille Martin");
    await legalName.blur();
    await expect(
      page.getByText(/Ajoutez « EI » après votre nom \(obligatoire pour un entrepreneur individuel\)/),
    ).toBeVisible();
    await legalName.fill("Camille Martin EI");
    await expect(missing).not.toContainText("Nom avec la mention EI");
    await page.getByLabel("SIRET", { exact: true }).fill("732 829 320 00074");
    await page.getByLabel("Adresse", { exact: true }).fill("12 rue de la République");
    await page.getByLabel("Code postal").fill("69002");
    await expect(missing).toContainText("Ville");
    await page.getByLabel("Ville").fill("Lyon");
    // A complete identity is also its activity (the dashboard's first step and the URSSAF figures need it).
    await expect(missing).toBeVisible();
    await page.getByLabel("Catégorie d'activité").selectOption("bnc");
    await expect(missing).toBeHidden();
    await expect(page.getByText("Votre identité est complète.")).toBeVisible();
    await page.getByLabel("IBAN").fill("FR76 3000 6000 0112 3456 7890 189");
    await page.getByLabel("BIC").fill("AGRIFRPP");
    await page.getByLabel("Pied de page des factures").fill("Merci pour votre confiance !");
  });

  await test.step("save, reload, it stays", async () => {
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(toast(page, "Paramètres enregistrés")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Nom avec la mention EI")).toHaveValue("Camille Martin EI");
    await expect(page.getByLabel("SIREN", { exact: true })).toHaveValue("732829320");
    await expect(page.getByText("Votre identité est complète.")).toBeVisible();
  });

  await test.step("upload a logo; a disguised executable is refused", async () => {
    const input = page.locator("#logo input[type=file]");
    await input.setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: Buffer.from("MZ\u0090\u0000PE"),
    });
    await expect(page.locator("#logo").getByRole("alert")).toHaveText(
      "Le contenu du fichier ne correspond pas à son type",
    );
    await input.setInputFiles(writeLogoPng());
    await expect(toast(page, "Logo enregistré")).toBeVisible();
    const logo = page.getByRole("img", { name: "Votre logo" });
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(48);
  });

  await test.step("the registration's invoice: a test invoice here (local checkout), downloaded as a PDF", async () => {
    const section = page.getByRole("region", { name: "Facture d'inscription" });
    await expect(section).toContainText(/ESSAI-\d{4}-\d{6}/);
    await expect(section).toContainText("Facture d'essai — paiement de test, sans valeur.");
    await expect(section).toContainText("59,00");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      section.getByRole("button", { name: "Télécharger la facture (PDF)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Facture-ESSAI-\d{4}-\d{6}\.pdf$/);
    const path = await download.path();
    expect(readFileSync(path).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  await test.step("screenshots: desktop and 390 px, light and dark", async () => {
    // Toasts and a scrolled page would end up in the middle of a full-page capture.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
    const top = () => page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("radio", { name: "Clair" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await top();
    await shot(page, "settings-desktop-light");
    await page.getByRole("radio", { name: "Sombre" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await top();
    await shot(page, "settings-desktop-dark");
    await page.setViewportSize({ width: 390, height: 844 });
    await top();
    await shot(page, "settings-mobile-dark");
    for (const section of ["identite", "facturation", "logo", "inscription"]) {
      await page.evaluate((id) => document.getElementById(id)?.scrollIntoView(), section);
      await page.screenshot({ path: `test-results/screenshots/settings-mobile-dark-${section}.png` });
    }
    await page.getByRole("radio", { name: "Clair" }).click();
    await top();
    await shot(page, "settings-mobile-light");
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
