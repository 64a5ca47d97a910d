import { describe, expect, it } from "vitest";
import { renderCommercialDocumentPdf } from "../pdf/commercial-document-pdf";
import { pdfText } from "../test/pdf-text";
import { facturxXml } from "./cii";
import { facturxCase } from "./facturx-cases";

// The issue 13 mentions as a client reads them on the PDF and as the e-invoicing network receives them in
// the CII XML (validity against the official rules is facturx.validate.unit.test.ts's job).

async function printed(name: string): Promise<string> {
  const bytes = await renderCommercialDocumentPdf(facturxCase(name), { footer: null, logo: null });
  return pdfText(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    name,
  );
}

describe("issue 13 mentions, printed and in the XML", () => {
  it("reverse charge: « Autoliquidation », the client's EU VAT number, category AE with VATEX-EU-AE", async () => {
    const xml = facturxXml(facturxCase("autoliquidation-ue"));
    expect(xml).toContain(
      "<ram:ExemptionReason>Autoliquidation : TVA due par le preneur (art. 259-1 et 283-2 du CGI, art. 196 de la directive 2006/112/CE)</ram:ExemptionReason><ram:BasisAmount>1560.00</ram:BasisAmount><ram:CategoryCode>AE</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>",
    );
    expect(xml).toMatch(/<ram:BuyerTradeParty>.*<ram:ID schemeID="VA">BE0123456749<\/ram:ID>/);
    expect(xml).toContain("<ram:Content>B2BINT</ram:Content>");
    const text = await printed("autoliquidation-ue");
    expect(text).toContain("Autoliquidation");
    expect(text).toContain("N° TVA : BE0123456749");
    expect(text).toContain("Nature des opérations : prestations de services");
    expect(text).not.toContain("293 B");
  });

  it("intra-EU supply of goods: category K, VATEX-EU-IC, goods (B1) shipped to the buyer's country", async () => {
    const xml = facturxXml(facturxCase("livraison-intracommunautaire"));
    expect(xml).toContain(
      "<ram:CategoryCode>K</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-IC</ram:ExemptionReasonCode>",
    );
    expect(xml).toContain("<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>B1</ram:ID>");
    expect(xml).toMatch(
      /<ram:ShipToTradeParty>.*<ram:CountryID>BE<\/ram:CountryID><\/ram:PostalTradeAddress><\/ram:ShipToTradeParty>/,
    );
    expect(await printed("livraison-intracommunautaire")).toContain(
      "Exonération de TVA, art. 262 ter I du CGI (livraison intracommunautaire)",
    );
  });

  it("export outside the EU: category G, VATEX-EU-G, printed art. 262 I", async () => {
    const xml = facturxXml(facturxCase("exportation"));
    expect(xml).toContain(
      "<ram:CategoryCode>G</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-G</ram:ExemptionReasonCode>",
    );
    expect(await printed("exportation")).toContain("Exonération de TVA, art. 262 I du CGI (exportation)");
  });

  it("a franchise seller's services to an EU business: reverse charge (AE), never art. 293 B (issue 28)", async () => {
    const xml = facturxXml(facturxCase("franchise-services-ue"));
    expect(xml).toContain(
      "<ram:CategoryCode>AE</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>",
    );
    expect(xml).not.toContain("VATEX-FR-FRANCHISE");
    const text = await printed("franchise-services-ue");
    expect(text).toContain("Autoliquidation : TVA due par le preneur (art. 259-1 et 283-2 du CGI");
    expect(text).not.toContain("293 B");
  });

  it("services exported outside the EU: art. 259-1, category O (VATEX-EU-O), no goods' art. 262 I (issue 28)", async () => {
    const xml = facturxXml(facturxCase("prestation-hors-ue"));
    expect(xml).toContain(
      "<ram:CategoryCode>O</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-O</ram:ExemptionReasonCode>",
    );
    expect(xml).not.toContain("<ram:CategoryCode>G</ram:CategoryCode>");
    // BR-O-02: out of scope, no VAT identifier in the XML; the seller is named by its SIREN (BT-32).
    expect(xml).not.toContain('schemeID="VA"');
    const text = await printed("prestation-hors-ue");
    expect(text).toContain(
      "TVA non applicable, art. 259-1 du CGI (prestation de services, preneur établi hors de l'UE)",
    );
    expect(text).not.toContain("262 I");
  });

  it("a 0 % disbursement line is exempt (E) with its reason, art. 267 II-2° (VATEX-EU-79-C), never Z (issue 28)", async () => {
    const xml = facturxXml(facturxCase("tva-plusieurs-taux-b2b"));
    expect(xml).toContain(
      "<ram:ExemptionReason>Débours exclus de la base d'imposition, art. 267 II-2° du CGI</ram:ExemptionReason>",
    );
    expect(xml).toContain(
      "<ram:CategoryCode>E</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-79-C</ram:ExemptionReasonCode>",
    );
    expect(xml).not.toContain("<ram:CategoryCode>Z</ram:CategoryCode>");
  });

  it("art. 261 exemption beside a taxed line, mixed nature, delivery address and VAT on debits", async () => {
    const xml = facturxXml(facturxCase("exoneration-261-livraison-mixte"));
    expect(xml).toContain("<ram:ID>M1</ram:ID>");
    expect(xml).toContain(
      "<ram:CategoryCode>E</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-FR-CGI261-4</ram:ExemptionReasonCode><ram:DueDateTypeCode>5</ram:DueDateTypeCode>",
    );
    expect(xml).toContain(
      "<ram:CategoryCode>S</ram:CategoryCode><ram:DueDateTypeCode>5</ram:DueDateTypeCode>",
    );
    expect(xml).toContain(
      "<ram:ShipToTradeParty><ram:PostalTradeAddress><ram:PostcodeCode>69002</ram:PostcodeCode><ram:LineOne>Centre de formation, 8 quai Perrache</ram:LineOne>",
    );
    const text = await printed("exoneration-261-livraison-mixte");
    expect(text).toContain("ADRESSE DE LIVRAISON");
    expect(text).toContain("Centre de formation, 8 quai Perrache");
    expect(text).toContain("Exonération de TVA, art. 261-4-4° a du CGI");
    expect(text).toContain("Option pour le paiement de la taxe d'après les débits");
    expect(text).toContain("Nature des opérations : mixte (livraisons de biens et prestations de services)");
  });

  it("the professional insurance, when set, is a note of the XML (BT-22) and printed", async () => {
    const mention =
      "Assurance professionnelle : MAAF Assurances, contrat n° DEC-2026-4471, couverture géographique : France métropolitaine";
    expect(facturxXml(facturxCase("assurance-decennale-b2b"))).toContain(
      `<ram:IncludedNote><ram:Content>${mention}</ram:Content></ram:IncludedNote>`,
    );
    expect((await printed("assurance-decennale-b2b")).replace(/\s+/g, " ")).toContain(mention);
    expect(facturxXml(facturxCase("tva-plusieurs-taux-b2b"))).not.toContain("Assurance professionnelle");
  });

  it("without the option on debits nothing says so, and no delivery address is invented", async () => {
    const xml = facturxXml(facturxCase("autoliquidation-ue"));
    expect(xml).not.toContain("DueDateTypeCode");
    expect(xml).not.toContain("ShipToTradeParty");
    expect(await printed("autoliquidation-ue")).not.toContain("débits");
  });

  it("the registration is printed with the SIREN: « RCS Lyon 100 000 009 »", async () => {
    const document = facturxCase("tva-plusieurs-taux-b2b");
    const bytes = await renderCommercialDocumentPdf(
      { ...document, seller: { ...document.seller, registrationMention: "RCS Lyon" } },
      { footer: null, logo: null },
    );
    expect(
      pdfText(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
        "rcs",
      ),
    ).toContain("RCS Lyon 100 000 009");
  });
});
