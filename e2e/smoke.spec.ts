import { INVALID_EMAIL_MESSAGE } from "../src/shared/security/validators";
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

  test("the sign-in page paints before its code loads, then checks the form in French", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
    // The form is usable once hydrated (inert until then). Its code was requested only once the page could
    // paint, so that it never shares a slow line with the stylesheet.
    await page.getByLabel("Adresse e-mail").fill("pas-une-adresse");
    const timings = await page.evaluate(() => {
      const assets = performance
        .getEntriesByType("resource")
        .filter((entry): entry is PerformanceResourceTiming => entry.name.includes("/assets/"));
      return {
        stylesheetLoaded: Math.max(
          ...assets.filter((e) => e.name.endsWith(".css")).map((e) => e.responseEnd),
        ),
        scriptsRequested: assets.filter((e) => e.name.endsWith(".js")).map((e) => e.startTime),
      };
    });
    expect(timings.scriptsRequested.length).toBeGreaterThan(0);
    expect(Math.min(...timings.scriptsRequested)).toBeGreaterThanOrEqual(timings.stylesheetLoaded);
    // zod and the form's schema load on the first check.
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText(INVALID_EMAIL_MESSAGE)).toBeVisible();
    await expect(page.getByText("Saisissez votre mot de passe.")).toBeVisible();
  });

  test("an /app page asks for the session and the profile at once", async ({ page }) => {
    const events: string[] = [];
    page.on("request", (request) => events.push(`asked ${new URL(request.url()).pathname}`));
    page.on("requestfinished", (request) => events.push(`answered ${new URL(request.url()).pathname}`));
    await page.goto("/app/invoices");
    // Anonymous here: the session is null, the profile a 401, and the guard sends to sign-in.
    await expect(page).toHaveURL(/\/auth\?redirect=/);
    const profileAsked = events.indexOf("asked /api/profile");
    expect(profileAsked).toBeGreaterThan(-1);
    expect(profileAsked).toBeLessThan(events.indexOf("answered /api/auth/get-session"));
  });

  test("/login sends to /auth and /app/ai-assistant to /app/agent-ia", async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveURL(/\/auth$/);
    // Anonymous, the guard then sends to sign-in, keeping where the redirect led: /app/agent-ia.
    await page.goto("/app/ai-assistant");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fapp%2Fagent-ia$/);
  });
});
