import pg from "pg";
import { type Cluster, findPostgresBin, freePort, startThrowawayCluster } from "../scripts/postgres-cluster";
import { spawnServer, stopServer, waitForHealth } from "../scripts/server-process";
import { openDatabase } from "../src/server/db/client";
import { measureDashboard, measureDashboardLoad } from "./dashboard";
import { paidSession, seedBenchAccount } from "./dataset";
import { measureInvoiceList } from "./invoice-list";

// The list and dashboard budgets are for PostgreSQL: a throwaway cluster, as the tests use, holding one
// bench account that both measurements read.

const POOL_SIZE = 20;

/**
 * The bench database, reached through the cluster's Unix socket: PostgreSQL on the server's own machine is
 * reached that way in production too (decision 014), and loopback TCP costs each side a kernel network path.
 */
async function createBenchDatabase({ url: clusterUrl, socketUrl }: Cluster): Promise<string> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query("create database ardoise_bench");
  } finally {
    await admin.end();
  }
  const url = new URL(socketUrl);
  url.pathname = "/ardoise_bench";
  return url.toString();
}

/** The session token inside better-auth's signed cookie (`token.signature`, URL-encoded). */
function sessionTokenOf(cookie: string): string {
  const value = cookie.match(/session_token=([^;]+)/)?.[1] ?? "";
  const signed = decodeURIComponent(value);
  return signed.slice(0, signed.lastIndexOf("."));
}

/**
 * Signs the bench user up through a production server, seeds the account, then loads the list through the
 * server and directly on a pool of the server's size.
 */
async function measureThroughServer(databaseUrl: string, authSecret: string) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawnServer("src/server/main.ts", {
    NODE_ENV: "production",
    // No SMTP here: the bench reads the confirmation link from the outbox table.
    ALLOW_LOCAL_OUTBOX: "true",
    BETTER_AUTH_SECRET: authSecret,
    LOG_LEVEL: "silent",
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    APP_URL: baseUrl,
    ARDOISE_SERVE_CLIENT: "false",
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    await waitForHealth(`${baseUrl}/api/health`, server);
    await db.connect();
    const { cookie, userId } = await paidSession(baseUrl, db);
    const dataset = await seedBenchAccount(db, userId);
    const direct = await openDatabase({ databaseUrl, dataDir: "", poolSize: POOL_SIZE });
    try {
      const target = { baseUrl, cookie, db: direct.db, sessionToken: sessionTokenOf(cookie), userId };
      const list = await measureInvoiceList(target);
      return { userId, dataset, list, dashboardLoad: await measureDashboardLoad(target) };
    } finally {
      await direct.close();
    }
  } finally {
    await db.end().catch(() => {});
    await stopServer(server);
  }
}

export async function measureOnPostgres(authSecret: string) {
  const bin = findPostgresBin();
  if (!bin) return null;
  const cluster = await startThrowawayCluster(bin);
  try {
    const databaseUrl = await createBenchDatabase(cluster);
    const { userId, dataset, list, dashboardLoad } = await measureThroughServer(databaseUrl, authSecret);
    // Measured once the server has stopped: the dashboard's time is its own, not shared with the list's load.
    const dashboard = await measureDashboard(databaseUrl, userId);
    return { dataset, list, dashboard, dashboardLoad };
  } finally {
    cluster.stop();
  }
}
