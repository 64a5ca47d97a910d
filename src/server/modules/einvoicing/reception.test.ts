import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markPaid, registerAndConfirm } from "../../test/accounts";
import { createTestContext, TEST_APP_URL, type TestContext } from "../../test/test-app";
import { type ThirdPartyInvoice, thirdPartyInvoice } from "./third-party-invoices";

// Reception of any valid supplier e-invoice (issue 28 §5): third-party invoices written to the standards'
// shapes go through the expenses page's endpoint, preview then confirmation, and each expense is compared
// with what its file says.

let context: TestContext;
let user: { cookie: string; userId: string };

beforeAll(async () => {
  context = await createTestContext();
  user = await registerAndConfirm(context, { email: "reception@example.fr" });
  await markPaid(context, user.userId);
});
afterAll(() => context.close());

function post(path: string, bytes: Uint8Array, expense?: unknown) {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "facture.xml"));
  if (expense !== undefined) form.set("expense", JSON.stringify(expense));
  return context.app.request(path, {
    method: "POST",
    body: form,
    headers: { origin: TEST_APP_URL, cookie: user.cookie },
  });
}

/** Preview then confirm, as the page does; the confirmed expense, or the refusal the user reads. */
async function importInvoice(invoice: ThirdPartyInvoice, extra: Record<string, unknown> = {}) {
  const bytes = thirdPartyInvoice(invoice);
  const preview = await post("/api/expenses/import", bytes);
  if (preview.status !== 200) return { status: preview.status, body: await preview.json() };
  const { draft } = await preview.json();
  const confirmed = await post("/api/expenses/import/confirm", bytes, { title: draft.title, ...extra });
  return { status: confirmed.status, body: await confirmed.json(), draft };
}

const refusalOf = (body: { error: { message: string; issues?: { message: string }[] } }) =>
  [body.error.message, ...(body.error.issues ?? []).map((issue) => issue.message)].join(" / ");

const french = {
  name: "Atelier Reliure SARL",
  country: "FR",
  vatNumber: "FR40732829320",
  siren: "732829320",
};
const belgian = { name: "Drukkerij Van Damme BV", country: "BE", vatNumber: "BE0123456749" };
const danish = { name: "Nordisk Design ApS", country: "DK", vatNumber: "DK12345678" };
const american = { name: "Cloud Hosting Inc.", country: "US" };
const line = (name: string, net: string) => ({ name, net });

