import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";

/**
 * Every test speaks from its own client address (the e2e server trusts X-Forwarded-For), so the real
 * per-IP limits of sign-up and sign-in stay on without one test spending another's quota.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const [a = 0, b = 0] = [...testInfo.testId].map((char) => char.charCodeAt(0));
    await use({
      ...extraHTTPHeaders,
      "x-forwarded-for": `198.18.${(a * 7 + b) % 250}.${((testInfo.retry * 31 + a + b) % 250) + 1}`,
    });
  },
});
export { expect };

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });

/** The newest e-mail sent to `to`, read from the local outbox the server writes every e-mail to. */
export async function lastMailTo(request: APIRequestContext, to: string, subject: RegExp) {
  let found: { id: string } | undefined;
  await expect
    .poll(async () => {
      const { emails } = await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json();
      found = emails.find((email: { subject: string }) => subject.test(email.subject));
      return Boolean(found);
    })
    .toBe(true);
  return (await request.get(`/api/dev/mailbox/${found?.id}`)).json() as Promise<{
    subject: string;
    text: string;
    html: string;
  }>;
}

export function linkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+/)?.[0]?.replace(/[).,]+$/, "");
  if (!link) throw new Error(`no link in the e-mail: ${text}`);
  return link;
}

/** Desktop and 390 px, light and dark, of the page as it is now; back to desktop and light after. */
export async function screenshotsEverywhere(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `${name}-desktop-${scheme}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `${name}-mobile-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
}
