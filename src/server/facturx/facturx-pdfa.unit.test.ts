import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  type PDFRef,
  PDFString,
} from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { renderCommercialDocumentPdf } from "../pdf/commercial-document-pdf";
import { spaces } from "../test/pdf-text";
import { facturxXml } from "./cii";
import { facturxCase } from "./facturx-cases";

// The PDF/A-3b and Factur-X structure of an issued invoice, read back from the bytes (pdf-lib for the
// objects, poppler for fonts and text): what a PDF/A validator and a Factur-X reader look for first.

const work = mkdtempSync(join(tmpdir(), "ardoise-facturx-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function render(name: string) {
  const document = facturxCase(name);
  const xml = facturxXml(document);
  const bytes = await renderCommercialDocumentPdf(document, {
    footer: "Merci de votre confiance.",
    logo: null,
    facturx: { xml, issuedAt: new Date("2026-10-15T09:00:00Z") },
  });
  const path = join(work, `${name}.pdf`);
  writeFileSync(path, bytes);
  return { xml, bytes, path, pdf: await PDFDocument.load(bytes, { updateMetadata: false }) };
}

/** The uncompressed stream an object or reference points at. */
function rawStream(pdf: PDFDocument, value: unknown): PDFRawStream {
  const object = pdf.context.lookup(value as PDFRef);
  if (!(object instanceof PDFRawStream)) throw new Error(`not a stream: ${String(value)}`);
  return object;
}

const text = (value: unknown) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : String(value);

// The first document parses the fonts: slow on a shared machine.
describe("Factur-X PDF/A-3b structure", { timeout: 30_000 }, () => {
  it("declares PDF/A-3B and the Factur-X extension schema in its XMP", async () => {
    const { pdf } = await render("tva-plusieurs-taux-b2b");
    const metadata = rawStream(pdf, pdf.catalog.get(PDFName.of("Metadata")));
    const xmp = Buffer.from(metadata.contents).toString("utf8");
    expect(metadata.dict.get(PDFName.of("Subtype"))).toEqual(PDFName.of("XML"));
    expect(metadata.dict.get(PDFName.of("Filter"))).toBeUndefined();
    for (const expected of [
      "<pdfaid:part>3</pdfaid:part>",
      "<pdfaid:conformance>B</pdfaid:conformance>",
      "<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>",
      "<pdfaSchema:prefix>fx</pdfaSchema:prefix>",
      "<fx:DocumentType>INVOICE</fx:DocumentType>",
      "<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>",
      "<fx:Version>1.0</fx:Version>",
      "<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>",
    ]) {
      expect(xmp).toContain(expected);
    }
    for (const property of ["DocumentFileName", "DocumentType", "Version", "ConformanceLevel"]) {
      expect(xmp).toContain(`<pdfaProperty:name>${property}</pdfaProperty:name>`);
    }
    // Well-formed: the XMP packet parses as XML.
    expect(() =>
      execFileSync("xmllint", ["--noout", "-"], { input: xmp.replace(/^\s*<\?xpacket[^>]*>/, "") }),
    ).not.toThrow();
  });

  it("has an sRGB output intent with its ICC profile", async () => {
    const { pdf } = await render("franchise-b2b-periode");
    const intents = pdf.context.lookup(pdf.catalog.get(PDFName.of("OutputIntents")), PDFArray);
    expect(intents.size()).toBe(1);
    const intent = pdf.context.lookup(intents.get(0), PDFDict);
    expect(intent.get(PDFName.of("S"))).toEqual(PDFName.of("GTS_PDFA1"));
    expect(text(intent.get(PDFName.of("OutputConditionIdentifier")))).toBe("sRGB IEC61966-2.1");
    const profile = rawStream(pdf, intent.get(PDFName.of("DestOutputProfile")));
    expect(profile.dict.get(PDFName.of("N"))?.toString()).toBe("3");
    expect(profile.contents.length).toBeGreaterThan(1000);
  });

  it("embeds every font it uses", async () => {
    const { path } = await render("tva-plusieurs-taux-b2b");
    const rows = execFileSync("pdffonts", [path]).toString("utf8").trim().split("\n").slice(2);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      // name, type (two words), encoding, emb, sub, uni, object, id
      const columns = row.trim().split(/\s+/);
      expect(columns.at(-5), row).toBe("yes");
    }
    expect(rows.join("\n")).not.toMatch(/Helvetica|Times|Courier/);
  });

  it("attaches factur-x.xml as Data, listed in the catalog's AF and EmbeddedFiles", async () => {
    const { pdf, xml, path } = await render("avoir-total-tva");
    const associated = pdf.context.lookup(pdf.catalog.get(PDFName.of("AF")), PDFArray);
    expect(associated.size()).toBe(1);
    const spec = pdf.context.lookup(associated.get(0), PDFDict);
    expect(spec.get(PDFName.of("AFRelationship"))).toEqual(PDFName.of("Data"));
    expect(text(spec.get(PDFName.of("F")))).toBe("factur-x.xml");
    expect(text(spec.get(PDFName.of("UF")))).toBe("factur-x.xml");
    const embedded = rawStream(pdf, spec.lookup(PDFName.of("EF"), PDFDict).get(PDFName.of("F")));
    expect(embedded.dict.get(PDFName.of("Subtype"))).toEqual(PDFName.of("text/xml"));
    const params = embedded.dict.lookup(PDFName.of("Params"), PDFDict);
    expect(params.get(PDFName.of("ModDate"))).toBeDefined();
    const names = pdf.catalog.lookup(PDFName.of("Names"), PDFDict);
    expect(names.get(PDFName.of("EmbeddedFiles"))).toBeDefined();
    // poppler finds it through the name tree and gives back the very XML.
    expect(execFileSync("pdfdetach", ["-list", path]).toString("utf8")).toContain("factur-x.xml");
    const out = join(work, "extracted.xml");
    execFileSync("pdfdetach", ["-savefile", "factur-x.xml", "-o", out, path]);
    expect(execFileSync("cat", [out]).toString("utf8")).toBe(xml);
  });

  it("prints what the XML says: the period, the VAT lines and the totals", async () => {
    const franchise = await render("franchise-b2b-periode");
    const printed = spaces(execFileSync("pdftotext", ["-layout", franchise.path, "-"]).toString("utf8"));
    expect(printed).toContain("Période de la prestation : du 1 septembre 2026 au 30 septembre 2026");
    expect(printed).toContain("TVA non applicable, art. 293 B du CGI");
    expect(printed).toContain("Total à payer");
    expect(printed).not.toContain("Total TTC");
    expect(franchise.xml).toContain('<ram:StartDateTime><udt:DateTimeString format="102">20260901<');

    const creditNote = await render("avoir-total-tva");
    const avoir = spaces(execFileSync("pdftotext", ["-layout", creditNote.path, "-"]).toString("utf8"));
    expect(avoir).toContain("Avoir sur la facture INV-2026-0043 du 15 octobre 2026");
    expect(avoir).not.toContain("Pénalités de retard");
    expect(creditNote.xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(creditNote.xml).toContain("<ram:IssuerAssignedID>INV-2026-0043</ram:IssuerAssignedID>");
  });
});
