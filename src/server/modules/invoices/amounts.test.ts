import { parisToday } from "@shared/domain/dates";
import { formatMoney } from "@shared/format";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities, invoices, payments } from "../../db/schema/index";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";
import { TYPED_BUSINESS } from "../../test/typed-buyer";

// Issue 13 §1, the amounts of an invoice: line and document discounts, deposit and final invoices, partial
// credit notes and refunds, as a caller of the API sees them, on PGlite and PostgreSQL.

let context: TestContext;
let alice: { cookie: string; userId: string };

const identity = (userId: string) => ({
  userId,
  legalName: "Camille Martin EI",
  siren: "732829320",
  addressLine1: "12 rue des Lilas",
  postalCode: "69003",
  city: "Lyon",
  vatRegime: "assujetti" as const,
  vatNumber: "FR44732829320",
  paymentTermsDays: 30,
  latePenaltyRate: "3 fois le taux d'intérêt légal",
});

const line = (overrides: Record<string, unknown> = {}) => ({
  description: "Développement",
  quantity: 1,
  unitPriceCents: 100000,
  vatRateBp: 2000,
  ...overrides,
});

async function post(path: string, body: unknown, expected = 201) {
  const response = await call(context, path, { method: "POST", cookie: alice.cookie, body });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(expected);
  return json;
}

const get = async (path: string) => (await call(context, path, { cookie: alice.cookie })).json();

async function issued(body: Record<string, unknown>) {
  const draft = await post("/api/invoices", {
    clientName: "Atelier Dupont",
    typedBuyer: TYPED_BUSINESS,
    ...body,
  });
  return post(`/api/invoices/${draft.id}/issue`, {}, 200);
}

async function invoiceCount(): Promise<number> {
  const rows = await context.database.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.userId, alice.userId));
  return rows.length;
}

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: "alice.montants@example.fr" });
  await markPaid(context, alice.userId);
  await context.database.db.insert(businessIdentities).values(identity(alice.userId));
});
afterAll(() => context.close());

