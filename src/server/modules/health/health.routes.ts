import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "../../db/client";
import { version } from "../../version";

export function healthRoutes(database: Database) {
  return new Hono().get("/", async (c) => {
    const isUp = await database.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );
    const { applied, pending, latest } = database.migrations;
    return c.json(
      {
        status: isUp ? "ok" : "error",
        database: database.kind,
        migrations: { applied, pending, latest },
        version,
      },
      isUp ? 200 : 503,
    );
  });
}
