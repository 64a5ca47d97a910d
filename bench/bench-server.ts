import { readFileSync } from "node:fs";
import pg from "pg";
import { findPostgresBin, freePort, startThrowawayCluster } from "../scripts/postgres-cluster";
import { spawnServer, stopServer, waitForHealth } from "../scripts/server-process";
import { type Database, openDatabase } from "../src/server/db/client";
import { type DatasetSize, paidSession, seedBenchAccount } from "./dataset";
import type { ApiSqlTarget } from "./load";

// The hot-path and scale scenarios share one throwaway PostgreSQL cluster and one production server on it,
// as bench/postgres.ts sets up for the list: several bench users live in the same database, each signed up
// through the API, and each measured through the server and directly on a pool of the server's size.

const POOL_SIZE = 20;

export type BenchServer = {
  baseUrl: string;
  databaseUrl: string;
  /** The server's process id (the tsx launcher; the server is one of its descendants). */
  pid: number;
  /** An owner connection, for seeding. */
  admin: pg.Client;
  /** The database opened as the server opens it, for the direct (SQL) side of each ratio. */
  direct: Database;
};

async function createDatabase(clusterUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` against a fresh cluster and server; null when PostgreSQL is not installed. */
export async function withBenchServer<T>(
  authSecret: string,
  work: (server: BenchServer) => Promise<T>,
): Promise<T | null> {
  const bin = findPostgresBin();
  if (!bin) return null;
  const cluster = await startThrowawayCluster(bin);
  try {
    const databaseUrl = await createDatabase(cluster.url, "ardoise_scale");
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const child = spawnServer("src/server/main.ts", {
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
    const admin = new pg.Client({ connectionString: databaseUrl });
    try {
      await waitForHealth(`${baseUrl}/api/health`, child);
      await admin.connect();
      const direct = await openDatabase({ databaseUrl, dataDir: "", poolSize: POOL_SIZE });
      try {
        return await work({ baseUrl, databaseUrl, pid: child.pid ?? 0, admin, direct });
      } finally {
        await direct.close();
      }
    } finally {
      await admin.end().catch(() => {});
      await stopServer(child);
    }
  } finally {
    cluster.stop();
  }
}

/** A paid user signed up through the server, their data seeded, and the target both paths measure. */
export async function benchUser(server: BenchServer, size: DatasetSize) {
  const { cookie, userId } = await paidSession(server.baseUrl, server.admin);
  const dataset = await seedBenchAccount(server.admin, userId, size);
  // The session row itself: the direct path looks it up by its token, as every API request does.
  const { rows } = await server.admin.query("select token from session where user_id = $1", [userId]);
  const target: ApiSqlTarget = {
    baseUrl: server.baseUrl,
    cookie,
    db: server.direct.db,
    sessionToken: String(rows[0]?.token),
    userId,
  };
  return { target, dataset };
}

/** Resident memory of a process and its descendants, in bytes (Linux /proc; 0 elsewhere). */
export function treeRssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const rssKb = Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0);
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/);
    return (
      rssKb * 1024 + children.filter(Boolean).reduce((sum, child) => sum + treeRssBytes(Number(child)), 0)
    );
  } catch {
    return 0;
  }
}
