import { createAutomationInput, updateAutomationInput } from "@shared/schemas/automations";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { uuidParam, valid } from "../../http/validate";
import {
  AUTOMATION_NOT_FOUND,
  createAutomation,
  deleteAutomation,
  editAutomation,
  listAutomations,
  updateAutomation,
} from "./automations.service";

/**
 * Mounted under /api/automations behind the 401/402 guard: the rules, made on the page or by the assistant.
 * POST creates, PUT replaces a rule's settings (same kind), PATCH pauses or resumes.
 */
export function automationRoutes({ db, isProduction }: { db: Db; isProduction: boolean }) {
  return new Hono<{ Variables: AuthVariables }>()
    .use("/:id", uuidParam(AUTOMATION_NOT_FOUND))
    .get("/", async (c) => c.json(await listAutomations(db, { userId: c.get("user").id })))
    .post("/", valid(createAutomationInput), async (c) =>
      c.json(
        await createAutomation(db, { userId: c.get("user").id, input: c.req.valid("json"), isProduction }),
        201,
      ),
    )
    .put("/:id", valid(createAutomationInput), async (c) =>
      c.json(
        await editAutomation(db, {
          userId: c.get("user").id,
          id: c.req.param("id"),
          input: c.req.valid("json"),
          isProduction,
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
    .delete("/:id", async (c) => {
      await deleteAutomation(db, { userId: c.get("user").id, id: c.req.param("id") });
      return c.body(null, 204);
    });
}
