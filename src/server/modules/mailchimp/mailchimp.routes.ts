import { chooseMailchimpAudienceInput, connectMailchimpInput } from "@shared/schemas/mailchimp";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import { valid } from "../../http/validate";
import {
  chooseMailchimpAudience,
  connectMailchimp,
  disconnectMailchimp,
  listMailchimpAudiences,
  type MailchimpDeps,
  readMailchimpStatus,
  syncMailchimp,
} from "./mailchimp.service";

/**
 * Mounted under /api/integrations/mailchimp behind the session guard (401/402): the Intégrations card's
 * Mailchimp connection — key, audience, "Synchroniser maintenant", disconnection.
 */
export function mailchimpRoutes(deps: MailchimpDeps) {
  return new Hono<{ Variables: AuthVariables }>()
    .get("/", async (c) => c.json(await readMailchimpStatus(deps.db, { userId: c.get("user").id })))
    .post("/", valid(connectMailchimpInput), async (c) =>
      c.json(await connectMailchimp(deps, { userId: c.get("user").id, input: c.req.valid("json") })),
    )
    .delete("/", async (c) => c.json(await disconnectMailchimp(deps.db, { userId: c.get("user").id })))
    .get("/audiences", async (c) =>
      c.json({ items: await listMailchimpAudiences(deps, { userId: c.get("user").id }) }),
    )
    .put("/audience", valid(chooseMailchimpAudienceInput), async (c) =>
      c.json(
        await chooseMailchimpAudience(deps, { userId: c.get("user").id, listId: c.req.valid("json").listId }),
      ),
    )
    .post("/sync", async (c) =>
      c.json(await syncMailchimp(deps, { userId: c.get("user").id, scope: "all" })),
    );
}