describe("discounts", () => {
  it("takes line and document discounts off before VAT, per rate, on the server", async () => {
    const invoice = await post("/api/invoices", {
      clientName: "Atelier Dupont",
      typedBuyer: TYPED_BUSINESS,
      lines: [
        line({ quantity: 3, unitPriceCents: 3333, discountKind: "percent", discountValue: 1000 }),
        line({ description: "Livre", unitPriceCents: 20000, vatRateBp: 550 }),
      ],
      discountKind: "amount",
      discountValue: 1000,
      // Whatever a client says, the server computes.
      totalCents: 1,
    });
    // 99,99 − 10 % = 89,99 € at 20 %; 200 € at 5,5 %; then 10 € off, 3,10 € and 6,90 € in proportion.
    expect(invoice.lines[0]).toMatchObject({
      discountKind: "percent",
      discountValue: 1000,
      totalCents: 8999,
    });
    expect(invoice).toMatchObject({ discountKind: "amount", discountValue: 1000, subtotalCents: 27999 });
    expect(invoice.taxCents).toBe(1738 + 1062);
    expect(invoice.totalCents).toBe(27999 + 1738 + 1062);
  });

  it("refuses a discount worth more than its line or the document, in French, storing nothing", async () => {
    const before = await invoiceCount();
    for (const [body, path, message] of [
      [
        { lines: [line({ discountKind: "amount", discountValue: 100001 })] },
        "lines.0.discountValue",
        "La remise dépasse le montant de la ligne.",
      ],
      [
        { lines: [line()], discountKind: "percent", discountValue: 10001 },
        "discountValue",
        "Une remise ne dépasse pas 100 %.",
      ],
      [
        { lines: [line()], discountKind: "amount", discountValue: 100001 },
        "discountValue",
        "La remise dépasse le total HT des lignes.",
      ],
    ] as const) {
      const response = await call(context, "/api/invoices", {
        method: "POST",
        cookie: alice.cookie,
        body: { clientName: "Atelier Dupont", typedBuyer: TYPED_BUSINESS, ...body },
      });
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error.issues).toContainEqual({ path, message });
    }
    expect(await invoiceCount()).toBe(before);
  });

  it("checks a discount changed alone on a draft against its stored lines (400, unchanged)", async () => {
    const draft = await post("/api/invoices", {
      clientName: "Atelier Dupont",
      typedBuyer: TYPED_BUSINESS,
      lines: [line()],
    });
    const response = await call(context, `/api/invoices/${draft.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: { discountKind: "amount", discountValue: 200000 },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe("La remise dépasse le total HT des lignes.");
    expect(await get(`/api/invoices/${draft.id}`)).toMatchObject({ discountKind: null, totalCents: 120000 });

    const patched = await call(context, `/api/invoices/${draft.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: { discountKind: "percent", discountValue: 1500 },
    });
    expect(await patched.json()).toMatchObject({ subtotalCents: 85000, totalCents: 102000 });
  });

  it("carries a quote's discounts to its invoice", async () => {
    const quote = await post("/api/quotes", {
      clientName: "Atelier Dupont",
      typedBuyer: TYPED_BUSINESS,
      lines: [line({ discountKind: "amount", discountValue: 10000 })],
      discountKind: "percent",
      discountValue: 1000,
    });
    expect(quote).toMatchObject({ subtotalCents: 81000, totalCents: 97200 });
    await post(`/api/quotes/${quote.id}/mark-sent`, {}, 200);
    await post(`/api/quotes/${quote.id}/accept`, {}, 200);
    const invoice = await post(`/api/quotes/${quote.id}/convert`, {});
    expect(invoice).toMatchObject({ discountKind: "percent", discountValue: 1000, totalCents: 97200 });
    expect(invoice.lines[0]).toMatchObject({ discountKind: "amount", discountValue: 10000 });
  });
});

