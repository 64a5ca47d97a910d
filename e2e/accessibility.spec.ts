import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { paths } from "../src/shared/paths";
import { expect, signUpAndPay, test } from "./fixtures";

// WCAG 2 A and AA, as axe checks them, on what a visitor and a new customer see, in both colour schemes.
const publicPages = [paths.home, paths.pricing, paths.faq, paths.about, paths.auth.signIn];
const appPages = [
  paths.app.dashboard,
  paths.app.invoices.list,
  paths.app.quotes.list,
  paths.app.clients.list,
  paths.app.expenses.list,
  paths.app.urssaf,
  paths.app.books,
  paths.app.integrations,
  paths.app.automations,
];

async function violationsOn(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return violations.map((violation) => `${path} ${violation.id}: ${violation.nodes[0]?.target.join(" ")}`);
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`public and app pages have no axe violation (${colorScheme})`, async ({ page, request, baseURL }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme });
    const found: string[] = [];
    for (const path of publicPages) found.push(...(await violationsOn(page, path)));
    await signUpAndPay(page.request, request, {
      email: `axe.${colorScheme}.${Date.now()}@example.fr`,
      password: "Velo-Cargo-Lumiere-2026",
      origin: baseURL ?? "",
    });
    for (const path of appPages) found.push(...(await violationsOn(page, path)));
    expect(found).toEqual([]);
  });
}
