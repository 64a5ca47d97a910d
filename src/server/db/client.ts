import { join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { lockDataDir } from "./lock";
import { type MigrationReport, migrateDatabase } from "./migrate";
import * as schema from "./schema/index";
import { batchWritesPerTick, socketOf } from "./write-batching";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = "pglite" | "postgres";

export type Database = {
  kind: DatabaseKind;
  db: Db;
  /** Where the data lives, for the start-up banner (never includes a password). */
  location: string;
  migrations: MigrationReport;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** Called if the PGlite lock is lost while running: the process must stop. */
  onLockLost?: (error: Error) => void;
};

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite under `dataDir/db`, then migrates. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // Pipeline mode: a tenant transaction sends its opening statements together (tenant.ts, decision 014).
  // Queries awaited one by one behave as without it.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, pipeline: true });
  pool.on("connect", (client) => batchWritesPerTick(socketOf(client)));
  // An idle connection that the server closes (restart, failover, a dropped database) emits 'error' on
  // the pool; unhandled, it would crash the process. The pool replaces the connection on next checkout.
  pool.on("error", (error) => {
    console.error(`PostgreSQL : connexion inactive fermée par le serveur (${error.message})`);
  });
  try {
    const db: Db = drizzlePostgres({ client: pool, schema });
    const migrations = await migrateDatabase({ kind: "postgres", pool });
    const target = new URL(url);
    return {
      kind: "postgres",
      db,
      location: `${target.hostname}:${target.port || 5432}${target.pathname}`,
      migrations,
      close: () => pool.end(),
    };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/**
 * PGlite runs each statement synchronously on the main thread, and its callers chain statements by promises:
 * a long run of them (an export's batches, the assistant's analysis) never lets the event loop poll the
 * sockets, so a request that arrives meanwhile is not even read until the run ends (issue 15: a short list
 * beside a CSV export waited for the whole export). Each query and transaction first gives the event loop one
 * turn: requests that arrived are read and queue on PGlite's lock (first come, first served) before it.
 */
class TurnTakingPGlite extends PGlite {
  override async _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    await nextTurn();
    return super._runExclusiveTransaction(fn);
  }
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const release = await lockDataDir(options.dataDir, options.onLockLost ?? (() => {}));
  const directory = join(options.dataDir, "db");
  let client: PGlite | undefined;
  try {
    // pg_trgm and btree_gin: the global search's (user_id, text) trigram indexes (migrations 0021, 0026).
    client = new TurnTakingPGlite(directory, { extensions: { btree_gin, pg_trgm } });
    await client.waitReady;
    const db: Db = drizzlePglite({ client, schema });
    const migrations = await migrateDatabase({
      kind: "pglite",
      client,
      backupDir: join(options.dataDir, "backups"),
    });
    const opened = client;
    return {
      kind: "pglite",
      db,
      location: directory,
      migrations,
      close: async () => {
        await opened.close();
        await release();
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    await release();
    throw error;
  }
}
