import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { desc, eq } from "drizzle-orm";
import type pg from "pg";
import pino from "pino";
import { createDemoAccount } from "../scripts/demo-data/account";
import { freePort } from "../scripts/postgres-cluster";
import { spawnServer, stopServer, waitForHealth } from "../scripts/server-process";
import { findSession } from "../src/server/auth/session";
import { type Database, openDatabase } from "../src/server/db/client";
import { session } from "../src/server/db/schema/index";
import { parseEnv } from "../src/server/env";
import { getDashboard } from "../src/server/modules/dashboard/dashboard.service";
import { listInvoices } from "../src/server/modules/invoices/invoices.service";
import { createServices } from "../src/server/services";
import { seedBenchAccount } from "./dataset";
import { signInDemo } from "./demo-account";
import { oneDecimal, percentile } from "./stats";

// PGlite, the database of a fresh install (issue 15): one connection, so every request of every user
// queues on it. Measured here at 10 concurrent callers (a small team's peak, not the 50 of PostgreSQL's
// budget), with the same API-vs-SQL treatment as on PostgreSQL: HTTP requests to a production server, then
// the same service calls made directly on the same data directory opened in this process (PGlite allows
// one process at a time, so the two sides run one after the other in the same run). Both sides are closed
// loops of the same callers, each calling again as soon as its call returns.
//
// Isolation: the p95 of a short request (the list's first page) from one caller, alone and while another
// caller downloads the whole CSV export over and over: a long request that held the connection for its
// whole length would freeze every other request behind it.

export const PGLITE_CONNECTIONS = 10;
const DURATION_S = 10;
const WARM_UP_S = 2;
const ISOLATION_S = 8;
const LIST_PATH = "/api/invoices?page=1&pageSize=20";
const DASHBOARD_PATH = "/api/dashboard";
const EXPORT_PATH = "/api/invoices/export.csv";

type Call = () => Promise<unknown>;
type Latencies = { latencies: number[]; seconds: number };

/** `callers` concurrent loops of `call` for `seconds`; every call's latency (ms). */
async function closedLoop(callers: number, seconds: number, call: Call): Promise<Latencies> {
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  const caller = async () => {
    while (performance.now() < until) {
      const callStarted = performance.now();
      await call();
      latencies.push(performance.now() - callStarted);
    }
  };
  await Promise.all(Array.from({ length: callers }, caller));
  return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
}

const summary = ({ latencies, seconds }: Latencies) => ({
  p50Ms: oneDecimal(percentile(latencies, 50)),
  p95Ms: oneDecimal(percentile(latencies, 95)),
  maxMs: oneDecimal(latencies.at(-1) ?? 0),
  requests: latencies.length,
  rps: Math.round(latencies.length / seconds),
});

async function load(call: Call) {
  await closedLoop(PGLITE_CONNECTIONS, WARM_UP_S, call);
  return summary(await closedLoop(PGLITE_CONNECTIONS, DURATION_S, call));
}

/** A GET that reads the whole answer and fails on anything but a 2xx (a bench must not time errors). */
const getter = (baseUrl: string, cookie: string) => async (path: string) => {
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie, origin: baseUrl } });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return body.byteLength;
};

/** The short request alone, then while the export runs back to back; the export's own duration. */
async function measureIsolation(get: (path: string) => Promise<number>) {
  const short = () => get(LIST_PATH);
  const alone = summary(await closedLoop(1, ISOLATION_S, short));
  const exports: number[] = [];
  let exportBytes = 0;
  let isExporting = true;
  const until = performance.now() + ISOLATION_S * 1000;
  const longLoop = (async () => {
    while (performance.now() < until) {
      const started = performance.now();
      exportBytes = await get(EXPORT_PATH);
      exports.push(performance.now() - started);
    }
    isExporting = false;
  })();
  const during: number[] = [];
  const started = performance.now();
  // Only the short requests made while an export is in flight count.
  while (isExporting) {
    const callStarted = performance.now();
    await short();
    if (isExporting) during.push(performance.now() - callStarted);
  }
  await longLoop;
  exports.sort((a, b) => a - b);
  return {
    shortRequest: `GET ${LIST_PATH}`,
    longRequest: `GET ${EXPORT_PATH}`,
    alone,
    duringLongRequest: summary({
      latencies: during.sort((a, b) => a - b),
      seconds: (performance.now() - started) / 1000,
    }),
    longRequestMs: oneDecimal(percentile(exports, 50)),
    longRequests: exports.length,
    longRequestKb: Math.round(exportBytes / 1024),
  };
}

