import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatMoney } from "@shared/format";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities, clients, files, invoices } from "../../db/schema/index";
import { openPdf } from "../../pdf/document-layout";
import { saveFile } from "../../storage/file-storage";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { pdfText, spaces } from "../../test/pdf-text";
import { createTestContext, type TestContext } from "../../test/test-app";

let context: TestContext;
let seller: { cookie: string; userId: string };

beforeAll(async () => {
  context = await createTestContext();
  seller = await registerAndConfirm(context, { email: "pdf@example.fr" });
  await markPaid(context, seller.userId);
  await context.database.db.insert(businessIdentities).values({
    userId: seller.userId,
    legalName: "Léa Moreau EI",
    companyName: "Studio Moreau",
    siret: "73282932000074",
    apeCode: "7410Z",
    addressLine1: "8 rue de la République",
    postalCode: "13001",
    city: "Marseille",
    vatRegime: "franchise",
    paymentTermsDays: 30,
    latePenaltyRate: "3 fois le taux d'intérêt légal",
    iban: "FR7630006000011234567890189",
    bic: "AGRIFRPP",
    invoiceFooter: "Merci de votre confiance.",
  });
});
afterAll(() => context.close());

async function issuedInvoice(isBusiness: boolean) {
  const [client] = await context.database.db
    .insert(clients)
    .values({
      userId: seller.userId,
      name: isBusiness ? "Boulangerie Durand SAS" : "Jean Petit",
      isBusiness,
      addressLine1: "1 place du Marché",
      postalCode: "75004",
      city: "Paris",
      siren: isBusiness ? "552100554" : null,
    })
    .returning();
  const draft = await (
    await call(context, "/api/invoices", {
      method: "POST",
      cookie: seller.cookie,
      body: {
        clientId: client?.id,
        clientName: client?.name,
        lines: [
          { description: "Identité visuelle complète", quantity: 1, unitPriceCents: 180000, vatRateBp: 0 },
          {
            description: "Déclinaisons réseaux sociaux",
            quantity: 2.5,
            unitPriceCents: 45050,
            unit: "jour",
            vatRateBp: 0,
          },
        ],
      },
    })
  ).json();
  return (
    await call(context, `/api/invoices/${draft.id}/issue`, { method: "POST", cookie: seller.cookie })
  ).json();
}

