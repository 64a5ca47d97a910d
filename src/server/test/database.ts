import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type Database, openDatabase } from "../db/client";

/** Which database the API tests run on; scripts/test.ts runs the suite once per kind. */
export const testDatabaseKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/**
 * A fresh, fully migrated database for one test file: a PGlite data directory in a temp folder,
 * or a new database on the throwaway PostgreSQL cluster (TEST_DATABASE_URL). `close` removes it.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testDatabaseKind === "postgres") return createPostgresTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "ardoise-test-"));
  const database = await openDatabase({ dataDir });
  return {
    ...database,
    close: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPostgresTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL (scripts/test.ts sets it)");
  const name = `ardoise_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "", poolSize: 5 });
  const testDatabase: Database = {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
  postgresUrls.set(testDatabase, url.toString());
  return testDatabase;
}

const postgresUrls = new WeakMap<Database, string>();

/** The URL of a PostgreSQL test database, for a second server process to open; undefined on PGlite. */
export const postgresUrlOf = (database: Database): string | undefined => postgresUrls.get(database);

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
