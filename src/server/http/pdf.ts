import type { Context } from "hono";

/** A PDF download: an attachment, private to the signed-in user and checked again on each request. */
export function pdfResponse(c: Context, pdf: { filename: string; bytes: Uint8Array }): Response {
  c.header("content-type", "application/pdf");
  c.header("content-disposition", `attachment; filename="${pdf.filename}"`);
  c.header("cache-control", "private, no-cache");
  return c.body(new Uint8Array(pdf.bytes));
}
