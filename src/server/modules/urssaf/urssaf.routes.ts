import { urssafQuery, urssafSettingsInput } from "@shared/schemas/urssaf";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { valid } from "../../http/validate";
import { getUrssafOverview, saveUrssafSettings } from "./urssaf.service";

/** /api/urssaf: the micro-entrepreneur's declaration help (issue 13 §3). */
export function urssafRoutes(db: Db) {
  return new Hono<{ Variables: AuthVariables }>()
    .get("/", valid(urssafQuery, "query"), async (c) =>
      c.json(await getUrssafOverview(db, { userId: c.get("user").id, day: c.req.valid("query").day })),
    )
    .put("/settings", valid(urssafSettingsInput), async (c) =>
      c.json(await saveUrssafSettings(db, { userId: c.get("user").id, input: c.req.valid("json") })),
    );
}
