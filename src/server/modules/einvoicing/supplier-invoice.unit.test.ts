import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { readSupplierInvoice, toCents } from "./supplier-invoice";
import { ciiInvoice, pdfWithAttachment, ublInvoice, utf8 } from "./test-invoices";

/** The error a file is refused with, as the API would answer it. */
async function refusal(bytes: Uint8Array) {
  const error = await readSupplierInvoice(bytes).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, message, issues } = error as AppError;
  return { status, message, issues: issues?.map((issue) => issue.message) ?? [] };
}

describe("amounts", () => {
  it("reads decimal amounts to the cent", () => {
    expect(toCents("2400.00")).toBe(240000);
    expect(toCents("5.5")).toBe(550);
    expect(toCents("-12.345")).toBe(-1235);
    expect(toCents("12,00")).toBeUndefined();
  });
});

describe("CII", () => {
  it("reads the shared EN 16931 franchise example", async () => {
    const invoice = await readSupplierInvoice(
      readFileSync("/work/shared/facturx/example-en16931-franchise.xml"),
    );
    expect(invoice).toMatchObject({
      format: "cii",
      documentType: "invoice",
      number: "F2026-0042",
      issueDate: "2026-10-15",
      dueDate: "2026-11-14",
      currency: "EUR",
      supplier: { name: "Camille Martin EI", siren: "100000009", siret: "10000000900017", vatNumber: null },
      buyer: { name: "Atelier Dupont SAS", siren: "200000008" },
      vatBreakdown: [{ category: "E", rateBp: 0, baseCents: 240000, vatCents: 0 }],
      totals: { linesCents: 240000, netCents: 240000, vatCents: 0, grossCents: 240000, dueCents: 240000 },
    });
    expect(invoice.lines.map((line) => [line.description, line.quantity, line.netCents])).toEqual([
      ["Développement site vitrine (jours)", "5", 225000],
      ["Maintenance mensuelle octobre 2026", "1", 15000],
    ]);
  });

  it("reads two VAT rates, the VAT number and the predefined entities", async () => {
    const invoice = await readSupplierInvoice(utf8(ciiInvoice()));
    expect(invoice.supplier).toEqual({
      name: "Nuage Hébergement SAS",
      siren: "732829320",
      siret: null,
      vatNumber: "FR44732829320",
      country: null,
    });
    expect(invoice.lines[0]?.description).toBe("Hébergement & maintenance serveur");
    expect(invoice.vatBreakdown.map((group) => [group.rateBp, group.vatCents])).toEqual([
      [2000, 20000],
      [1000, 2000],
    ]);
    expect(invoice.totals).toMatchObject({ netCents: 120000, vatCents: 22000, grossCents: 142000 });
  });

  it("refuses sums that disagree, naming the amounts in French", async () => {
    const { status, message, issues } = await refusal(utf8(ciiInvoice({ vatTotal: "230.00" })));
    expect(status).toBe(400);
    expect(message).toBe("Cette facture électronique est incomplète ou incohérente.");
    expect(issues).toContain(
      "Le total de TVA ne correspond pas au récapitulatif par taux : 230,00\u00a0€ annoncés, 220,00\u00a0€ calculés.",
    );
  });

  it("refuses an invoice without number nor supplier", async () => {
    const xml = ciiInvoice({ number: "" }).replace("<ram:Name>Nuage Hébergement SAS</ram:Name>", "");
    const { issues } = await refusal(utf8(xml));
    expect(issues).toEqual(
      expect.arrayContaining([
        "Le numéro de la facture (BT-1) est absent.",
        "Le nom du fournisseur (BT-27) est absent.",
      ]),
    );
  });
});

