/**
 * Hostile supplier files for the tests (issue 26), each written to cost the reader what a real attacker's
 * would: a name tree that lists its own node as kids (exponential without a visited set), a PDF of tiny
 * objects, XML of millions of empty elements or nested 10 000 deep, a PDF with no catalog. All are small to
 * build and stay under the 10 MB upload limit.
 */

/** A PDF from object bodies (object n is `bodies[n - 1]`), with a correct cross-reference table. */
export function rawPdf(bodies: string[], trailer = "/Root 1 0 R"): Uint8Array {
  let text = "%PDF-1.7\n";
  const offsets: number[] = [];
  bodies.forEach((body, index) => {
    offsets.push(Buffer.byteLength(text, "latin1"));
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, "latin1");
  text += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, "0")} 00000 n \n`;
  text += `trailer\n<< /Size ${bodies.length + 1} ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, "latin1");
}

/** The EmbeddedFiles tree's node 3 lists itself `fanOut` times as its kids: fanOut^depth visits before. */
export const selfReferencingNameTree = (fanOut: number) =>
  rawPdf([
    "<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 3 0 R >> >>",
    "<< /Type /Pages /Kids [] /Count 0 >>",
    `<< /Kids [${Array.from({ length: fanOut }, () => "3 0 R").join(" ")}] >>`,
  ]);

/** A catalog, then `count` objects of a few bytes each. */
export const pdfOfTinyObjects = (count: number) =>
  rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [] /Count 0 >>",
    ...Array.from({ length: count }, (_, index) => String(index)),
  ]);

/** Objects but no /Root in the trailer: no catalog to start from. */
export const pdfWithoutCatalog = () => rawPdf(["<< /Type /Pages /Kids [] /Count 0 >>"], "");

/** `count` empty elements in one root: about 4 bytes each. */
export const xmlOfEmptyElements = (count: number) =>
  Buffer.from(`<CrossIndustryInvoice>${"<a/>".repeat(count)}</CrossIndustryInvoice>`);

/** Elements nested `depth` deep. */
export const deeplyNestedXml = (depth: number) =>
  Buffer.from(`<CrossIndustryInvoice>${"<a>".repeat(depth)}${"</a>".repeat(depth)}</CrossIndustryInvoice>`);

/** A PDF header, then a run of digits: an unbounded "N G obj" pattern backtracked quadratically over it. */
export const pdfOfDigits = (count: number) =>
  Buffer.from(`%PDF-1.7\n${"7".repeat(count)}\n%%EOF\n`, "latin1");
