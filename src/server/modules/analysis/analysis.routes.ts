import { analysisQuery } from "@shared/schemas/analysis";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import { valid } from "../../http/validate";
import type { AnalysisReader } from "./analysis.service";

/** /api/analysis: mounted behind the 401/402 guard (app.ts `businessModules`); one cache per app, shared with the assistant (services.ts). */
export function analysisRoutes(readAnalysis: AnalysisReader) {
  return new Hono<{ Variables: AuthVariables }>().get("/", valid(analysisQuery, "query"), async (c) => {
    const { fresh } = c.req.valid("query");
    return c.json(await readAnalysis(c.get("user").id, { fresh: fresh === "1" }));
  });
}
