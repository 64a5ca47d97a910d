import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expenses, invoiceItems } from "../../db/schema/index";
import { call, registerAndConfirm, registerPaid } from "../../test/accounts";
import { insertInvoiceRow } from "../../test/invoice-rows";
import { pdfText } from "../../test/pdf-text";
import { createTestContext, type TestContext } from "../../test/test-app";

let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };
const Q1 = "from=2026-01-01&to=2026-03-31";

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerPaid(context, { email: "alice.livres@example.fr" });
  bruno = await registerPaid(context, { email: "bruno.livres@example.fr" });
  const db = context.database.db;
  const invoiceId = await insertInvoiceRow(
    db,
    {
      userId: alice.userId,
      invoiceNumber: "INV-2026-0007",
      status: "payée",
      subtotalCents: 1_500_50,
      totalCents: 1_500_50,
      paidCents: 1_500_50,
      clientName: "Atelier Dupont; fils",
      date: "2026-01-20",
    },
    [
      ["2026-03-02", 1_000_00],
      ["2026-02-10", 500_50],
      // A refund to the client: a negative payment.
      ["2026-03-20", -200_00],
      ["2026-04-01", 1],
    ],
  );
  await db.insert(invoiceItems).values([
    {
      userId: alice.userId,
      invoiceId,
      position: 0,
      description: "Site vitrine",
      unitPriceCents: 1_200_00,
      totalCents: 1_200_00,
    },
    {
      userId: alice.userId,
      invoiceId,
      position: 1,
      description: "Hébergement",
      unitPriceCents: 300_50,
      totalCents: 300_50,
    },
  ]);
  await db.insert(expenses).values([
    {
      userId: alice.userId,
      title: "Écran 27 pouces",
      supplier: "Boulanger",
      category: "materiel",
      amountCents: 329_99,
      date: "2026-02-03",
      supplierInvoiceNumber: "FA-889",
      paymentMethod: "carte",
    },
    {
      userId: alice.userId,
      title: "Timbres",
      supplier: "La Poste",
      category: "autre",
      amountCents: 8_40,
      date: "2026-01-15",
      paymentMethod: "especes",
    },
    {
      userId: alice.userId,
      title: '=HYPERLINK("x")',
      category: "autre",
      amountCents: 12_00,
      date: "2026-03-15",
    },
    { userId: bruno.userId, title: "Autre compte", amountCents: 99_00, date: "2026-02-03" },
  ]);
});
afterAll(() => context.close());

