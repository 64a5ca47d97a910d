import { openDatabase } from "../src/server/db/client";
import { getDashboard } from "../src/server/modules/dashboard/dashboard.service";
import { type ApiSqlTarget, measureApiVsSql } from "./load";
import { oneDecimal, percentile } from "./stats";

// The dashboard budget is server time: the aggregate's service function timed in-process against the
// database, without HTTP or other load, after a warm-up (connections open, plans cached).

const WARM_UP_RUNS = 10;
const RUNS = 50;

export type TimingFigures = { p50Ms: number; p95Ms: number; maxMs: number; runs: number };

export async function measureDashboard(databaseUrl: string, userId: string): Promise<TimingFigures> {
  const database = await openDatabase({ databaseUrl, dataDir: "", poolSize: 1 });
  try {
    for (let run = 0; run < WARM_UP_RUNS; run++) await getDashboard(database.db, { userId });
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await getDashboard(database.db, { userId });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return {
      p50Ms: oneDecimal(percentile(times, 50)),
      p95Ms: oneDecimal(percentile(times, 95)),
      maxMs: oneDecimal(times.at(-1) ?? 0),
      runs: RUNS,
    };
  } finally {
    await database.close();
  }
}

/** The dashboard under the list's load shape, through the API and directly (throughput ratio). */
export const measureDashboardLoad = (target: ApiSqlTarget) =>
  measureApiVsSql(target, "/api/dashboard", (db, userId) => getDashboard(db, { userId }));
