import { Hono } from "hono";
import { z } from "zod";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { getInvoicePdf } from "./invoice-pdf.service";

const request = z.object({ invoiceData: z.object({ id: z.uuid() }).passthrough() });

/**
 * POST /functions/v1/generate-invoice-pdf (ai-assistant.txt §7): `{ invoiceData }` →
 * `{ success, url | pdfBase64, error }`. An issued invoice answers the URL of its stored PDF; a draft,
 * rendered on the fly, its bytes in base64. Failures use the spec's French texts.
 */
export function generateInvoicePdfFunction({ db, logger }: { db: Db; logger: Logger }) {
  return new Hono<{ Variables: AuthVariables }>().post("/", async (c) => {
    const parsed = request.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return c.json({ success: false, error: "Aucune donnée PDF reçue de la fonction." }, 400);
    const id = parsed.data.invoiceData.id;
    try {
      const pdf = await getInvoicePdf(db, { userId: c.get("user").id, id });
      return c.json(
        pdf.isStored
          ? { success: true, url: `/api/invoices/${id}/pdf` }
          : { success: true, pdfBase64: Buffer.from(pdf.bytes).toString("base64") },
      );
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        return c.json({ success: false, error: error.message }, error.status);
      }
      logger.error({ err: error, invoiceId: id }, "invoice PDF generation failed");
      return c.json({ success: false, error: "La génération du PDF a échoué." }, 500);
    }
  });
}
