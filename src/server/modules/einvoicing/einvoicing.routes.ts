import { confirmSupplierInvoiceInput, refuseReceivedInvoiceInput } from "@shared/schemas/einvoicing";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { uuidParam, valid } from "../../http/validate";
import type { Logger } from "../../logger";
import {
  confirmReceivedInvoice,
  invoiceStatuses,
  listReceivedInvoices,
  refuseReceivedInvoice,
  sendInvoice,
} from "./einvoicing.service";
import type { EinvoicingPlatform } from "./platform";

/** /api/einvoicing: the plateforme agréée, behind the 401/402 guard (app.ts `businessModules`). */
export function einvoicingRoutes({
  db,
  platform,
  logger,
}: {
  db: Db;
  platform: EinvoicingPlatform;
  logger: Logger;
}) {
  return (
    new Hono<{ Variables: AuthVariables }>()
      .use("/invoices/:id/*", uuidParam("Facture introuvable."))
      .get("/invoices/:id/statuses", async (c) =>
        c.json(
          await invoiceStatuses(db, platform, { userId: c.get("user").id, invoiceId: c.req.param("id") }),
        ),
      )
      .post("/invoices/:id/send", async (c) =>
        c.json(
          await sendInvoice(db, platform, { userId: c.get("user").id, invoiceId: c.req.param("id") }),
          201,
        ),
      )
      // Filled by the job loop's inbox job (src/server/jobs/einvoice-inbox-job.ts).
      .get("/inbox", async (c) => c.json(await listReceivedInvoices(db, { userId: c.get("user").id })))
      .use("/inbox/:id/*", uuidParam("Facture reçue introuvable."))
      .post("/inbox/:id/confirm", valid(confirmSupplierInvoiceInput), async (c) =>
        c.json(
          await confirmReceivedInvoice(db, platform, {
            userId: c.get("user").id,
            id: c.req.param("id"),
            input: c.req.valid("json"),
            logger,
          }),
          201,
        ),
      )
      .post("/inbox/:id/refuse", valid(refuseReceivedInvoiceInput), async (c) => {
        await refuseReceivedInvoice(db, platform, {
          userId: c.get("user").id,
          id: c.req.param("id"),
          reason: c.req.valid("json").reason,
          logger,
        });
        return c.body(null, 204);
      })
  );
}