/** The factur-x.xml poppler finds attached to a PDF, or null. */
function attachedFacturx(bytes: ArrayBuffer): string | null {
  const work = mkdtempSync(join(tmpdir(), "facturx-"));
  try {
    writeFileSync(join(work, "in.pdf"), Buffer.from(bytes));
    if (
      !execFileSync("pdfdetach", ["-list", join(work, "in.pdf")])
        .toString()
        .includes("factur-x.xml")
    )
      return null;
    execFileSync("pdfdetach", [
      "-savefile",
      "factur-x.xml",
      "-o",
      join(work, "out.xml"),
      join(work, "in.pdf"),
    ]);
    return readFileSync(join(work, "out.xml"), "utf8");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

describe("invoice PDF", () => {
  it("prints the number, totals and every French legal mention, and is stored once", async () => {
    const invoice = await issuedInvoice(true);
    const response = await call(context, `/api/invoices/${invoice.id}/pdf`, { cookie: seller.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Facture-${invoice.invoiceNumber}.pdf"`,
    );
    const bytes = await response.arrayBuffer();
    const text = pdfText(bytes, "facture-entreprise");
    for (const expected of [
      invoice.invoiceNumber,
      "Léa Moreau EI",
      "SIRET 73282932000074",
      "Boulangerie Durand SAS",
      "Déclinaisons réseaux sociaux",
      formatMoney(112625), // 2,5 × 450,50 €
      formatMoney(292625), // total
      "TVA non applicable, art. 293 B du CGI",
      "Paiement à 30 jours à compter de la date de facture",
      "Pénalités de retard : 3 fois le taux d'intérêt légal",
      "Indemnité forfaitaire pour frais de recouvrement : 40 €",
      "Pas d'escompte pour paiement anticipé",
      "IBAN : FR7630006000011234567890189",
      "Page 1 / 1",
      "[pages: 1]",
    ]) {
      expect(text, expected).toContain(spaces(expected));
    }
    const again = await (
      await call(context, `/api/invoices/${invoice.id}/pdf`, { cookie: seller.cookie })
    ).arrayBuffer();
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
    const read = await (await call(context, `/api/invoices/${invoice.id}`, { cookie: seller.cookie })).json();
    expect(read.status).toBe("en-attente");
  });

  it("is frozen at issue: a payment recorded before the first download is not printed (issue 28)", async () => {
    const invoice = await issuedInvoice(true);
    const paid = await call(context, `/api/invoices/${invoice.id}/payments`, {
      method: "POST",
      cookie: seller.cookie,
      body: { amountCents: 100000, method: "virement" },
    });
    expect(paid.status).toBe(200);
    const bytes = await (
      await call(context, `/api/invoices/${invoice.id}/pdf`, { cookie: seller.cookie })
    ).arrayBuffer();
    const text = pdfText(bytes, "facture-payee-avant-telechargement");
    expect(text).not.toContain("Déjà réglé");
    expect(text).toContain(spaces(formatMoney(292625)));
    // The e-invoice says what the invoice said when issued: nothing prepaid (BT-113).
    expect(attachedFacturx(bytes)).not.toContain("<ram:TotalPrepaidAmount>");
  });

  it("leaves the 40 € indemnity out for a consumer, and prints credit notes", async () => {
    const invoice = await issuedInvoice(false);
    const text = pdfText(
      await (await call(context, `/api/invoices/${invoice.id}/pdf`, { cookie: seller.cookie })).arrayBuffer(),
      "facture-particulier",
    );
    expect(text).not.toContain("Indemnité forfaitaire");
    const creditNote = await (
      await call(context, `/api/invoices/${invoice.id}/cancel`, { method: "POST", cookie: seller.cookie })
    ).json();
    const avoir = pdfText(
      await (
        await call(context, `/api/invoices/${creditNote.id}/pdf`, { cookie: seller.cookie })
      ).arrayBuffer(),
      "avoir",
    );
    expect(avoir).toContain("AVOIR");
    expect(avoir).toContain(`Avoir sur la facture ${invoice.invoiceNumber}`);
    expect(avoir).toContain(spaces(formatMoney(-292625)));
  });

  it("answers the spec's function shape: a URL once issued, base64 for a draft, French errors", async () => {
    const invoice = await issuedInvoice(true);
    const issued = await call(context, "/functions/v1/generate-invoice-pdf", {
      method: "POST",
      cookie: seller.cookie,
      body: { invoiceData: { id: invoice.id } },
    });
    expect(await issued.json()).toEqual({ success: true, url: `/api/invoices/${invoice.id}/pdf` });
    const draft = await (
      await call(context, "/api/invoices", {
        method: "POST",
        cookie: seller.cookie,
        body: {
          clientName: "Brouillon SA",
          lines: [{ description: "Essai", quantity: 1, unitPriceCents: 100, vatRateBp: 0 }],
        },
      })
    ).json();
    const preview = await (
      await call(context, "/functions/v1/generate-invoice-pdf", {
        method: "POST",
        cookie: seller.cookie,
        body: { invoiceData: { id: draft.id } },
      })
    ).json();
    expect(preview.success).toBe(true);
    expect(pdfText(Buffer.from(preview.pdfBase64, "base64").buffer as ArrayBuffer, "brouillon")).toContain(
      "Brouillon — sans valeur légale",
    );
    const missing = await call(context, "/functions/v1/generate-invoice-pdf", {
      method: "POST",
      cookie: seller.cookie,
      body: {},
    });
    expect(await missing.json()).toEqual({
      success: false,
      error: "Aucune donnée PDF reçue de la fonction.",
    });
    const unknown = await call(context, "/functions/v1/generate-invoice-pdf", {
      method: "POST",
      cookie: seller.cookie,
      body: { invoiceData: { id: "00000000-0000-4000-8000-000000000000" } },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, error: "Facture introuvable." });
    expect(
      (
        await call(context, "/functions/v1/generate-invoice-pdf", {
          method: "POST",
          body: { invoiceData: { id: draft.id } },
        })
      ).status,
    ).toBe(401);
  });

  it("downloads an issued invoice as Factur-X, and renders again a plain PDF stored before", async () => {
    const invoice = await issuedInvoice(true);
    const bytes = await (
      await call(context, `/api/invoices/${invoice.id}/pdf`, { cookie: seller.cookie })
    ).arrayBuffer();
    const xml = attachedFacturx(bytes);
    expect(xml).toContain(`<ram:ID>${invoice.invoiceNumber}</ram:ID>`);
    expect(xml).toContain("<ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>");
    expect(xml).toContain('<ram:ID schemeID="0002">552100554</ram:ID>');
    const [stored] = await context.database.db
      .select({ retainUntil: files.retainUntil })
      .from(files)
      .innerJoin(invoices, eq(invoices.pdfFileId, files.id))
      .where(eq(invoices.id, invoice.id));
    expect(stored?.retainUntil).toBe(`${Number(invoice.date.slice(0, 4)) + 10}-12-31`);

    // A PDF frozen before Factur-X existed: plain, no attachment.
    const { doc, done } = openPdf({ title: "Ancienne facture", author: "Léa Moreau EI" });
    doc.text("Ancienne facture");
    doc.end();
    const legacy = await saveFile(context.database.db, {
      userId: seller.userId,
      name: "ancienne.pdf",
      mimeType: "application/pdf",
      bytes: await done,
      kind: "pdf",
    });
    await context.database.db
      .update(invoices)
      .set({ pdfFileId: legacy.id })
      .where(eq(invoices.id, invoice.id));
    const renewed = await (
      await call(context, `/api/invoices/${invoice.id}/pdf`, { cookie: seller.cookie })
    ).arrayBuffer();
    expect(attachedFacturx(renewed)).toContain(`<ram:ID>${invoice.invoiceNumber}</ram:ID>`);
    const [row] = await context.database.db
      .select({ pdfFileId: invoices.pdfFileId })
      .from(invoices)
      .where(eq(invoices.id, invoice.id));
    expect(row?.pdfFileId).not.toBe(legacy.id);
    const again = await (
      await call(context, `/api/invoices/${invoice.id}/pdf`, { cookie: seller.cookie })
    ).arrayBuffer();
    expect(Buffer.from(again).equals(Buffer.from(renewed))).toBe(true);
  });
});
