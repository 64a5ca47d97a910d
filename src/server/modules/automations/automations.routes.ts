import { createAutomationInput, updateAutomationInput } from "@shared/schemas/automations";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { uuidParam, valid } from "../../http/validate";
import {
  AUTOMATION_NOT_FOUND,
  createAutomation,
  deleteAutomation,
  listAutomations,
  updateAutomation,
} from "./automations.service";

/** Mounted under /api/automations behind the 401/402 guard: the rules, made on the page or by the assistant. */
export function automationRoutes(db: Db) {
  return new Hono<{ Variables: AuthVariables }>()
    .use("/:id", uuidParam(AUTOMATION_NOT_FOUND))
    .get("/", async (c) => c.json(await listAutomations(db, { userId: c.get("user").id })))
    .post("/", valid(createAutomationInput), async (c) =>
      c.json(await createAutomation(db, { userId: c.get("user").id, input: c.req.valid("json") }), 201),
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
    .delete("/:id", async (c) => {
      await deleteAutomation(db, { userId: c.get("user").id, id: c.req.param("id") });
      return c.body(null, 204);
    });
}
