import { createApiTokenInput } from "@shared/schemas/public-api";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { uuidParam, valid } from "../../http/validate";
import { createApiToken, listApiTokens, revokeApiToken } from "./api-tokens.service";
import { deleteHook, listHooks, redeliver } from "./webhooks.service";

/**
 * Mounted under /api/integrations behind the session guard (401/402): the Intégrations page's side of the
 * public API — personal tokens (created, listed with their last use, revoked) and the hooks Zapier made,
 * with their recent deliveries and "Renvoyer".
 */
export function apiIntegrationRoutes(db: Db) {
  return new Hono<{ Variables: AuthVariables }>()
    .get("/tokens", async (c) => c.json({ items: await listApiTokens(db, { userId: c.get("user").id }) }))
    .post("/tokens", valid(createApiTokenInput), async (c) =>
      c.json(await createApiToken(db, { userId: c.get("user").id, input: c.req.valid("json") }), 201),
    )
    .delete("/tokens/:id", uuidParam("Jeton introuvable."), async (c) => {
      await revokeApiToken(db, { userId: c.get("user").id, tokenId: c.req.param("id") });
      return c.body(null, 204);
    })
    .get("/hooks", async (c) => c.json(await listHooks(db, { userId: c.get("user").id })))
    .delete("/hooks/:id", uuidParam("Abonnement (hook) introuvable."), async (c) => {
      await deleteHook(db, { userId: c.get("user").id, hookId: c.req.param("id") });
      return c.body(null, 204);
    })
    .post("/hooks/deliveries/:id/redeliver", uuidParam("Livraison introuvable."), async (c) => {
      await redeliver(db, { userId: c.get("user").id, deliveryId: c.req.param("id") });
      return c.body(null, 204);
    });
}
