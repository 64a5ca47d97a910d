import type { Page } from "@playwright/test";
import { expect, LIABLE_IDENTITY, screenshotsEverywhere, signUpAndPay, test } from "./fixtures";

const email = `assistant.${Date.now()}@example.fr`;
const password = "Velo-Cargo-Lumiere-2026";

const shots = (page: Page, name: string) => screenshotsEverywhere(page, `assistant-${name}`);

/**
 * A dialog covers the screen, not the page: its shots are of the viewport (the page behind would only
 * make them tall), desktop and 390 px, light and dark, like screenshotsEverywhere.
 */
async function dialogShots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [device, width, height] of [
      ["desktop", 1280, 900],
      ["mobile", 390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `test-results/screenshots/assistant-${name}-${device}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
}

// No AI key in the e2e server: every answer comes from the local engine, deterministic and offline.
test("the assistant without an AI key: chat with confirmation, document generator, assistant pages", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const dialog = page.getByRole("dialog", { name: "Assistant IA" });

  await test.step("a paid account; the header's IA button opens the dialog", async () => {
    await signUpAndPay(page.request, request, { email, password, origin: baseURL ?? "" });
    // Liable to VAT: the assistant's lines take 20 %; the identity also lets the PDF be made for sending.
    const headers = { origin: baseURL ?? "" };
    expect((await page.request.put("/api/settings/identity", { data: LIABLE_IDENTITY, headers })).ok()).toBe(
      true,
    );
    await page.goto("/app");
    await page.getByRole("button", { name: "Ouvrir l'assistant IA" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("tab", { name: "Chat" })).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByText(/Je suis votre assistant Ardoise/)).toBeVisible();
    await expect(dialog.getByRole("switch", { name: /Mode Agent/ })).not.toBeChecked();
    await expect(dialog.getByRole("button", { name: "Envoyer" })).toBeDisabled();
    await dialogShots(page, "01-dialog-chat");
  });

  await test.step("a blank message is not sent; Enter sends the request; a proposal comes back", async () => {
    const input = dialog.getByRole("textbox", { name: "Votre message à l'assistant" });
    await input.fill("   ");
    await expect(dialog.getByRole("button", { name: "Envoyer" })).toBeDisabled();
    await input.press("Enter");
    await expect(dialog.getByRole("region", { name: /Action à confirmer|Créer/ })).toHaveCount(0);

    await input.fill("Crée une facture pour Dupont de 500 €");
    await expect(dialog.getByText("37/500")).toBeVisible();
    await input.press("Enter");
    // Dupont is a new client: whether it is a person or a company decides what its invoice needs.
    await expect(dialog.getByText(/« Dupont » n'est pas encore parmi vos clients/)).toBeVisible();
    await input.fill("une entreprise");
    await input.press("Enter");
    const proposal = dialog.getByRole("region", { name: /brouillon de facture pour Dupont/ });
    await expect(proposal).toBeVisible();
    await expect(proposal.getByText("Nouveau client : Dupont (entreprise)")).toBeVisible();
    await expect(proposal.getByText("500,00 €", { exact: true })).toBeVisible();
    await expect(dialog.getByText("Moteur local", { exact: false }).first()).toBeVisible();
    await expect(input).toHaveValue("");
    await dialogShots(page, "02-proposal");
  });

  await test.step("Confirmer creates the draft: Succès, a link to it, the card settled", async () => {
    const proposal = dialog.getByRole("region", { name: /brouillon de facture pour Dupont/ });
    await proposal.getByRole("button", { name: "Confirmer" }).click();
    await expect(dialog.getByText("Succès", { exact: true })).toBeVisible();
    await expect(dialog.getByText(/Brouillon de facture créé pour Dupont/).first()).toBeVisible();
    await expect(proposal.getByText("Confirmée")).toBeVisible();
    await expect(proposal.getByRole("button", { name: "Confirmer" })).toBeDisabled();
    await expect(dialog.getByRole("link", { name: /Ouvrir : Facture Dupont/ })).toBeVisible();
    await dialogShots(page, "03-confirmed");
  });

  await test.step("the draft is in the invoices list", async () => {
    await dialog.getByRole("button", { name: "Fermer l'assistant" }).click();
    await page.goto("/app/invoices");
    const row = page.getByRole("row", { name: /Dupont/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Brouillon");
    // 500,00 € HT at 20 %: 600,00 € TTC.
    await expect(row).toContainText(/600,00\s€/);
  });

  await test.step("Documents: a quote from a prompt, its card and its preview", async () => {
    await page.getByRole("button", { name: "Ouvrir l'assistant IA" }).click();
    await dialog.getByRole("tab", { name: "Documents" }).click();
    await expect(dialog.getByRole("radio", { name: "Devis" })).toBeChecked();
    const prompt = dialog.getByRole("textbox", { name: "Décrivez le document" });
    const generate = dialog.getByRole("button", { name: "Générer le document" });
    await expect(generate).toBeDisabled();
    await prompt.fill("x");
    await prompt.fill("");
    await expect(dialog.getByText("Veuillez préciser ce que vous souhaitez générer.")).toBeVisible();

    await prompt.fill("Devis de 300 € pour un audit");
    await generate.click();
    await expect(page.getByText("Erreur de génération")).toBeVisible();
    // Said twice on purpose: in the toast, and under the prompt until it is edited.
    await expect(
      dialog.getByRole("alert").filter({ hasText: /Je n'ai pas pu identifier le nom du client/ }),
    ).toBeVisible();

    await prompt.fill("Devis pour Martin de 1 200 € pour la refonte du site");
    await generate.click();
    const card = dialog.getByRole("region", { name: "Document généré" });
    await expect(card).toBeVisible();
    await expect(card.getByText("Martin")).toBeVisible();
    await expect(card.getByText(/^1\s440,00\s€$/)).toBeVisible();
    await expect(card.getByText(/^DEV-\d{4}-\d{4}$/)).toBeVisible();
    await dialogShots(page, "04-document-generated");

    await card.getByRole("button", { name: "Prévisualiser" }).click();
    const preview = page.getByRole("dialog", { name: /Devis DEV-/ });
    await expect(preview).toBeVisible();
    await expect(preview.getByRole("cell", { name: /Refonte du site/ })).toBeVisible();
    await expect(preview.getByRole("row", { name: /Refonte du site/ })).toContainText(/1\s200,00\s€/);
    await expect(preview.getByText(/^240,00\s€$/)).toBeVisible();
    await expect(preview.getByText(/^1\s440,00\s€$/)).toBeVisible();
    await expect(preview.getByRole("link", { name: "Télécharger" })).toHaveAttribute(
      "href",
      /\/api\/quotes\/.+\/pdf$/,
    );
    await dialogShots(page, "05-document-preview");
    await preview.getByRole("tab", { name: "Message de l'e-mail" }).click();
    const message = preview.getByRole("textbox", { name: "Message d'accompagnement" });
    await expect(message).toHaveValue(/1\s440,00\s€ TTC/);
    // The message edited here is the one the send dialog starts from.
    await message.fill("Bonjour Martin,\n\nVoici le devis pour la refonte du site.\n\nCamille");
    await preview.getByRole("button", { name: "Fermer", exact: true }).click();
    await expect(preview).toBeHidden();

    await card.getByRole("button", { name: "Envoyer par e-mail" }).click();
    const send = page.getByRole("dialog", { name: "Envoyer par e-mail" });
    await expect(send.getByRole("textbox", { name: "Message" })).toHaveValue(/^Bonjour Martin,/);
    await send.getByRole("textbox", { name: "Destinataire" }).fill("martin@example.fr");
    await send.getByRole("button", { name: "Envoyer" }).click();
    await expect(page.getByText(/Devis DEV-\d{4}-\d{4} envoyé à martin@example\.fr/)).toBeVisible();
    await expect(send).toBeHidden();
  });

  await test.step("Vocal shows the voice panel; an action of the Actions tab is sent in the chat", async () => {
    await dialog.getByRole("button", { name: "Fermer l'assistant" }).click();
    await page.goto("/app");
    await page.getByRole("button", { name: "Ouvrir l'assistant IA" }).click();
    await dialog.getByRole("tab", { name: "Vocal" }).click();
    await expect(dialog.getByText("Connectez-vous et commencez à parler.")).toBeVisible();
    await dialog.getByRole("tab", { name: "Actions" }).click();
    await expect(dialog.getByRole("heading", { name: "Actions Intelligentes" })).toBeVisible();
    await dialogShots(page, "06-actions");
    await dialog.getByRole("button", { name: /^Créer une facture/ }).click();
    await expect(dialog.getByRole("tab", { name: "Chat" })).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByText("Je veux créer une nouvelle facture")).toBeVisible();
    await expect(dialog.getByText(/Je n'ai pas pu identifier le nom du client/)).toBeVisible();
    await dialog.getByRole("button", { name: "Fermer l'assistant" }).click();
  });

  await test.step("/app/agent-ia: the saved conversation beside the chat", async () => {
    await page.goto("/app/agent-ia");
    await expect(page.getByRole("heading", { level: 1, name: "Assistant IA" })).toBeVisible();
    const conversations = page.getByRole("navigation", { name: "Conversations" });
    await expect(conversations.getByRole("button", { name: /^Crée une facture pour Dupont/ })).toBeVisible();
    await expect(
      page.getByText("Brouillon de facture créé pour Dupont", { exact: false }).first(),
    ).toBeVisible();
    // The proposal and its status are kept with the conversation: still settled after the reload.
    const proposal = page.getByRole("region", { name: /brouillon de facture pour Dupont/ });
    await expect(proposal.getByText("Confirmée")).toBeVisible();
    await expect(proposal.getByRole("button", { name: "Confirmer" })).toBeDisabled();
    await shots(page, "07-page");
  });

  await test.step("/app/agent-ia/advanced: agent mode runs the action at once and logs it", async () => {
    await page.goto("/app/agent-ia/advanced");
    await expect(page.getByRole("heading", { level: 1, name: "Agent IA avancé" })).toBeVisible();
    const input = page.getByRole("textbox", { name: "Votre message à l'assistant" });
    await input.fill("Ajoute le client Jean Morel");
    await input.press("Enter");
    await expect(page.getByText("Succès", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("region", { name: /Action à confirmer|Ajouter le client/ })).toHaveCount(0);
    const log = page.getByRole("region", { name: "Journal d'exécution" });
    await expect(log.getByText(/Action exécutée : Client Jean Morel ajouté/)).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Progression" })).toHaveAttribute(
      "aria-valuenow",
      "100",
    );
    await shots(page, "08-advanced");
  });
});
