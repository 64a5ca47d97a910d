import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client";

// Issue 15: PGlite runs statements on the main thread, so a long run of them chained by promises (an
// export's batches) used to keep every other request from even being read until it ended.

const dataDir = mkdtempSync(join(tmpdir(), "ardoise-turns-"));
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir });
}, 60_000);
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("PGlite shared by several requests", () => {
  it("serves a request that arrives during a long run of transactions before the run ends", async () => {
    const finished: string[] = [];
    // 40 transactions of ~5 ms each, one after the other, as an export's batches.
    const longRun = (async () => {
      for (let batch = 0; batch < 40; batch++)
        await database.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.005)`));
      finished.push("long run");
    })();
    // A request arrives from outside that promise chain (a socket event, here a timer) 20 ms in.
    const shortRequest = new Promise((resolve) => setTimeout(resolve, 20))
      .then(() => database.db.execute(sql`select 1`))
      .then(() => finished.push("short request"));
    await Promise.all([longRun, shortRequest]);
    expect(finished).toEqual(["short request", "long run"]);
  });
});
