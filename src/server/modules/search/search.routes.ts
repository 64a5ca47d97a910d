import { searchQuery } from "@shared/schemas/search";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import type { CachedJson } from "../../http/read-cache";
import { valid } from "../../http/validate";
import { searchRecords } from "./search.service";

/**
 * /api/search: mounted behind the 401/402 guard (app.ts `businessModules`). An answer is served again while
 * the user's data is unchanged (the palette asks the same words again as its user types and erases); it reads
 * nothing against today's date, so its key is the words alone.
 */
export function searchRoutes({ db, cachedJson }: { db: Db; cachedJson: CachedJson }) {
  return new Hono<{ Variables: AuthVariables }>().get("/", valid(searchQuery, "query"), (c) => {
    const { q } = c.req.valid("query");
    return cachedJson(c, `search ${q}`, () => searchRecords(db, { userId: c.get("user").id, q }));
  });
}
