import { confirmSupplierInvoiceInput } from "@shared/schemas/einvoicing";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { uuidParam, valid } from "../../http/validate";
import type { Logger } from "../../logger";
import {
  confirmInboxItem,
  dismissInboxItem,
  invoiceStatuses,
  listInbox,
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
  return new Hono<{ Variables: AuthVariables }>()
    .use("/invoices/:id/*", uuidParam("Facture introuvable."))
    .get("/invoices/:id/statuses", async (c) =>
      c.json(await invoiceStatuses(db, platform, { userId: c.get("user").id, invoiceId: c.req.param("id") })),
    )
    .post("/invoices/:id/send", async (c) =>
      c.json(
        await sendInvoice(db, platform, { userId: c.get("user").id, invoiceId: c.req.param("id") }),
        201,
      ),
    )
    .get("/inbox", async (c) => c.json(await listInbox(db, platform, { userId: c.get("user").id, logger })))
    .use("/inbox/:id", uuidParam("Facture reçue introuvable."))
    .use("/inbox/:id/*", uuidParam("Facture reçue introuvable."))
    .post("/inbox/:id/confirm", valid(confirmSupplierInvoiceInput), async (c) =>
      c.json(
        await confirmInboxItem(db, {
          userId: c.get("user").id,
          id: c.req.param("id"),
          input: c.req.valid("json"),
        }),
        201,
      ),
    )
    .delete("/inbox/:id", async (c) => {
      await dismissInboxItem(db, { userId: c.get("user").id, id: c.req.param("id") });
      return c.body(null, 204);
    });
}
