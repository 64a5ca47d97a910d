import { timingSafeEqual } from "node:crypto";
import { confirmSupplierInvoiceInput, refuseReceivedInvoiceInput } from "@shared/schemas/einvoicing";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { uuidParam, valid } from "../../http/validate";
import type { Logger } from "../../logger";
import {
  confirmReceivedInvoice,
  invoiceStatuses,
  listReceivedInvoices,
  pendingDeposit,
  recordLifecycleMessages,
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
          await invoiceStatuses(db, platform, {
            userId: c.get("user").id,
            invoiceId: c.req.param("id"),
            logger,
          }),
        ),
      )
      .get("/invoices/:id/deposit", async (c) =>
        c.json(await pendingDeposit(db, { userId: c.get("user").id, invoiceId: c.req.param("id") })),
      )
      // 201 once deposited; 202 when the platform could not take it yet and the job loop will try again.
      .post("/invoices/:id/send", async (c) => {
        const events = await sendInvoice(db, platform, {
          userId: c.get("user").id,
          invoiceId: c.req.param("id"),
          logger,
        });
        return c.json(events, events.at(-1)?.status === "deposee" ? 201 : 202);
      })
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
      .post("/inbox/:id/dispute", valid(refuseReceivedInvoiceInput), async (c) => {
        await refuseReceivedInvoice(db, platform, {
          userId: c.get("user").id,
          id: c.req.param("id"),
          reason: c.req.valid("json").reason,
          status: "en_litige",
          logger,
        });
        return c.body(null, 204);
      })
  );
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * /api/public/pa/webhook/:secret — the platform's push (XP Z12-013 webhook callback: `{ flowInfo: Flow }`)
 * when a lifecycle flow arrives. The body is only a hint: the flow is read back from the platform with our
 * own token, so a forged call can at most make us look. The secret in the path (PA_WEBHOOK_SECRET) is the
 * address given to the platform when subscribing.
 */
export function einvoicingWebhookRoutes({
  db,
  platform,
  secret,
  logger,
}: {
  db: Db;
  platform: EinvoicingPlatform;
  secret: string | undefined;
  logger: Logger;
}) {
  return new Hono().post("/:secret", async (c) => {
    if (!secret || !platform.lifecycleFlow || !sameSecret(c.req.param("secret"), secret))
      throw new AppError("not_found", "Adresse inconnue.");
    const body = (await c.req.json().catch(() => null)) as {
      flowInfo?: { flowId?: unknown; flowType?: unknown };
    } | null;
    const flowId = body?.flowInfo?.flowId;
    if (typeof flowId !== "string" || flowId.length === 0 || flowId.length > 200)
      throw new AppError("bad_request", "Le flux (flowInfo.flowId) est manquant.");
    // Only lifecycle flows about our invoices carry statuses; the rest is taken by the polling.
    if (body?.flowInfo?.flowType !== "CustomerInvoiceLC") return c.body(null, 204);
    try {
      const recorded = await recordLifecycleMessages(db, platform.name, await platform.lifecycleFlow(flowId));
      logger.info({ flowId, recorded }, "platform webhook");
      return c.body(null, 204);
    } catch (error) {
      // The platform pushes again later, and the polling takes it anyway.
      logger.warn({ err: error, flowId }, "platform webhook: flow not read");
      throw new AppError("unavailable", "Flux illisible pour le moment, réessayez plus tard.");
    }
  });
}
