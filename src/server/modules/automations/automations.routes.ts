import { updateAutomationInput } from "@shared/schemas/automations";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { uuidParam, valid } from "../../http/validate";
import {
  AUTOMATION_NOT_FOUND,
  deleteAutomation,
  listAutomations,
  updateAutomation,
} from "./automations.service";

/** Mounted under /api/automations behind the 401/402 guard: the rules the assistant created. */
export function automationRoutes(db: Db) {
  return new Hono<{ Variables: AuthVariables }>()
    .use("/:id", uuidParam(AUTOMATION_NOT_FOUND))
    .get("/", async (c) => c.json(await listAutomations(db, { userId: c.get("user").id })))
    .patch("/:id", valid(updateAutomationInput), async (c) =>
      c.json(
        await updateAutomation(db, {
          userId: c.get("user").id,
          id: c.req.param("id"),
          input: c.req.valid("json"),
        }),
      ),
    )
    .delete("/:id", async (c) => {
      await deleteAutomation(db, { userId: c.get("user").id, id: c.req.param("id") });
      return c.body(null, 204);
    });
}
