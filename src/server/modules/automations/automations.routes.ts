import { createAutomationInput, updateAutomationInput } from "@shared/schemas/automations";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { uuidParam, valid } from "../../http/validate";
import type { TargetPolicy } from "../public-api/target-url";
import {
  AUTOMATION_NOT_FOUND,
  createAutomation,
  deleteAutomation,
  editAutomation,
  listAutomations,
  redeliverRuleDelivery,
  updateAutomation,
} from "./automations.service";

/**
 * Mounted under /api/automations behind the 401/402 guard: the rules, made on the page or by the assistant.
 * POST creates, PUT replaces a rule's settings (same kind), PATCH pauses or resumes; a webhook rule's
 * delivery can be sent again (« Renvoyer »).
 */
export function automationRoutes({ db, targets }: { db: Db; targets: TargetPolicy }) {
  return new Hono<{ Variables: AuthVariables }>()
    .use("/:id", uuidParam(AUTOMATION_NOT_FOUND))
    .get("/", async (c) => c.json(await listAutomations(db, { userId: c.get("user").id })))
    .post("/", valid(createAutomationInput), async (c) =>
      c.json(
        await createAutomation(db, { userId: c.get("user").id, input: c.req.valid("json"), targets }),
        201,
      ),
    )
    .put("/:id", valid(createAutomationInput), async (c) =>
      c.json(
        await editAutomation(db, {
          userId: c.get("user").id,
          id: c.req.param("id"),
          input: c.req.valid("json"),
          targets,
        }),
      ),
    )
    .patch("/:id", valid(updateAutomationInput), async (c) =>
      c.json(
        await updateAutomation(db, {
          userId: c.get("user").id,
          id: c.req.param("id"),
          input: c.req.valid("json"),
        }),
      ),
    )
    .post(
      "/:id/deliveries/:deliveryId/redeliver",
      uuidParam(AUTOMATION_NOT_FOUND),
      async (c, next) => {
        // Like uuidParam for the second id: a malformed one names no delivery.
        if (!z.uuid().safeParse(c.req.param("deliveryId")).success)
          throw new AppError("not_found", "Livraison introuvable.");
        await next();
      },
      async (c) =>
        c.json(
          await redeliverRuleDelivery(db, {
            userId: c.get("user").id,
            id: c.req.param("id"),
            deliveryId: c.req.param("deliveryId"),
          }),
        ),
    )
    .delete("/:id", async (c) => {
      await deleteAutomation(db, { userId: c.get("user").id, id: c.req.param("id") });
      return c.body(null, 204);
    });
}
