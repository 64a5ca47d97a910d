import { parisToday } from "@shared/domain/dates";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import type { CachedJson } from "../../http/read-cache";
import { getDashboard } from "./dashboard.service";

/** /api/dashboard: mounted behind the 401/402 guard (app.ts `businessModules`). */
export function dashboardRoutes({ db, cachedJson }: { db: Db; cachedJson: CachedJson }) {
  return new Hono<{ Variables: AuthVariables }>().get("/", (c) => {
    const now = new Date();
    // Every figure is of the day's month and year, and « à échéance » counts from today.
    return cachedJson(c, `dashboard ${parisToday(now)}`, () =>
      getDashboard(db, { userId: c.get("user").id, now }),
    );
  });
}
