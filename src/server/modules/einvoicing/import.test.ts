import { SHOWN_INVOICE_LINES } from "@shared/schemas/einvoicing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expenses, files } from "../../db/schema/index";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { createTestContext, TEST_APP_URL, type TestContext } from "../../test/test-app";
import { ciiInvoice, ciiInvoiceWithExtraLines, pdfWithAttachment, ublInvoice, utf8 } from "./test-invoices";

let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: "alice.import@example.fr" });
  bruno = await registerAndConfirm(context, { email: "bruno.import@example.fr" });
  await markPaid(context, alice.userId);
  await markPaid(context, bruno.userId);
});
afterAll(() => context.close());

function post(path: string, cookie: string, bytes: Uint8Array, name: string, expense?: unknown) {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/octet-stream" }));
  if (expense !== undefined) form.set("expense", JSON.stringify(expense));
  return context.app.request(path, { method: "POST", body: form, headers: { origin: TEST_APP_URL, cookie } });
}
const preview = (cookie: string, bytes: Uint8Array, name = "facture.xml") =>
  post("/api/expenses/import", cookie, bytes, name);
const confirm = (
  cookie: string,
  bytes: Uint8Array,
  name = "facture.xml",
  expense: unknown = { title: "Hébergement" },
) => post("/api/expenses/import/confirm", cookie, bytes, name, expense);

const stored = async (userId: string) => ({
  expenses: await context.database.db
    .select({ id: expenses.id })
    .from(expenses)
    .where(eq(expenses.userId, userId)),
  files: await context.database.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.userId, userId))),
});

describe("access", () => {
  it("answers 401 anonymous and 402 unpaid", async () => {
    const unpaid = await registerAndConfirm(context, { email: "import.impaye@example.fr" });
    expect((await preview("", utf8(ciiInvoice()))).status).toBe(401);
    expect((await preview(unpaid.cookie, utf8(ciiInvoice()))).status).toBe(402);
  });
});