describe("deposit and final invoices", () => {
  it("asks a deposit on a quote, then the final invoice deducts it", async () => {
    // The invoices made from a quote are issued to its client record (issue 28: SIREN and address).
    const client = await post("/api/clients", {
      name: "Atelier Dupont",
      siren: TYPED_BUSINESS.siren,
      addressLine1: TYPED_BUSINESS.address.line1,
      postalCode: TYPED_BUSINESS.address.postalCode,
      city: TYPED_BUSINESS.address.city,
    });
    const quote = await post("/api/quotes", {
      clientId: client.id,
      clientName: "Atelier Dupont",
      lines: [line({ quantity: 2 }), line({ description: "Livre", unitPriceCents: 20000, vatRateBp: 550 })],
    });
    await post(`/api/quotes/${quote.id}/mark-sent`, {}, 200);
    const deposit = await post(`/api/quotes/${quote.id}/deposit`, { percentBp: 3000 });
    expect(deposit).toMatchObject({ isDeposit: true, status: "brouillon", totalCents: 72000 + 6330 });
    expect(deposit.lines.map((l: { description: string }) => l.description)).toEqual([
      `Acompte de 30 % sur le devis ${quote.quoteNumber} (TVA 20 %)`,
      `Acompte de 30 % sur le devis ${quote.quoteNumber} (TVA 5,5 %)`,
    ]);
    const depositIssued = await post(`/api/invoices/${deposit.id}/issue`, {}, 200);
    // A deposit invoice does not count as the quote's conversion.
    expect((await get(`/api/quotes/${quote.id}`)).invoice).toBeNull();

    // 80 % more would exceed the quote: refused, nothing stored.
    const before = await invoiceCount();
    const tooMuch = await post(`/api/quotes/${quote.id}/deposit`, { percentBp: 8000 }, 400);
    expect(tooMuch.error.message).toMatch(/^Les acomptes dépasseraient le montant du devis : il reste/);
    expect(await invoiceCount()).toBe(before);

    await post(`/api/quotes/${quote.id}/accept`, {}, 200);
    const final = await post(`/api/quotes/${quote.id}/convert`, {});
    expect(final).toMatchObject({ isDeposit: false, totalCents: 261100, depositsCents: 78330 });
    const detail = await get(`/api/invoices/${final.id}`);
    expect(detail.deposits).toEqual([
      {
        id: deposit.id,
        invoiceNumber: depositIssued.invoiceNumber,
        date: depositIssued.date,
        totalCents: 78330,
      },
    ]);
    const issuedFinal = await post(`/api/invoices/${final.id}/issue`, {}, 200);
    expect(issuedFinal).toMatchObject({ status: "en-attente", dueCents: 261100 - 78330 });
    // The payment owed is what is left after the deposit.
    const over = await post(`/api/invoices/${final.id}/payments`, { amountCents: 182771 }, 400);
    expect(over.error.message).toBe("Le paiement dépasse le reste à payer.");
    expect((await post(`/api/invoices/${final.id}/payments`, { amountCents: 182770 }, 200)).status).toBe(
      "payée",
    );
  });

  it("deducts chosen deposit invoices from an invoice made directly, each deposit once", async () => {
    const deposit = await issued({ isDeposit: true, lines: [line({ description: "Acompte refonte" })] });
    const final = await post("/api/invoices", {
      clientName: "Atelier Dupont",
      typedBuyer: TYPED_BUSINESS,
      lines: [line({ quantity: 4 })],
      depositInvoiceIds: [deposit.id],
    });
    expect(final.depositsCents).toBe(120000);
    const again = await post(
      "/api/invoices",
      {
        clientName: "Atelier Dupont",
        typedBuyer: TYPED_BUSINESS,
        lines: [line()],
        depositInvoiceIds: [deposit.id],
      },
      400,
    );
    expect(again.error.message).toBe(
      `La facture d'acompte ${deposit.invoiceNumber} est déjà déduite d'une autre facture.`,
    );
    const notDeposit = await issued({ lines: [line()] });
    const wrong = await post(
      "/api/invoices",
      {
        clientName: "Atelier Dupont",
        typedBuyer: TYPED_BUSINESS,
        lines: [line()],
        depositInvoiceIds: [notDeposit.id],
      },
      400,
    );
    expect(wrong.error.message).toBe("Facture d'acompte introuvable.");
  });
});

describe("partial credit notes", () => {
  it("credits part of an invoice, never more than what is left, rate by rate", async () => {
    const invoice = await issued({
      lines: [line({ quantity: 2 }), line({ description: "Livre", unitPriceCents: 20000, vatRateBp: 550 })],
    });
    const note = await post(`/api/invoices/${invoice.id}/credit-notes`, {
      lines: [line({ description: "Geste commercial", unitPriceCents: 50000 })],
    });
    expect(note).toMatchObject({
      kind: "avoir",
      creditedInvoiceId: invoice.id,
      totalCents: -60000,
      notes: `Avoir partiel sur la facture ${invoice.invoiceNumber}.`,
    });
    expect(note.invoiceNumber).toMatch(/^AV-/);
    expect(await get(`/api/invoices/${invoice.id}`)).toMatchObject({
      status: "en-attente",
      creditedCents: 60000,
      dueCents: 240000 + 21100 - 60000,
      creditNoteId: null,
      creditNotes: [{ id: note.id, invoiceNumber: note.invoiceNumber, totalCents: -60000 }],
    });

    const before = await invoiceCount();
    const tooMuch = await post(
      `/api/invoices/${invoice.id}/credit-notes`,
      { lines: [line({ unitPriceCents: 150001 })] },
      400,
    );
    expect(tooMuch.error.message).toBe(
      `L'avoir dépasse ce qui reste à créditer au taux de 20 % : ${formatMoney(150000)} HT.`,
    );
    const otherRate = await post(
      `/api/invoices/${invoice.id}/credit-notes`,
      { lines: [line({ vatRateBp: 1000 })] },
      400,
    );
    expect(otherRate.error.message).toBe("Ce taux de TVA n'apparaît pas sur la facture.");
    const invalid = await post(`/api/invoices/${invoice.id}/credit-notes`, { lines: [] }, 400);
    expect(invalid.error.issues).toContainEqual({ path: "lines", message: "Ajoutez au moins une ligne." });
    expect(await invoiceCount()).toBe(before);

    // Cancelling afterwards credits what is left, one line per rate, and cancels the invoice.
    const rest = await post(`/api/invoices/${invoice.id}/cancel`, {});
    expect(
      rest.lines.map((l: { unitPriceCents: number; vatRateBp: number }) => [l.vatRateBp, l.unitPriceCents]),
    ).toEqual([
      [2000, -150000],
      [550, -20000],
    ]);
    expect(await get(`/api/invoices/${invoice.id}`)).toMatchObject({
      status: "annulée",
      creditNoteId: rest.id,
      creditedCents: 261100,
      dueCents: 0,
    });
    const closed = await post(`/api/invoices/${invoice.id}/credit-notes`, { lines: [line()] }, 409);
    expect(closed.error.message).toMatch(/^Seule une facture émise et non annulée peut recevoir un avoir/);
  });
});

