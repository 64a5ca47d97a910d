import type { Pdf } from "../pdf/document-layout";

/**
 * Factur-X plumbing on a pdfkit document opened as PDF/A-3b (docs/decisions/012-facturx.md): pdfkit
 * writes the pdfaid part/conformance and the sRGB output intent (its own ICC profile); this adds the
 * Factur-X XMP extension schema and embeds the CII XML as factur-x.xml, related to the document.
 */

export const FACTURX_FILENAME = "factur-x.xml";
const FX_NAMESPACE = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";

const fxProperty = (name: string, description: string) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`;

/** The XMP a PDF/A validator needs to accept the fx: properties, and the properties themselves. */
export const FACTURX_XMP = `
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${fxProperty("DocumentFileName", "name of the embedded XML invoice file")}${fxProperty(
                    "DocumentType",
                    "INVOICE",
                  )}${fxProperty("Version", "The actual version of the Factur-X XML schema")}${fxProperty(
                    "ConformanceLevel",
                    "The conformance level of the embedded Factur-X data",
                  )}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}">
          <fx:DocumentType>INVOICE</fx:DocumentType>
          <fx:DocumentFileName>${FACTURX_FILENAME}</fx:DocumentFileName>
          <fx:Version>1.0</fx:Version>
          <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>`;

/** pdfkit puts Title and Author in the XMP unescaped: XML's special characters must not reach it. */
export const xmpSafe = (text: string) => text.replace(/[&<>]/g, " ").replace(/\s+/g, " ").trim();

/** Call before `doc.end()` on a document opened with `isArchival`. */
export function attachFacturx(doc: Pdf, xml: string, { issuedAt }: { issuedAt: Date }): void {
  doc.appendXML(FACTURX_XMP);
  // pdfkit 0.20 writes AFRelationship (and lists the file in the catalog's AF); @types/pdfkit lags behind.
  const options: PDFKit.Mixins.PDFAttachmentOptions & { relationship: "Data" } = {
    name: FACTURX_FILENAME,
    type: "text/xml",
    // "Data": the XML carries the same invoice the page shows (Factur-X 1.0, EN 16931).
    relationship: "Data",
    description: "Factur-X invoice",
    creationDate: issuedAt,
    modifiedDate: issuedAt,
  };
  doc.file(Buffer.from(xml, "utf8"), options);
}

/** Whether stored PDF bytes are already Factur-X: pdfkit writes the XMP uncompressed, so its marker shows. */
export function isFacturx(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(
    `<fx:DocumentFileName>${FACTURX_FILENAME}</fx:DocumentFileName>`,
  );
}