/** Same rows as on PostgreSQL, written through PGlite's own client (the seed only needs `query`). */
function seedingClient(client: PGlite) {
  return {
    query: async (text: string, values?: unknown[]) => {
      const result = await client.query(text, values);
      return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
    },
  } as unknown as pg.Client;
}

/** The data directory opened as the server opens it. */
async function withPglite<T>(dataDir: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const ratio = (api: { rps: number }, sql: { rps: number }) =>
  sql.rps ? Math.round((api.rps / sql.rps) * 100) / 100 : 0;

/**
 * The demo account plus the bench's 10 000 invoices on a fresh PGlite directory; the list and dashboard
 * through a production server then directly, and the isolation figure through the server.
 */
export async function measureOnPglite(authSecret: string) {
  const dataDir = mkdtempSync(join(tmpdir(), "ardoise-bench-pglite-"));
  const serverEnv = {
    NODE_ENV: "production",
    ALLOW_LOCAL_OUTBOX: "true",
    BETTER_AUTH_SECRET: authSecret,
    LOG_LEVEL: "silent",
    DATABASE_URL: "",
  };
  try {
    // The demo's verified, paid account without its year of history (whose credit notes the bench's
    // payment rows would not fit), then the bench's 10 000 invoices.
    const { userId, dataset } = await withPglite(dataDir, async (database) => {
      // Production settings, as the server's: the sign-up's confirmation e-mail stays in the outbox table.
      const env = parseEnv({ ...serverEnv, DATA_DIR: dataDir });
      const { auth } = createServices(database, env, pino({ level: "silent" }));
      const id = await createDemoAccount(database.db, auth);
      const client = (database.db as unknown as { $client: PGlite }).$client;
      return { userId: id, dataset: await seedBenchAccount(seedingClient(client), id) };
    });
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = spawnServer("src/server/main.ts", {
      ...serverEnv,
      DATA_DIR: dataDir,
      PORT: String(port),
      APP_URL: baseUrl,
      ARDOISE_SERVE_CLIENT: "false",
    });
    let api: { list: Awaited<ReturnType<typeof load>>; dashboard: Awaited<ReturnType<typeof load>> };
    let isolation: Awaited<ReturnType<typeof measureIsolation>>;
    try {
      await waitForHealth(`${baseUrl}/api/health`, server);
      const get = getter(baseUrl, await signInDemo(baseUrl));
      api = { list: await load(() => get(LIST_PATH)), dashboard: await load(() => get(DASHBOARD_PATH)) };
      isolation = await measureIsolation(get);
    } finally {
      await stopServer(server);
    }
    const sql = await withPglite(dataDir, async ({ db }) => {
      // The session the server created at sign-in: the direct side looks up the same one.
      const [latest] = await db
        .select({ token: session.token })
        .from(session)
        .where(eq(session.userId, userId))
        .orderBy(desc(session.createdAt))
        .limit(1);
      const token = latest?.token ?? "";
      const checkSession = async () => {
        if (!(await findSession(db, token))) throw new Error("bench session not found");
      };
      return {
        list: await load(async () => {
          await checkSession();
          await listInvoices(db, { userId, query: { page: 1, pageSize: 20 } });
        }),
        dashboard: await load(async () => {
          await checkSession();
          await getDashboard(db, { userId });
        }),
      };
    });
    const figures = (name: "list" | "dashboard") => ({
      connections: PGLITE_CONNECTIONS,
      ...api[name],
      sqlRps: sql[name].rps,
      sqlP50Ms: sql[name].p50Ms,
      sqlP95Ms: sql[name].p95Ms,
      apiToSqlRatio: ratio(api[name], sql[name]),
    });
    return { dataset, list: figures("list"), dashboard: figures("dashboard"), isolation };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