describe("livre des recettes and registre des achats", () => {
  it("answers 401 to an anonymous caller, 402 to an unpaid one, 404 to an unknown book", async () => {
    expect((await call(context, `/api/books/recettes?${Q1}`)).status).toBe(401);
    const { cookie } = await registerAndConfirm(context, { email: "livres.impaye@example.fr" });
    expect((await call(context, `/api/books/recettes?${Q1}`, { cookie })).status).toBe(402);
    expect((await call(context, `/api/books/ventes?${Q1}`, { cookie: alice.cookie })).status).toBe(404);
    const backwards = await call(context, "/api/books/recettes?from=2026-03-31&to=2026-01-01", {
      cookie: alice.cookie,
    });
    expect(backwards.status).toBe(400);
  });

  it("lists the payments received in the period by date received, with the invoice's nature", async () => {
    const response = await call(context, `/api/books/recettes?${Q1}`, { cookie: alice.cookie });
    const book = await response.json();
    expect(book.entries.map(({ id: _id, ...entry }: { id: string }) => entry)).toEqual([
      {
        date: "2026-02-10",
        reference: "INV-2026-0007",
        party: "Atelier Dupont; fils",
        nature: "Site vitrine (+ 1 ligne)",
        amountCents: 500_50,
        method: "Virement",
        isCash: false,
      },
      {
        date: "2026-03-02",
        reference: "INV-2026-0007",
        party: "Atelier Dupont; fils",
        nature: "Site vitrine (+ 1 ligne)",
        amountCents: 1_000_00,
        method: "Virement",
        isCash: false,
      },
      {
        date: "2026-03-20",
        reference: "INV-2026-0007",
        party: "Atelier Dupont; fils",
        nature: "Remboursement — Site vitrine (+ 1 ligne)",
        amountCents: -200_00,
        method: "Virement",
        isCash: false,
      },
    ]);
    expect(book.totalCents).toBe(1_300_50);
  });

  it("lists the period's expenses of the user only, with how each was paid", async () => {
    const book = await (await call(context, `/api/books/achats?${Q1}`, { cookie: alice.cookie })).json();
    expect(
      book.entries.map(
        (entry: { reference: string; party: string; nature: string; method: string; isCash: boolean }) => [
          entry.reference,
          entry.party,
          entry.nature,
          entry.method,
          entry.isCash,
        ],
      ),
    ).toEqual([
      ["", "La Poste", "Timbres (Autre)", "Espèces", true],
      ["FA-889", "Boulanger", "Écran 27 pouces (Matériel)", "Carte bancaire", false],
      ["", "", '=HYPERLINK("x") (Autre)', null, false],
    ]);
    expect(book.totalCents).toBe(350_39);
  });

  it("exports a French CSV: BOM, semicolons, comma decimals, quoted cells, no formula", async () => {
    const response = await call(context, `/api/books/recettes/export.csv?${Q1}`, { cookie: alice.cookie });
    expect(response.headers.get("content-disposition")).toContain(
      "livre-des-recettes-2026-01-01-2026-03-31.csv",
    );
    // Read as bytes: Response.text() drops a leading BOM.
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(csv.split("\r\n")[0]).toBe(
      "\uFEFFDate d'encaissement;N° de facture;Client;Nature;Montant encaissé;Mode de paiement",
    );
    expect(csv).toContain(
      '10 février 2026;INV-2026-0007;"Atelier Dupont; fils";Site vitrine (+ 1 ligne);500,50;Virement',
    );
    expect(csv.replace(/\u202f/g, " ")).toContain(";1 000,00;");
    expect(csv).toContain(
      '20 mars 2026;INV-2026-0007;"Atelier Dupont; fils";Remboursement — Site vitrine (+ 1 ligne);-200,00;Virement',
    );
    const purchases = await (
      await call(context, `/api/books/achats/export.csv?${Q1}`, { cookie: alice.cookie })
    ).text();
    // Cash apart: its rows come after the others, whatever their date.
    expect(purchases.split("\r\n").slice(1, 4)).toEqual([
      "3 février 2026;FA-889;Boulanger;Écran 27 pouces (Matériel);329,99;Carte bancaire",
      `15 mars 2026;;;"'=HYPERLINK(""x"") (Autre)";12,00;`,
      "15 janvier 2026;;La Poste;Timbres (Autre);8,40;Espèces",
    ]);
  });

  it("prints the book as a PDF with its period, entries, cash apart and totals", async () => {
    const response = await call(context, `/api/books/achats/export.pdf?${Q1}`, { cookie: alice.cookie });
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(await response.arrayBuffer(), "registre-des-achats");
    expect(text).toContain("Registre des achats");
    expect(text).toContain("du 1 janvier 2026 au 31 mars 2026");
    expect(text).toContain("FA-889");
    expect(text).toContain("Achats hors espèces : 341,99 €");
    expect(text).toContain("Achats réglés en espèces : 8,40 €");
    expect(text).toContain("Total : 350,39 €");
    expect(text.indexOf("FA-889")).toBeLessThan(text.indexOf("Timbres"));
    expect(text).not.toContain("Autre compte");
  });

  it("prints a refund in the livre des recettes' PDF as « Remboursement », with its negative amount", async () => {
    const response = await call(context, `/api/books/recettes/export.pdf?${Q1}`, { cookie: alice.cookie });
    const text = pdfText(await response.arrayBuffer(), "livre-des-recettes");
    const refundRow = text.split("\n").find((row) => row.includes("20 mars 2026"));
    expect(refundRow).toContain("Remboursement");
    expect(refundRow).toContain("-200,00 €");
    expect(text).toContain("Total : 1 300,50 €");
  });
});
