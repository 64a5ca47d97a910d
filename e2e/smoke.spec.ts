import { expect, test } from "./fixtures";

const shot = (name: string) => ({ path: `test-results/screenshots/${name}.png`, fullPage: true });

test.describe("public pages", () => {
  test("home presents Ardoise and leads to registration", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: /Créer mon compte/ }).first()).toHaveAttribute(
      "href",
      "/register",
    );
    await page.screenshot(shot("home-desktop"));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot(shot("home-mobile"));
  });

  test("pricing shows the one-time 59 € offer and what it includes", async ({ page }) => {
    await page.goto("/pricing");
    const main = page.getByRole("main");
    await expect(main.getByText(/59\s?€/).first()).toBeVisible();
    await expect(main.getByText(/paiement unique/i).first()).toBeVisible();
    for (const item of [
      /projets/i,
      /clients/i,
      /devis/i,
      /factures/i,
      /contrats/i,
      /dépenses/i,
      /assistant IA/i,
    ]) {
      await expect(main.getByText(item).first()).toBeVisible();
    }
    await page.screenshot(shot("pricing-desktop"));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot(shot("pricing-mobile"));
  });

  test("an unknown route shows the not-found page", async ({ page }) => {
    await page.goto("/cette-page-n-existe-pas");
    await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
    await expect(page.getByRole("link", { name: /accueil/i }).first()).toBeVisible();
    await page.screenshot(shot("not-found-desktop"));
  });

  test("/login sends to /auth and /app/ai-assistant to /app/agent-ia", async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveURL(/\/auth$/);
    // Anonymous, the guard then sends to sign-in, keeping where the redirect led: /app/agent-ia.
    await page.goto("/app/ai-assistant");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fapp%2Fagent-ia$/);
  });
});
