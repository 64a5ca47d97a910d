import { searchQuery } from "@shared/schemas/search";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { valid } from "../../http/validate";
import { searchRecords } from "./search.service";

/** /api/search: mounted behind the 401/402 guard (app.ts `businessModules`). */
export function searchRoutes(db: Db) {
  return new Hono<{ Variables: AuthVariables }>().get("/", valid(searchQuery, "query"), async (c) =>
    c.json(await searchRecords(db, { userId: c.get("user").id, q: c.req.valid("query").q })),
  );
}
