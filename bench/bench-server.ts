import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import pg from "pg";
import { type Cluster, findPostgresBin, freePort, startThrowawayCluster } from "../scripts/postgres-cluster";
import { spawnServer, stopServer, waitForHealth } from "../scripts/server-process";
import { type Database, openDatabase } from "../src/server/db/client";
import { BENCH_DATASET, type DatasetSize, paidSession, seedBenchAccount } from "./dataset";
import type { ApiSqlTarget } from "./load";

// Every PostgreSQL scenario runs on a throwaway cluster and a production server on it: bench users live in
// the same database, each signed up through the API, and each measured through the server and directly on
// a pool of the server's size.

const POOL_SIZE = 20;

export type BenchServer = {
  baseUrl: string;
  databaseUrl: string;
  /** The server's process id (the tsx launcher; the server is one of its descendants). */
  pid: number;
  /** The server's inspector port on 127.0.0.1, for reading its heap (heap-probe.ts). */
  inspectPort: number;
  /** An owner connection, for seeding. */
  admin: pg.Client;
  /** The database opened as the server opens it, for the direct (SQL) side of each ratio. */
  direct: Database;
};

/**
 * A database of the cluster, reached through its Unix socket: PostgreSQL on the server's own machine is
 * reached that way in production too (decision 014), and loopback TCP costs each side a kernel network path.
 */
async function createDatabase({ url: clusterUrl, socketUrl }: Cluster, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(socketUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// What Node's inspector writes to stderr as a client comes and goes: not the server's words.
const INSPECTOR_LINES = new Set(["Debugger attached.", "Waiting for the debugger to disconnect..."]);

/** Node's arguments opening the inspector on 127.0.0.1:`port`, its address published over HTTP only. */
const inspectorArgs = (port: number) => [`--inspect=127.0.0.1:${port}`, "--inspect-publish-uid=http"];

/**
 * Runs `work` with a production server on `databaseUrl`, stopped afterwards. `env` adds to or overrides
 * the server's settings (READ_CACHE_MB=0 for the figures computed on every request). With `inspectPort`,
 * the server opens its inspector there, for heap-probe.ts.
 */
export async function withServer<T>(
  databaseUrl: string,
  authSecret: string,
  env: Record<string, string>,
  work: (baseUrl: string, child: ChildProcess) => Promise<T>,
  inspectPort?: number,
): Promise<T> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawnServer(
    "src/server/main.ts",
    {
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
      ...env,
    },
    inspectPort ? { nodeArgs: inspectorArgs(inspectPort), stderr: "pipe" } : {},
  );
  if (child.stderr)
    createInterface({ input: child.stderr }).on("line", (line) => {
      if (!INSPECTOR_LINES.has(line)) console.error(line);
    });
  try {
    await waitForHealth(`${baseUrl}/api/health`, child);
    return await work(baseUrl, child);
  } finally {
    await stopServer(child);
  }
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
    const databaseUrl = await createDatabase(cluster, "ardoise_bench");
    const inspectPort = await freePort();
    return await withServer(
      databaseUrl,
      authSecret,
      {},
      async (baseUrl, child) => {
        const admin = new pg.Client({ connectionString: databaseUrl });
        await admin.connect();
        const direct = await openDatabase({ databaseUrl, dataDir: "", poolSize: POOL_SIZE });
        try {
          return await work({ baseUrl, databaseUrl, pid: child.pid ?? 0, inspectPort, admin, direct });
        } finally {
          await direct.close();
          await admin.end().catch(() => {});
        }
      },
      inspectPort,
    );
  } finally {
    cluster.stop();
  }
}

/** A paid user signed up through the server, their data seeded, and the target both paths measure. */
export async function benchUser(server: BenchServer, size: DatasetSize = BENCH_DATASET) {
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