describe("third-party invoices, each compared with its truth", () => {
  it("records foreign VAT (Belgium, 21 % and 6 %) as not deductible: the expense is the gross", async () => {
    const { status, body } = await importInvoice({
      syntax: "cii",
      number: "BE-2026-041",
      date: "2026-03-02",
      seller: belgian,
      groups: [
        { rate: "21", lines: [line("Impression catalogues", "400.00")] },
        { rate: "6", lines: [line("Livres", "100.00")] },
      ],
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({
      supplier: "Drukkerij Van Damme BV",
      supplierInvoiceNumber: "BE-2026-041",
      date: "2026-03-02",
      amountCents: 59000,
      vatCents: 0,
      vatRateBp: 0,
      currency: "EUR",
      supplierDocumentKind: "invoice",
      vatLines: [
        { category: "S", rateBp: 2100, baseCents: 40000, vatCents: 8400, isDeductible: false },
        { category: "S", rateBp: 600, baseCents: 10000, vatCents: 600, isDeductible: false },
      ],
    });
    expect(body.description).toContain(
      "TVA non déductible en France (fournisseur établi hors de France) : 21 % 84,00\u00a0€ ; 6 % 6,00\u00a0€. La dépense est comptée TTC.",
    );
  });

  it("keeps VAT per rate from a French supplier (UBL, 20 % and 5,5 %), the expense's VAT being their sum", async () => {
    const { status, body } = await importInvoice({
      syntax: "ubl",
      number: "AR-118",
      date: "2026-04-10",
      seller: french,
      groups: [
        { rate: "20", lines: [line("Reliure", "250.00")] },
        { rate: "5.5", lines: [line("Ouvrages", "80.00")] },
      ],
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({
      amountCents: 38440,
      vatCents: 5440,
      vatRateBp: 2000,
      vatLines: [
        { rateBp: 2000, baseCents: 25000, vatCents: 5000, isDeductible: true },
        { rateBp: 550, baseCents: 8000, vatCents: 440, isDeductible: true },
      ],
    });
  });

  it("deducts only the French rate when a French supplier also bills a rate French law does not have", async () => {
    const { status, body } = await importInvoice({
      syntax: "cii",
      number: "AR-119",
      date: "2026-04-11",
      seller: french,
      groups: [
        { rate: "20", lines: [line("Reliure", "100.00")] },
        { rate: "19", lines: [line("Frais", "10.00")] },
      ],
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ amountCents: 13190, vatCents: 2000, vatRateBp: 2000 });
    expect(body.description).toContain(
      "TVA non déductible en France (taux inconnu du droit français) : 19 %",
    );
  });

  it("converts another currency at the rate of the invoice's own VAT in euros (BT-111)", async () => {
    // 1 250,00 DKK of VAT are 167,60 € on the invoice: its gross of 6 250,00 DKK is 838,00 €.
    const { status, body } = await importInvoice({
      syntax: "cii",
      number: "ND-77",
      date: "2026-05-05",
      seller: danish,
      currency: "DKK",
      vatInEuros: "167.60",
      groups: [{ rate: "25", lines: [line("Mobilier", "5000.00")] }],
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({
      amountCents: 83800,
      vatCents: 0,
      currency: "DKK",
      originalAmountCents: 625000,
      exchangeRate: "0.134080",
      vatLines: [{ rateBp: 2500, baseCents: 67040, vatCents: 16760, isDeductible: false }],
    });
  });

  it("asks for the rate of a currency without BT-111, refuses a missing or malformed one, then converts", async () => {
    const invoice: ThirdPartyInvoice = {
      syntax: "ubl",
      number: "CH-2026-9",
      date: "2026-06-01",
      seller: american,
      currency: "USD",
      groups: [{ category: "O", rate: "0", lines: [line("Hébergement annuel", "1200.00")] }],
    };
    const missing = await importInvoice(invoice);
    expect(missing.draft).toMatchObject({
      needsExchangeRate: true,
      currency: "USD",
      originalAmountCents: 120000,
    });
    expect(missing.status).toBe(400);
    expect(refusalOf(missing.body)).toContain(
      "Indiquez le taux de change : cette facture est en USD et ne donne pas sa TVA en euros (euros pour 1 USD).",
    );
    const malformed = await importInvoice(invoice, { exchangeRate: "un euro" });
    expect(malformed.status).toBe(400);
    expect(refusalOf(malformed.body)).toContain("Taux de change invalide");
    const { status, body } = await importInvoice(invoice, { exchangeRate: "0,9215" });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({
      amountCents: 110580,
      vatCents: 0,
      currency: "USD",
      originalAmountCents: 120000,
      exchangeRate: "0.9215",
    });
  });

  it("records a credit note as a negative expense linked to the invoice it cites", async () => {
    const invoice = await importInvoice({
      syntax: "ubl",
      number: "AR-200",
      date: "2026-07-01",
      seller: french,
      groups: [{ rate: "20", lines: [line("Reliure", "500.00")] }],
    });
    expect(invoice.status).toBe(201);
    const { status, body } = await importInvoice({
      syntax: "ubl",
      typeCode: "381",
      number: "AV-200",
      date: "2026-07-15",
      seller: french,
      precedingInvoice: "AR-200",
      groups: [{ rate: "20", lines: [line("Reliure abîmée", "100.00")] }],
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({
      title: "Avoir AV-200 – Atelier Reliure SARL",
      amountCents: -12000,
      vatCents: -2000,
      supplierDocumentKind: "credit_note",
      relatedExpenseId: invoice.body.id,
    });
    // It is an expense like the others: its status changes.
    const validated = await context.app.request(`/api/expenses/${body.id}`, {
      method: "PATCH",
      body: JSON.stringify({ status: "validee" }),
      headers: { origin: TEST_APP_URL, cookie: user.cookie, "content-type": "application/json" },
    });
    expect(validated.status, await validated.clone().text()).toBe(200);
    expect(await validated.json()).toMatchObject({ status: "validee", amountCents: -12000, vatCents: -2000 });
  });

  it("reads an EXTENDED profile and a ZUGFeRD 1.0 invoice", async () => {
    const extended = await importInvoice({
      syntax: "cii",
      profile: "urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended",
      number: "AR-300",
      date: "2026-08-01",
      seller: french,
      groups: [{ rate: "10", lines: [line("Transport", "50.00")] }],
    });
    expect(extended.status, JSON.stringify(extended.body)).toBe(201);
    expect(extended.body).toMatchObject({ amountCents: 5500, vatCents: 500, vatRateBp: 1000 });
    const zugferd = await importInvoice({
      syntax: "zugferd1",
      number: "RE-2014-7",
      date: "2014-07-11",
      seller: { name: "Kraxi GmbH", country: "DE", vatNumber: "DE123456789" },
      groups: [{ rate: "19", lines: [line("Papier", "845.00")] }],
    });
    expect(zugferd.status, JSON.stringify(zugferd.body)).toBe(201);
    expect(zugferd.body).toMatchObject({ amountCents: 100555, vatCents: 0, date: "2014-07-11" });
  });

  it("refuses MINIMUM and BASIC WL naming the profile, a document that is no invoice, and a duplicate", async () => {
    const base: ThirdPartyInvoice = {
      syntax: "cii",
      number: "AR-400",
      date: "2026-09-01",
      seller: french,
      groups: [{ rate: "20", lines: [line("Reliure", "10.00")] }],
    };
    const minimum = await importInvoice({ ...base, profile: "urn:factur-x.eu:1p0:minimum" });
    expect(minimum.status).toBe(400);
    expect(refusalOf(minimum.body)).toMatch(/^Profil Factur-X MINIMUM : /);
    const basicWl = await importInvoice({ ...base, profile: "urn:factur-x.eu:1p0:basicwl" });
    expect(refusalOf(basicWl.body)).toMatch(/^Profil Factur-X BASIC WL : /);
    const order = await importInvoice({ ...base, typeCode: "220" });
    expect(order.status).toBe(400);
    expect(refusalOf(order.body)).toBe(
      "Ce document n'est pas une facture (code de type 220) : seules les factures et les avoirs peuvent devenir une dépense.",
    );
    expect((await importInvoice(base)).status).toBe(201);
    const again = await importInvoice(base);
    expect(again.status).toBe(409);
    expect(refusalOf(again.body)).toMatch(
      /^La facture n° AR-400 de Atelier Reliure SARL a déjà été importée/,
    );
  });
});

describe("deposits and final invoices in the registre des achats", () => {
  const supplier = {
    name: "Menuiserie Durand",
    country: "FR",
    vatNumber: "FR83552100554",
    siren: "552100554",
  };
  const registre = async (from: string, to: string) => {
    const response = await context.app.request(`/api/books/achats?from=${from}&to=${to}`, {
      headers: { cookie: user.cookie },
    });
    return response.json();
  };

  it("counts a deposit then its final invoice once: the final invoice adds only what is left", async () => {
    // Deposit: 1 800,00 € HT at 20 % = 2 160,00 €. Final: 6 470,81 € HT at 20 % = 7 764,97 € TTC, 2 160,00 € prepaid.
    const deposit = await importInvoice({
      syntax: "cii",
      typeCode: "386",
      number: "AC-2026-1",
      date: "2026-10-01",
      seller: supplier,
      groups: [{ rate: "20", lines: [line("Acompte cuisine", "1800.00")] }],
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
    expect(deposit.body).toMatchObject({
      supplierDocumentKind: "deposit",
      amountCents: 216000,
      vatCents: 36000,
    });
    const final = await importInvoice({
      syntax: "cii",
      number: "FA-2026-9",
      date: "2026-10-20",
      seller: supplier,
      prepaid: "2160.00",
      precedingInvoice: "AC-2026-1",
      groups: [{ rate: "20", lines: [line("Cuisine posée", "6470.81")] }],
    });
    expect(final.status, JSON.stringify(final.body)).toBe(201);
    expect(final.body).toMatchObject({
      amountCents: 776497 - 216000,
      vatCents: 129416 - 36000,
      relatedExpenseId: deposit.body.id,
      vatLines: [{ rateBp: 2000, baseCents: 647081 - 180000, vatCents: 129416 - 36000, isDeductible: true }],
    });
    const book = await registre("2026-10-01", "2026-10-31");
    expect(book.totalCents).toBe(776497);
    expect(book.entries.map((entry: { reference: string }) => entry.reference)).toEqual([
      "AC-2026-1",
      "FA-2026-9",
    ]);
  });

  it("refuses a deposit whose final invoice, imported first, already counts it in full", async () => {
    const final = await importInvoice({
      syntax: "ubl",
      number: "FA-2026-12",
      date: "2026-11-20",
      seller: supplier,
      prepaid: "600.00",
      precedingInvoice: "AC-2026-5",
      groups: [{ rate: "20", lines: [line("Escalier", "2000.00")] }],
    });
    expect(final.status, JSON.stringify(final.body)).toBe(201);
    expect(final.body.amountCents).toBe(240000);
    const deposit = await importInvoice({
      syntax: "ubl",
      typeCode: "386",
      number: "AC-2026-5",
      date: "2026-11-02",
      seller: supplier,
      groups: [{ rate: "20", lines: [line("Acompte escalier", "500.00")] }],
    });
    expect(deposit.status).toBe(409);
    expect(refusalOf(deposit.body)).toMatch(
      /^La facture d'acompte n° AC-2026-5 est déjà comptée dans la facture finale n° FA-2026-12 /,
    );
    expect((await registre("2026-11-01", "2026-11-30")).totalCents).toBe(240000);
  });
});
