import { inflateSync } from "node:zlib";
import { MAX_FILE_SIZE_BYTES } from "@shared/security/file-validation";
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from "pdf-lib";
import { AppError } from "../../errors";

/** The names Factur-X 1.0, ZUGFeRD 2.x / 1.0 and XRechnung give the invoice XML inside the PDF. */
const INVOICE_XML_NAMES = ["factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml"];

export const PDF_MESSAGES = {
  unreadable: "Ce PDF est illisible ou endommagé.",
  noXml:
    "Ce PDF ne contient pas de facture électronique (aucun fichier factur-x.xml, zugferd-invoice.xml ou xrechnung.xml joint) : importez une facture Factur-X, ou ajoutez ce PDF comme justificatif d'une dépense.",
  compression: "La facture jointe à ce PDF utilise une compression non prise en charge.",
  tooLarge: "La facture jointe à ce PDF dépasse 10 Mo une fois décompressée.",
} as const;

const nameOf = (value: unknown) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

/** Name/file-spec pairs of the EmbeddedFiles name tree, its kids included (depth-bounded). */
function embeddedFiles(node: PDFDict | undefined, depth = 0): [string, PDFDict][] {
  if (!node || depth > 8) return [];
  const pairs: [string, PDFDict][] = [];
  const names = node.lookupMaybe(PDFName.of("Names"), PDFArray);
  for (let index = 0; names && index + 1 < names.size(); index += 2) {
    const spec = names.lookup(index + 1);
    const name = nameOf(names.lookup(index));
    if (name && spec instanceof PDFDict) pairs.push([name, spec]);
  }
  const kids = node.lookupMaybe(PDFName.of("Kids"), PDFArray);
  for (let index = 0; kids && index < kids.size(); index++) {
    const kid = kids.lookup(index);
    if (kid instanceof PDFDict) pairs.push(...embeddedFiles(kid, depth + 1));
  }
  return pairs;
}

/**
 * Decompressed with Node's zlib and a cap on the output, not pdf-lib's decoder: a few kilobytes of Flate can
 * inflate to gigabytes, and the cap stops that at the upload limit.
 */
function streamBytes(stream: PDFRawStream): Uint8Array {
  const filter = stream.dict.lookup(PDFName.of("Filter"));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  if (filters.length === 0) return stream.getContents();
  if (filters.length > 1 || filters[0] !== PDFName.of("FlateDecode"))
    throw new AppError("bad_request", PDF_MESSAGES.compression);
  try {
    return inflateSync(stream.getContents(), { maxOutputLength: MAX_FILE_SIZE_BYTES });
  } catch (error) {
    const isTooLarge = (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE";
    throw new AppError(
      isTooLarge ? "payload_too_large" : "bad_request",
      isTooLarge ? PDF_MESSAGES.tooLarge : PDF_MESSAGES.unreadable,
    );
  }
}

/** The invoice XML embedded in a Factur-X / ZUGFeRD PDF; a French 400 when there is none. */
export async function extractInvoiceXml(bytes: Uint8Array): Promise<Uint8Array> {
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    throw new AppError("bad_request", PDF_MESSAGES.unreadable);
  }
  const tree = pdf.catalog
    .lookupMaybe(PDFName.of("Names"), PDFDict)
    ?.lookupMaybe(PDFName.of("EmbeddedFiles"), PDFDict);
  for (const [treeName, spec] of embeddedFiles(tree)) {
    const fileName =
      nameOf(spec.lookup(PDFName.of("UF"))) ?? nameOf(spec.lookup(PDFName.of("F"))) ?? treeName;
    if (!INVOICE_XML_NAMES.includes(fileName.toLowerCase())) continue;
    const stream = spec.lookupMaybe(PDFName.of("EF"), PDFDict)?.lookup(PDFName.of("F"));
    if (stream instanceof PDFRawStream) return streamBytes(stream);
  }
  throw new AppError("bad_request", PDF_MESSAGES.noXml);
}