describe("UBL 2.1", () => {
  it("reads an Invoice, its SIRET giving the SIREN", async () => {
    const invoice = await readSupplierInvoice(utf8(ublInvoice()));
    expect(invoice).toMatchObject({
      format: "ubl",
      documentType: "invoice",
      number: "UBL-2026-9",
      issueDate: "2026-09-20",
      dueDate: "2026-10-20",
      supplier: {
        name: "Papeterie Lumière SARL",
        siren: "552100554",
        siret: "55210055400027",
        vatNumber: "FR12552100554",
      },
      lines: [{ description: "Ramettes de papier A4", quantity: "10", netCents: 5500, vatRateBp: 2000 }],
      totals: { netCents: 5500, vatCents: 1100, grossCents: 6600, dueCents: 6600 },
    });
  });

  it("reads a CreditNote", async () => {
    const invoice = await readSupplierInvoice(utf8(ublInvoice({ isCreditNote: true, number: "AV-3" })));
    expect(invoice).toMatchObject({ documentType: "credit_note", number: "AV-3", dueDate: null });
    expect(invoice.lines[0]?.quantity).toBe("10");
  });
});

describe("Factur-X and ZUGFeRD PDF", () => {
  it("reads the factur-x.xml attached to a PDF", async () => {
    const invoice = await readSupplierInvoice(await pdfWithAttachment(ciiInvoice()));
    expect(invoice).toMatchObject({
      format: "factur-x",
      number: "FA-2026-117",
      totals: { grossCents: 142000 },
    });
  });

  it("reads a ZUGFeRD zugferd-invoice.xml", async () => {
    const invoice = await readSupplierInvoice(
      await pdfWithAttachment(ciiInvoice({ number: "ZF-1" }), "zugferd-invoice.xml"),
    );
    expect(invoice.number).toBe("ZF-1");
  });

  it("refuses a plain PDF with a French explanation", async () => {
    const { status, message } = await refusal(await pdfWithAttachment(null));
    expect(status).toBe(400);
    expect(message).toMatch(/^Ce PDF ne contient pas de facture électronique/);
  });

  it("stops an attachment that inflates beyond 10 MB", async () => {
    const pdf = await PDFDocument.load(await pdfWithAttachment("<x/>"));
    // The attachment's stream becomes 11 MB of spaces, deflated to a few kilobytes.
    const bomb = pdf.context.stream(deflateSync(Buffer.alloc(11 * 1024 * 1024, 0x20)), {
      Filter: "FlateDecode",
    });
    const spec = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .find((object): object is PDFDict => object instanceof PDFDict && object.has(PDFName.of("EF")));
    spec?.lookup(PDFName.of("EF"), PDFDict).set(PDFName.of("F"), pdf.context.register(bomb));
    const { status, message } = await refusal(await pdf.save());
    expect(status).toBe(413);
    expect(message).toBe("La facture jointe à ce PDF dépasse 10 Mo une fois décompressée.");
  });
});

describe("hostile or foreign files", () => {
  it("refuses a DOCTYPE (XXE) and entity expansion before parsing", async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Invoice><ID>&xxe;</ID></Invoice>`;
    const laughs = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Invoice>&b;</Invoice>`;
    for (const xml of [xxe, laughs]) {
      const { status, message } = await refusal(utf8(xml));
      expect(status).toBe(400);
      expect(message).toBe(
        "Fichier XML refusé : les déclarations DOCTYPE et ENTITY ne sont pas acceptées dans une facture électronique.",
      );
    }
  });

  it("refuses malformed XML, other XML and non-XML in French", async () => {
    expect((await refusal(utf8("<Invoice><ID>1</Invoice>"))).message).toMatch(
      /^Ce fichier n'est pas un XML bien formé \(ligne 1\)/,
    );
    expect((await refusal(utf8("<Order><ID>1</ID></Order>"))).message).toBe(
      "Format non reconnu : importez une facture électronique Factur-X (PDF), CII ou UBL (XML).",
    );
    expect((await refusal(utf8("<SCRDMCCBDACIOMessageStructure/>"))).message).toMatch(
      /^Ce fichier est une commande \(Order-X\), pas une facture/,
    );
    expect((await refusal(utf8("Date;Montant\n2026-01-01;12"))).status).toBe(400);
    expect((await refusal(new Uint8Array([0x3c, 0xff, 0xfe, 0x00]))).message).toBe(
      "Fichier XML illisible : il doit être encodé en UTF-8.",
    );
  });
});