describe("preview then confirm", () => {
  it("prefills the expense from a CII invoice without storing anything", async () => {
    const response = await preview(alice.cookie, utf8(ciiInvoice()));
    expect(response.status, await response.clone().text()).toBe(200);
    const body = await response.json();
    expect(body.invoice).toMatchObject({
      format: "cii",
      number: "FA-2026-117",
      supplier: { siren: "732829320" },
    });
    expect(body.draft).toEqual({
      title: "Facture FA-2026-117 – Nuage Hébergement SAS",
      supplier: "Nuage Hébergement SAS",
      amountCents: 142000,
      vatCents: 22000,
      vatRateBp: 2000,
      date: "2026-09-12",
      description: [
        "• Hébergement & maintenance serveur : 1\u202f000,00\u00a0€ HT",
        "• Transport sur site : 200,00\u00a0€ HT",
        "TVA par taux : 20 % 200,00\u00a0€ ; 10 % 20,00\u00a0€",
        "Échéance : 12 octobre 2026",
      ].join("\n"),
      kind: "invoice",
      vatLines: [
        { category: "S", rateBp: 2000, baseCents: 100000, vatCents: 20000, isDeductible: true },
        { category: "S", rateBp: 1000, baseCents: 20000, vatCents: 2000, isDeductible: true },
      ],
      currency: "EUR",
      originalAmountCents: null,
      exchangeRate: null,
      needsExchangeRate: false,
      relatedExpenseId: null,
    });
    expect(await stored(alice.userId)).toEqual({ expenses: [], files: [] });
  });

  it("creates the expense with the file as its 10-year receipt, then refuses the same invoice again (409)", async () => {
    const bytes = utf8(ciiInvoice());
    const response = await confirm(alice.cookie, bytes, "nuage.xml", {
      title: "Serveur de septembre",
      category: "materiel",
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const expense = await response.json();
    expect(expense).toMatchObject({
      title: "Serveur de septembre",
      category: "materiel",
      supplier: "Nuage Hébergement SAS",
      amountCents: 142000,
      vatCents: 22000,
      date: "2026-09-12",
      supplierSiren: "732829320",
      supplierInvoiceNumber: "FA-2026-117",
      receipt: { name: "nuage.xml", mimeType: "text/plain", sizeBytes: bytes.byteLength },
    });
    const [file] = await context.database.db
      .select({ retainUntil: files.retainUntil, kind: files.kind })
      .from(files)
      .where(eq(files.id, expense.receipt.id));
    expect(file).toEqual({ retainUntil: "2036-12-31", kind: "receipt" });
    const receipt = await call(context, `/api/expenses/${expense.id}/receipt`, { cookie: alice.cookie });
    expect(new Uint8Array(await receipt.arrayBuffer())).toEqual(bytes);

    const message =
      "La facture n° FA-2026-117 de Nuage Hébergement SAS a déjà été importée (dépense « Serveur de septembre » du 12 septembre 2026).";
    for (const again of [await preview(alice.cookie, bytes), await confirm(alice.cookie, bytes)]) {
      expect(again.status).toBe(409);
      expect((await again.json()).error.message).toBe(message);
    }
    expect((await stored(alice.userId)).files).toHaveLength(1);
    // Another user may import the same supplier invoice (their own books).
    expect((await confirm(bruno.cookie, bytes)).status).toBe(201);
  });

  it("answers the first 200 lines of a 1 002-line invoice and their count; the confirmation counts them all", async () => {
    const bytes = utf8(ciiInvoiceWithExtraLines(1_000, { number: "BL-2026-1002" }));
    const response = await preview(bruno.cookie, bytes);
    expect(response.status, await response.clone().text()).toBe(200);
    const { invoice, draft } = await response.json();
    expect(invoice.lineCount).toBe(1_002);
    expect(invoice.lines).toHaveLength(SHOWN_INVOICE_LINES);
    expect(invoice.lines[0].description).toBe("Hébergement & maintenance serveur");
    expect(invoice.lines.at(-1).description).toBe("Pièce détachée réf. 100197 (incluse)");
    expect(draft).toMatchObject({ amountCents: 142000, vatCents: 22000 });

    const created = await confirm(bruno.cookie, bytes, "livraison.xml", { title: "Pièces détachées" });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(await created.json()).toMatchObject({
      amountCents: 142000,
      vatCents: 22000,
      supplierInvoiceNumber: "BL-2026-1002",
      receipt: { name: "livraison.xml", sizeBytes: bytes.byteLength },
    });
  });

  it("imports a Factur-X PDF (kept as the PDF) and a UBL invoice", async () => {
    const pdf = await confirm(
      alice.cookie,
      await pdfWithAttachment(ciiInvoice({ number: "FX-7" })),
      "fx-7.pdf",
    );
    expect(pdf.status, await pdf.clone().text()).toBe(201);
    expect((await pdf.json()).receipt.mimeType).toBe("application/pdf");
    const ubl = await confirm(alice.cookie, utf8(ublInvoice()), "papeterie.xml");
    expect(ubl.status, await ubl.clone().text()).toBe(201);
    expect(await ubl.json()).toMatchObject({ amountCents: 6600, vatCents: 1100, supplierSiren: "552100554" });
  });

  it("checks the confirmed fields and stores nothing when they are wrong", async () => {
    const before = await stored(alice.userId);
    const response = await confirm(alice.cookie, utf8(ciiInvoice({ number: "FA-X" })), "x.xml", {
      title: " ",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.issues[0].message).toBe("Indiquez l'intitulé de la dépense.");
    expect(await stored(alice.userId)).toEqual(before);
  });
});

describe("hostile files", () => {
  it("refuses XXE, entity expansion, non-XML and 11 MB in French, storing nothing", async () => {
    const before = await stored(alice.userId);
    const xxe = utf8(
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Invoice>&e;</Invoice>`,
    );
    const laughs = utf8(
      `<!DOCTYPE l [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;">]><CrossIndustryInvoice>&b;</CrossIndustryInvoice>`,
    );
    for (const bytes of [xxe, laughs]) {
      const response = await confirm(alice.cookie, bytes);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toMatch(
        /^Fichier XML refusé : les déclarations DOCTYPE et ENTITY/,
      );
    }
    const csv = await confirm(alice.cookie, utf8("Date;Montant\n2026-01-01;12"), "banque.csv");
    expect(csv.status).toBe(400);
    expect((await csv.json()).error.message).toBe(
      "Format non reconnu : importez une facture électronique Factur-X (PDF), CII ou UBL (XML).",
    );
    const huge = await confirm(alice.cookie, new Uint8Array(11 * 1024 * 1024).fill(0x20), "enorme.xml");
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.message).toBe("Fichier trop volumineux (max 10MB)");
    expect(await stored(alice.userId)).toEqual(before);
  });
});
