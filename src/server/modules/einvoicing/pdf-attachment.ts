import { inflateSync } from "node:zlib";
import { formatCount } from "@shared/format";
import { MAX_FILE_SIZE_BYTES } from "@shared/security/file-validation";
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from "pdf-lib";
import { AppError } from "../../errors";

/** The names Factur-X 1.0, ZUGFeRD 2.x / 1.0 and XRechnung give the invoice XML inside the PDF. */
const INVOICE_XML_NAMES = ["factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml"];

/**
 * Budgets for a PDF that comes from outside (issue 26): indirect objects counted in the bytes before pdf-lib
 * parses them, and nodes of the EmbeddedFiles name tree. A Factur-X invoice has a few hundred objects and a
 * name tree of one node; the limits leave room for long scanned invoices and stop hostile files early.
 */
export const PDF_LIMITS = { objects: 20_000, nameTreeNodes: 500, nameTreeDepth: 32 } as const;

export const PDF_MESSAGES = {
  unreadable: "Ce PDF est illisible ou endommagé.",
  noXml:
    "Ce PDF ne contient pas de facture électronique (aucun fichier factur-x.xml, zugferd-invoice.xml ou xrechnung.xml joint) : importez une facture Factur-X, ou ajoutez ce PDF comme justificatif d'une dépense.",
  compression: "La facture jointe à ce PDF utilise une compression non prise en charge.",
  tooLarge: "La facture jointe à ce PDF dépasse 10 Mo une fois décompressée.",
  tooManyObjects: `Ce PDF contient plus de ${formatCount(PDF_LIMITS.objects, "objet")} : ce n'est pas une facture électronique ordinaire.`,
  tooManyNodes: `La liste des fichiers joints à ce PDF dépasse ${formatCount(PDF_LIMITS.nameTreeNodes, "entrée")} ou ${formatCount(PDF_LIMITS.nameTreeDepth, "niveau", "niveaux")} : ce PDF est refusé.`,
} as const;

const nameOf = (value: unknown) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

/**
 * Indirect objects ("12 0 obj") plus the objects packed in object streams (their /N), read from the bytes.
 * Every repetition is bounded and a number starts where a run of digits does, so the count stays linear
 * however the bytes are arranged (a long run of digits made an unbounded pattern quadratic).
 */
function countObjects(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  let count = 0;
  for (const _ of text.matchAll(/(?<!\d)\d{1,10}\s{1,8}\d{1,5}\s{1,8}obj\b/g))
    if (++count > PDF_LIMITS.objects) return count;
  for (const match of text.matchAll(
    /\/Type\s{0,8}\/ObjStm\b[^>]{0,512}?\/N\s{1,8}(\d{1,10})|\/N\s{1,8}(\d{1,10})[^>]{0,512}?\/Type\s{0,8}\/ObjStm\b/g,
  )) {
    count += Number(match[1] ?? match[2]);
    if (count > PDF_LIMITS.objects) return count;
  }
  return count;
}

/**
 * Name/file-spec pairs of the EmbeddedFiles name tree, its kids included. Each node is visited once (a tree
 * that lists a node as its own kid, or the same kid many times, made this walk exponential) and the walk
 * stops at a node count and a depth.
 */
function embeddedFiles(root: PDFDict | undefined): [string, PDFDict][] {
  const pairs: [string, PDFDict][] = [];
  const visited = new Set<PDFDict>();
  const walk = (node: PDFDict, depth: number) => {
    if (visited.has(node)) return;
    visited.add(node);
    if (visited.size > PDF_LIMITS.nameTreeNodes || depth > PDF_LIMITS.nameTreeDepth)
      throw new AppError("bad_request", PDF_MESSAGES.tooManyNodes);
    const names = node.lookupMaybe(PDFName.of("Names"), PDFArray);
    for (let index = 0; names && index + 1 < names.size(); index += 2) {
      const spec = names.lookup(index + 1);
      const name = nameOf(names.lookup(index));
      if (name && spec instanceof PDFDict) pairs.push([name, spec]);
      if (pairs.length > PDF_LIMITS.nameTreeNodes)
        throw new AppError("bad_request", PDF_MESSAGES.tooManyNodes);
    }
    const kids = node.lookupMaybe(PDFName.of("Kids"), PDFArray);
    for (let index = 0; kids && index < kids.size(); index++) {
      const kid = kids.lookup(index);
      if (kid instanceof PDFDict) walk(kid, depth + 1);
    }
  };
  if (root) walk(root, 0);
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
  if (countObjects(bytes) > PDF_LIMITS.objects)
    throw new AppError("bad_request", PDF_MESSAGES.tooManyObjects);
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    throw new AppError("bad_request", PDF_MESSAGES.unreadable);
  }
  try {
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
  } catch (error) {
    // pdf-lib throws its own errors for a missing catalog or an object of the wrong type: the file's fault.
    if (error instanceof AppError) throw error;
    throw new AppError("bad_request", PDF_MESSAGES.unreadable);
  }
  throw new AppError("bad_request", PDF_MESSAGES.noXml);
}
