import { expect, lastMailTo, linkIn, shot, test, toast } from "./fixtures";

const email = `camille.${Date.now()}@example.fr`;
const password = "Velo-Cargo-Lumiere-2026";
const newPassword = "Nouveau-Velo-Bleu-2027";

test("register → confirm → pay → use the shell → sign out → reset the password → sign in", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);

  await test.step("register", async () => {
    await page.goto("/register");
    await page.getByLabel("Nom et prénom").fill("Camille Martin");
    await page.getByLabel("Adresse e-mail").fill(`  ${email}  `);
    await page.getByLabel("Mot de passe").fill("motdepasse");
    await expect(page.getByText(/Robustesse : (Très faible|Faible)/)).toBeVisible();
    await page.getByLabel("Mot de passe").fill(password);
    await expect(page.getByText(/Robustesse : (Fort|Très fort)/)).toBeVisible();
    await shot(page, "01-register");
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page.getByRole("heading", { name: "Vérifiez votre email" })).toBeVisible();
    await shot(page, "02-register-check-email");
  });

  await test.step("read the confirmation e-mail and confirm", async () => {
    const mail = await lastMailTo(request, email, /Confirmez votre adresse e-mail/);
    await page.goto(`/dev/mailbox`);
    await expect(page.getByText(mail.subject).first()).toBeVisible();
    await shot(page, "03-dev-mailbox");
    await page.goto(linkIn(mail.text));
    await expect(page.getByRole("heading", { name: "Finaliser votre inscription" })).toBeVisible();
    await expect(page.getByText("Projets et tâches", { exact: true })).toBeVisible();
    await shot(page, "04-payment-gate");
  });

  await test.step("pay in the local checkout, in a new tab", async () => {
    const [checkout] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("button", { name: "Payer 59 € et accéder à l'application" }).click(),
    ]);
    await checkout.waitForURL(/\/dev\/stripe\?session=cs_local_/);
    await checkout.getByLabel("Numéro de carte").fill("4000 0000 0000 0002");
    await checkout.getByLabel("Expiration").fill("12/34");
    await checkout.getByLabel("CVC").fill("123");
    await checkout.getByLabel("Titulaire de la carte").fill("Camille Martin");
    await checkout.getByRole("button", { name: /Payer 59,00/ }).click();
    await expect(checkout.getByRole("alert")).toHaveText(/Votre carte a été refusée/);
    await shot(checkout, "05-checkout-declined");
    await checkout.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
    await checkout.getByRole("button", { name: /Payer 59,00/ }).click();
    await expect(checkout.getByRole("heading", { name: "Paiement confirmé!" })).toBeVisible();
    await shot(checkout, "06-payment-success");
    await checkout.waitForURL(/\/app$/);
    await checkout.close();
    // The first tab learns it through the cross-tab storage event.
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible({
      timeout: 15_000,
    });
    await shot(page, "07-app-shell");
  });

  await test.step("sidebar, shortcuts and theme", async () => {
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    await nav.getByRole("link", { name: "Factures" }).click();
    await expect(page).toHaveURL(/\/app\/invoices$/);
    await expect(nav.getByRole("link", { name: "Factures" })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Control+2");
    await expect(page).toHaveURL(/\/app\/projects$/);
    await expect(page.getByText("Navigation: Projets")).toBeVisible();
    const before = await page.evaluate(() => document.documentElement.classList.contains("dark"));
    await page.keyboard.press("Control+Shift+T");
    await expect(page.getByText(/^Thème changé: Mode (clair|sombre|système)$/)).toBeVisible();
    await page.keyboard.press("Control+Shift+T");
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")))
      .not.toBe(before);
    await shot(page, "08-theme-switched");
    await page.keyboard.press("Control+k");
    await expect(page.getByPlaceholder("Rechercher une page, un client, une facture…")).toBeVisible();
    await shot(page, "09-command-palette");
    await page.keyboard.press("Escape");
  });

  await test.step("mobile drawer at 390 px", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByRole("button", { name: /menu|barre latérale/i })
      .first()
      .click();
    const drawer = page.getByRole("dialog");
    await expect(drawer.getByRole("link", { name: "Clients" })).toBeVisible();
    // Measured once the slide-in animation has settled against the left edge.
    await expect.poll(() => drawer.evaluate((element) => element.getBoundingClientRect().left)).toBe(0);
    const width = await drawer.evaluate((element) => element.getBoundingClientRect().width);
    // 90 % of the screen, at most 18rem (spec §2 and §9).
    expect(width).toBeCloseTo(Math.min(0.9 * 390, 18 * 16), 0);
    await shot(page, "10-mobile-drawer");
    await drawer.getByRole("link", { name: "Clients" }).click();
    await expect(page).toHaveURL(/\/app\/clients$/);
    await expect(drawer).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step("profile", async () => {
    await page.goto("/app/profile");
    await page.getByLabel("Métier").fill("Développeuse web freelance");
    await page.getByLabel("Compétences").fill("React, Node.js, UX");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(toast(page, "Profil enregistré")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Compétences")).toHaveValue("React, Node.js, UX");
    await shot(page, "11-profile");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "11-profile-mobile");
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step("sign out everywhere", async () => {
    await page.getByRole("button", { name: /^Menu du compte/ }).click();
    await page.getByRole("menuitem", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(toast(page, "Déconnexion réussie")).toBeVisible();
    await page.goto("/app/invoices");
    await expect(page).toHaveURL(/\/auth\?redirect=/);
    await expect(toast(page, "Session requise")).toBeVisible();
    await shot(page, "12-signed-out");
  });

  await test.step("forgotten password, reset, sign in", async () => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Mot de passe oublié ?" }).click();
    await expect(page.getByRole("heading", { name: "Mot de passe oublié" })).toBeVisible();
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByRole("button", { name: "Recevoir le lien" }).click();
    await expect(toast(page, "Email envoyé")).toBeVisible();
    await shot(page, "13-reset-requested");
    const mail = await lastMailTo(request, email, /Réinitialisez votre mot de passe/);
    await page.goto(linkIn(mail.text));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel("Nouveau mot de passe").fill(newPassword);
    await page.getByLabel("Confirmez le mot de passe").fill(newPassword);
    await shot(page, "14-reset-password");
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByLabel("Mot de passe").fill(password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(toast(page, "Erreur de connexion")).toBeVisible();
    await page.getByLabel("Mot de passe").fill(newPassword);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
    await shot(page, "15-signed-in-again");
  });

  await test.step("sent to sign in from an app page, back on it once signed in", async () => {
    await page.getByRole("button", { name: /^Menu du compte/ }).click();
    await page.getByRole("menuitem", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto("/app/invoices");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fapp%2Finvoices$/);
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/app\/invoices$/);
    await expect(page.getByRole("heading", { name: "Factures", level: 1 })).toBeVisible();
  });
});
