import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { TYPED_BUSINESS } from "../src/server/test/typed-buyer";

/** A paid freelancer with a complete identity, signed in on the test's `page`, and its API. */
export type Freelancer = {
  /** The page's request context: it carries the session cookie. */
  api: APIRequestContext;
  /** The Origin header every state change needs (same-origin check). */
  headers: { origin: string };
  /** A quote or an invoice for « Atelier Lumière », one line « Refonte du site vitrine » at 20 %; its id. */
  createDocument: (kind: "quotes" | "invoices", unitPriceCents: number) => Promise<string>;
};

/**
 * Every test speaks from its own client address (the e2e server trusts X-Forwarded-For), so the real
 * per-IP limits of sign-up and sign-in stay on without one test spending another's quota.
 * `freelancer` and `clientPage` are made only for the tests that ask for them.
 */
export const test = base.extend<{ freelancer: Freelancer; clientPage: Page }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const [a = 0, b = 0] = [...testInfo.testId].map((char) => char.charCodeAt(0));
    await use({
      ...extraHTTPHeaders,
      "x-forwarded-for": `198.18.${(a * 7 + b) % 250}.${((testInfo.retry * 31 + a + b) % 250) + 1}`,
    });
  },
  freelancer: [
    async ({ page, request, baseURL }, use, testInfo) => {
      const api = page.request;
      const headers = { origin: baseURL ?? "" };
      const email = `freelance.${Date.now()}.${testInfo.workerIndex}@example.fr`;
      await signUpAndPay(api, request, { email, password: E2E_PASSWORD, origin: headers.origin });
      expect((await api.put("/api/settings/identity", { data: LIABLE_IDENTITY, headers })).ok()).toBe(true);
      await use({
        api,
        headers,
        createDocument: async (kind, unitPriceCents) => {
          const created = await api.post(`/api/${kind}`, {
            data: {
              clientName: "Atelier Lumière",
              // Typed without a client record: a business says its SIREN and address (issue 28).
              ...(kind === "invoices" ? { typedBuyer: TYPED_BUSINESS } : {}),
              lines: [
                { description: "Refonte du site vitrine", quantity: 1, unitPriceCents, vatRateBp: 2000 },
              ],
            },
            headers,
          });
          expect(created.ok()).toBe(true);
          return (await created.json()).id as string;
        },
      });
    },
    // Sign-up, confirmation and the registration's checkout, on a loaded machine.
    { timeout: 120_000 },
  ],
  /** The freelancer's client: another browser context, no cookie, a phone-sized screen. */
  clientPage: async ({ browser }, use) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await use(await context.newPage());
    await context.close();
  },
});
export { expect };

export const E2E_PASSWORD = "Velo-Cargo-Lumiere-2026";

/** A toast, looked for in sonner's "Notifications" region: the same words may also be on the page (a history line). */
export const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /^Notifications/ }).getByText(text);

/**
 * WCAG 2 A and AA violations, as axe finds them on the page as it stands: one line each. Toasts are left
 * out: caught mid fade-in, their text reads to axe as too low a contrast.
 */
export async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa"])
    .exclude("[data-sonner-toaster]")
    .analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(" ")}`);
}

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

// Money is printed by Intl (narrow no-break spaces); \s matches them.
export const euros = (text: string) => new RegExp(`^${text.replace(/ /g, "\\s")}\\s€$`);

/** Everything the settings form sends: a complete identity, liable to VAT. */
export const LIABLE_IDENTITY = {
  legalName: "Camille Martin EI",
  companyName: "Atelier Ardoise",
  siren: "",
  siret: "732 829 320 00074",
  apeCode: "",
  registrationMention: "",
  activityCategory: null,
  addressLine1: "12 rue de la République",
  addressLine2: "",
  postalCode: "69002",
  city: "Lyon",
  country: "FR",
  email: "",
  phone: "",
  website: "",
  vatRegime: "assujetti",
  vatNumber: "FR44732829320",
  vatOnDebits: false,
  iban: "",
  bic: "",
  paymentTermsDays: 30,
  latePenaltyRate: "3 fois le taux d'intérêt légal",
  earlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
  quoteValidityDays: 30,
  invoiceFooter: "",
};

/**
 * A confirmed, paid account through the real API: sign-up, the confirmation link from the outbox (which signs
 * `api` in), then the local checkout with the accepted test card. `api` is the page's request context.
 */
export async function signUpAndPay(
  api: APIRequestContext,
  mailbox: APIRequestContext,
  { email, password, origin }: { email: string; password: string; origin: string },
) {
  const headers = { origin };
  const signUp = await api.post("/api/auth/sign-up/email", {
    data: { email, password, name: "Camille Martin" },
    headers,
  });
  expect(signUp.ok()).toBe(true);
  const mail = await lastMailTo(mailbox, email, /Confirmez votre adresse e-mail/);
  await api.get(linkIn(mail.text));
  const checkout = await api.post("/functions/v1/create-registration-payment", { headers });
  expect(checkout.ok()).toBe(true);
  const { url } = await checkout.json();
  const sessionId = new URL(url, "http://localhost").searchParams.get("session");
  const paid = await api.post(`/api/dev/stripe/sessions/${sessionId}/pay`, {
    data: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", cardholder: "Camille Martin" },
    headers,
  });
  expect(paid.ok()).toBe(true);
}
