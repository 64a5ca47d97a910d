import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ciiInvoice } from "../src/server/modules/einvoicing/test-invoices";
import { frenchVatNumber, hasValidLuhn } from "../src/shared/domain/identifiers";
import { expect, LIABLE_IDENTITY, shot, signUpAndPay, test, toast } from "./fixtures";

const email = `factures.recues.${Date.now()}@example.fr`;
const password = "Velo-Cargo-Lumiere-2026";

/** A SIREN of this test only: the local platform routes received invoices by the recipient's SIREN. */
function uniqueSiren(): string {
  const base = String(Date.now()).slice(-8);
  for (let key = 0; key < 10; key++) if (hasValidLuhn(`${base}${key}`)) return `${base}${key}`;
  throw new Error("no Luhn key");
}

test("« Factures reçues »: supplier e-invoices from the platform are accepted into an expense or refused with a reason", async ({
  page,
  request,
  baseURL,
}) => {
  // The job loop takes received invoices once a minute.
  test.setTimeout(240_000);
  const api = page.request;
  const headers = { origin: baseURL ?? "" };
  const siren = uniqueSiren();
  await signUpAndPay(api, request, { email, password, origin: headers.origin });
  const identity = { ...LIABLE_IDENTITY, siren, siret: "", vatNumber: frenchVatNumber(siren) };
  const saved = await api.put("/api/settings/identity", { data: identity, headers });
  expect(saved.ok(), await saved.text()).toBe(true);

  // What the plateforme agréée delivers: the local directory of the e2e server (playwright.config DATA_DIR).
  const inbox = resolve(process.env.E2E_DATA_DIR ?? ".tmp/e2e-data", "pa", "inbox", siren);
  mkdirSync(inbox, { recursive: true });
  writeFileSync(join(inbox, "nuage-septembre.xml"), ciiInvoice({ number: "NU-0917" }));
  writeFileSync(join(inbox, "nuage-doublon.xml"), ciiInvoice({ number: "NU-0918" }));

  await page.goto("/app/expenses");
  await page.getByRole("link", { name: "Factures reçues" }).click();
  await expect(page.getByRole("heading", { name: "Factures reçues", level: 1 })).toBeVisible();
  const list = page.getByRole("list", { name: "Factures reçues" });
  // The page asks again every minute: the invoices show up without a reload once the job has taken them.
  await expect(list.getByRole("listitem")).toHaveCount(2, { timeout: 150_000 });
  await shot(page, "received-invoices-01-waiting");

  const first = list.getByRole("listitem").filter({ hasText: "NU-0917" });
  await expect(first.getByText("Mise à disposition")).toBeVisible();
  await first.getByRole("button", { name: "Accepter et créer la dépense" }).click();
  const dialog = page.getByRole("dialog", { name: "Importer la facture fournisseur" });
  await dialog.getByLabel("Mode de paiement").selectOption("virement");
  await dialog.getByRole("button", { name: "Créer la dépense" }).click();
  // The server reads the file again and stores the expense: slow on a loaded machine.
  await expect(page).toHaveURL(/\/app\/expenses\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(toast(page, "Facture importée")).toBeVisible();
  await expect(page.getByText("Virement", { exact: true })).toBeVisible();

  await page.goto("/app/expenses/recues");
  const second = list.getByRole("listitem").filter({ hasText: "NU-0918" });
  await second.getByRole("button", { name: "Refuser" }).click();
  const refuse = page.getByRole("dialog", { name: "Refuser la facture" });
  await refuse.getByRole("button", { name: "Refuser la facture" }).click();
  await expect(refuse.getByText("Indiquez le motif du refus.")).toBeVisible({ timeout: 30_000 });
  await refuse.getByLabel("Motif du refus").fill("Prestation non commandée");
  await refuse.getByRole("button", { name: "Refuser la facture" }).click();
  await expect(toast(page, "Facture refusée")).toBeVisible({ timeout: 30_000 });
  await expect(second.getByText("Refusée")).toBeVisible();
  await expect(second.getByText("Motif du refus : « Prestation non commandée »")).toBeVisible();
  await expect(
    list.getByRole("listitem").filter({ hasText: "NU-0917" }).getByText("Approuvée"),
  ).toBeVisible();
  await expect(list.getByRole("link", { name: "Voir la dépense" })).toBeVisible();
  await shot(page, "received-invoices-02-answered");
});
