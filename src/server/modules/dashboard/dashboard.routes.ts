import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { getDashboard } from "./dashboard.service";

/** /api/dashboard: mounted behind the 401/402 guard (app.ts `businessModules`). */
export function dashboardRoutes(db: Db) {
  return new Hono<{ Variables: AuthVariables }>().get("/", async (c) =>
    c.json(await getDashboard(db, { userId: c.get("user").id })),
  );
}