describe("refunds", () => {
  it("records a refund as a negative payment, shown in the payments and the livre des recettes", async () => {
    const invoice = await issued({ lines: [line()] });
    await post(`/api/invoices/${invoice.id}/payments`, { amountCents: 120000, method: "virement" }, 200);
    await post(`/api/invoices/${invoice.id}/credit-notes`, { lines: [line({ unitPriceCents: 25000 })] });

    const before = await context.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, alice.userId), eq(payments.invoiceId, invoice.id)));
    const tooMuch = await post(`/api/invoices/${invoice.id}/refunds`, { amountCents: 120001 }, 400);
    expect(tooMuch.error).toMatchObject({
      message: "Le remboursement dépasse ce qui a été encaissé.",
      issues: [{ path: "amountCents", message: `Encaissé : ${formatMoney(120000)}.` }],
    });
    const negative = await post(`/api/invoices/${invoice.id}/refunds`, { amountCents: -5 }, 400);
    expect(negative.error.issues).toContainEqual({
      path: "amountCents",
      message: "Le montant doit être positif.",
    });
    const after = await context.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, alice.userId), eq(payments.invoiceId, invoice.id)));
    expect(after).toHaveLength(before.length);

    const refunded = await post(
      `/api/invoices/${invoice.id}/refunds`,
      { amountCents: 30000, method: "virement", reference: "Remboursement avoir" },
      200,
    );
    expect(refunded).toMatchObject({ status: "payée", paidCents: 90000, dueCents: 0 });
    const detail = await get(`/api/invoices/${invoice.id}`);
    expect(detail.payments.map((p: { amountCents: number }) => p.amountCents)).toEqual([120000, -30000]);

    const today = parisToday();
    const book = await get(`/api/books/recettes?from=${today}&to=${today}`);
    const entries = book.entries.filter(
      (entry: { reference: string }) => entry.reference === invoice.invoiceNumber,
    );
    expect(entries.map((entry: { amountCents: number }) => entry.amountCents)).toEqual([120000, -30000]);
  });

  it("reopens a paid invoice refunded without a credit note", async () => {
    const invoice = await issued({ lines: [line()] });
    await post(`/api/invoices/${invoice.id}/payments`, { amountCents: 120000 }, 200);
    const refunded = await post(`/api/invoices/${invoice.id}/refunds`, { amountCents: 20000 }, 200);
    expect(refunded).toMatchObject({ status: "en-attente", paidCents: 100000, dueCents: 20000 });
  });
});
