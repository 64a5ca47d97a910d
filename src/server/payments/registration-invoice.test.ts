import { parisToday } from "@shared/domain/dates";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities, registrationInvoices, registrationPayments } from "../db/schema/index";
import { call, markPaid, registerAndConfirm } from "../test/accounts";
import { pdfText } from "../test/pdf-text";
import { createTestContext, type TestContext } from "../test/test-app";
import { fulfilCheckoutSession } from "./fulfilment";

// Issue 31 item 23: the 59 € registration is invoiced by the deployment's operator, once per payment.

const OPERATOR = {
  OPERATOR_LEGAL_NAME: "Ardoise Logiciels",
  OPERATOR_LEGAL_FORM: "SAS",
  OPERATOR_SIREN: "912 345 678",
  OPERATOR_ADDRESS: "8 rue des Lilas, 69003 Lyon",
  OPERATOR_REGISTRATION: "RCS Lyon",
  OPERATOR_VAT_NUMBER: "FR12912345678",
};

let local: TestContext;
let operated: TestContext;
let franchise: TestContext;
beforeAll(async () => {
  [local, operated, franchise] = await Promise.all([
    createTestContext(),
    createTestContext({ env: OPERATOR }),
    createTestContext({ env: { ...OPERATOR, OPERATOR_VAT_NUMBER: "" } }),
  ]);
});
afterAll(() => Promise.all([local, operated, franchise].map((context) => context.close())));

const CARD = { expiry: "12/40", cvc: "123", cardholder: "Camille Martin" };
let nextUser = 0;
const INVOICE = "/api/settings/registration-invoice";

const deps = (context: TestContext) => ({
  db: context.database.db,
  logger: context.logger,
  mailer: context.mailer,
  appUrl: context.env.appUrl,
  env: context.env,
});

/** A user with a pending Stripe checkout session recorded, as create-registration-payment leaves it. */
async function pendingStripeSession(context: TestContext, name = "Camille Martin") {
  const account = await registerAndConfirm(context, { email: `inscription.${++nextUser}@example.fr`, name });
  const sessionId = `cs_test_invoice_${nextUser}`;
  await context.database.db.insert(registrationPayments).values({
    userId: account.userId,
    checkoutSessionId: sessionId,
    provider: "stripe",
    amountCents: 5900,
    currency: "eur",
  });
  const facts = {
    id: sessionId,
    client_reference_id: account.userId,
    amount_total: 5900,
    currency: "eur",
    payment_status: "paid",
  };
  return { ...account, sessionId, facts };
}

const invoicesOf = (context: TestContext, userId: string) =>
  context.database.db.select().from(registrationInvoices).where(eq(registrationInvoices.userId, userId));

const numberOf = (invoice: string) => Number(invoice.slice(-6));

