import { Hono } from "hono";
import { z } from "zod";
import type { Auth } from "../../auth/auth";
import { type AuthVariables, requireUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { valid } from "../../http/validate";
import type { Logger } from "../../logger";
import { hasAdminPermission, isAdmin } from "./admin.service";

const permissionInput = z.object({
  user_uuid: z.string().min(1).optional(),
  resource_name: z.string().min(1).max(100),
  action_name: z.string().min(1).max(100),
});

/** The spec's server functions is_admin and has_admin_permission, answering a bare boolean. */
export function adminRpcRoutes({ auth, db, logger }: { auth: Auth; db: Db; logger: Logger }) {
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(auth, db))
    .post("/is_admin", async (c) => c.json(await isAdmin(db, logger, c.get("user").id)))
    .post("/has_admin_permission", valid(permissionInput), async (c) => {
      const caller = c.get("user").id;
      const input = c.req.valid("json");
      const target = input.user_uuid ?? caller;
      // Only an admin may ask about someone else.
      if (target !== caller && !(await isAdmin(db, logger, caller))) return c.json(false);
      return c.json(
        await hasAdminPermission(db, logger, {
          userId: target,
          resource: input.resource_name,
          action: input.action_name,
        }),
      );
    });
}