describe("the registration invoice, operator configured with a VAT number", () => {
  it("is issued once when the payment is fulfilled, never again on a second fulfilment", async () => {
    const { userId, cookie, facts } = await pendingStripeSession(operated);
    await operated.database.db.insert(businessIdentities).values({
      userId,
      legalName: "Camille Martin EI",
      companyName: "Atelier Martin",
      siren: "123456782",
      addressLine1: "3 place Bellecour",
      postalCode: "69002",
      city: "Lyon",
    });
    expect((await fulfilCheckoutSession(deps(operated), facts)).status).toBe("fulfilled");
    expect((await fulfilCheckoutSession(deps(operated), facts)).status).toBe("already_fulfilled");
    expect(await invoicesOf(operated, userId)).toHaveLength(1);

    const response = await call(operated, INVOICE, { cookie });
    expect(response.status).toBe(200);
    const invoice = await response.json();
    const year = parisToday().slice(0, 4);
    expect(invoice).toEqual({
      number: expect.stringMatching(new RegExp(`^ARD-${year}-\\d{6}$`)),
      date: parisToday(),
      paidAt: expect.any(String),
      isTest: false,
      vatRateBp: 2000,
      subtotalCents: 4917,
      taxCents: 983,
      totalCents: 5900,
      pdfUrl: "/api/settings/registration-invoice/pdf",
    });

    const pdf = await call(operated, invoice.pdfUrl, { cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(
      `attachment; filename="Facture-${invoice.number}.pdf"`,
    );
    const bytes = await pdf.arrayBuffer();
    const text = pdfText(bytes, "registration-invoice");
    for (const expected of [
      "FACTURE",
      `N° ${invoice.number}`,
      `Date d'émission : ${new Intl.DateTimeFormat("fr-FR", { dateStyle: "long" }).format(new Date())}`,
      "Ardoise Logiciels SAS",
      "8 rue des Lilas, 69003 Lyon",
      "SIREN 912345678",
      "N° TVA intracommunautaire : FR12912345678",
      "Atelier Martin",
      "À l'attention de Camille Martin",
      "3 place Bellecour",
      "SIREN 123456782",
      "Inscription à Ardoise (accès à vie)",
      "49,17 €",
      "9,83 €",
      "59,00 €",
      "Facture acquittée le",
      "par carte bancaire",
      "Pénalités de retard : 3 fois le taux d'intérêt légal",
      "Indemnité forfaitaire pour frais de recouvrement : 40 €",
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/inscription\.\d+@example\.fr/);
    expect(text).not.toContain("293 B");
    expect(text).not.toContain("essai");

    // Frozen once rendered: the same file on every download.
    const again = await (await call(operated, invoice.pdfUrl, { cookie })).arrayBuffer();
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  });

  it("numbers two users' invoices consecutively, even when they pay at the same time", async () => {
    const first = await pendingStripeSession(operated, "Alice Durand");
    const second = await pendingStripeSession(operated, "Bruno Petit");
    const third = await pendingStripeSession(operated, "Chloé Roux");
    await fulfilCheckoutSession(deps(operated), first.facts);
    await Promise.all([
      fulfilCheckoutSession(deps(operated), second.facts),
      fulfilCheckoutSession(deps(operated), third.facts),
    ]);
    const numbers = await Promise.all(
      [first, second, third].map(
        async ({ cookie }) => (await (await call(operated, INVOICE, { cookie })).json()).number,
      ),
    );
    const first6 = numberOf(numbers[0]);
    expect(numbers.slice(1).map(numberOf).sort()).toEqual([first6 + 1, first6 + 2]);
    expect(numbers[0]).toMatch(/^ARD-/);
  });

  it("makes the invoice of an account paid before invoices existed, from its recorded payment", async () => {
    const { userId, cookie } = await registerAndConfirm(operated, { email: "avant@example.fr" });
    const paidAt = new Date("2026-03-14T10:00:00Z");
    await operated.database.db.insert(registrationPayments).values({
      userId,
      checkoutSessionId: "cs_test_before_invoices",
      provider: "stripe",
      amountCents: 5900,
      currency: "eur",
      status: "paid",
      paidAt,
    });
    await markPaid(operated, userId);
    const [first, second] = await Promise.all([
      call(operated, INVOICE, { cookie }),
      call(operated, INVOICE, { cookie }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const invoice = await first.json();
    expect((await second.json()).number).toBe(invoice.number);
    // Dated today, so the series stays chronological; the payment's own day is printed as paid.
    expect(invoice.date).toBe(parisToday());
    expect(invoice.paidAt).toBe(paidAt.toISOString());
    expect(await invoicesOf(operated, userId)).toHaveLength(1);
    const text = pdfText(
      await (await call(operated, invoice.pdfUrl, { cookie })).arrayBuffer(),
      "registration-late",
    );
    expect(text).toContain("Facture acquittée le 14 mars 2026 par carte bancaire");
  });

  it("answers 401 anonymous and 404 to a paid account without a recorded payment, in the house shape", async () => {
    expect((await call(operated, INVOICE)).status).toBe(401);
    expect((await call(operated, `${INVOICE}/pdf`)).status).toBe(401);
    const { userId, cookie } = await registerAndConfirm(operated, { email: "offert@example.fr" });
    await markPaid(operated, userId);
    for (const path of [INVOICE, `${INVOICE}/pdf`]) {
      const response = await call(operated, path, { cookie });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: "not_found", message: "Aucune facture d'inscription n'existe pour ce compte." },
      });
    }
  });
});

describe("the registration invoice, operator without a VAT number", () => {
  it("prints the franchise mention and 59 € without VAT", async () => {
    const { cookie, facts } = await pendingStripeSession(franchise);
    await fulfilCheckoutSession(deps(franchise), facts);
    const invoice = await (await call(franchise, INVOICE, { cookie })).json();
    expect(invoice).toMatchObject({
      isTest: false,
      vatRateBp: 0,
      subtotalCents: 5900,
      taxCents: 0,
      totalCents: 5900,
    });
    const text = pdfText(
      await (await call(franchise, invoice.pdfUrl, { cookie })).arrayBuffer(),
      "registration-franchise",
    );
    expect(text).toContain("TVA non applicable, art. 293 B du CGI");
    expect(text).toContain("59,00 €");
    expect(text).toContain(invoice.number);
  });
});

describe("the registration invoice in local mode (test checkout, no operator)", () => {
  it("is a test document, numbered apart and marked on the PDF", async () => {
    const { cookie, userId } = await registerAndConfirm(local, { email: "local@example.fr" });
    const created = await call(local, "/functions/v1/create-registration-payment", {
      method: "POST",
      cookie,
    });
    const sessionId = new URL((await created.json()).url).searchParams.get("session") as string;
    const paid = await call(local, `/api/dev/stripe/sessions/${sessionId}/pay`, {
      method: "POST",
      cookie,
      body: { cardNumber: "4242 4242 4242 4242", ...CARD },
    });
    expect(paid.status).toBe(200);
    expect(await invoicesOf(local, userId)).toHaveLength(1);
    const invoice = await (await call(local, INVOICE, { cookie })).json();
    expect(invoice).toMatchObject({ isTest: true, totalCents: 5900 });
    expect(invoice.number).toMatch(/^ESSAI-\d{4}-\d{6}$/);
    const text = pdfText(
      await (await call(local, invoice.pdfUrl, { cookie })).arrayBuffer(),
      "registration-test",
    );
    expect(text).toContain("Facture d'essai — paiement de test, sans valeur");
    expect(text).toContain("Vendeur non configuré (mode local)");
    expect(text).toContain(invoice.number);
  });
});
