import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";

export const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));

// Several server instances may start together on one PostgreSQL: only one migrates at a time.
const MIGRATION_LOCK_KEY = 727_274_101;
const BACKUPS_KEPT = 5;

export type MigrationReport = {
  applied: number;
  pending: number;
  latest: string | null;
  /** The PGlite backup taken before applying new migrations, if any. */
  backup?: string;
};

type Target = { kind: "pglite"; client: PGlite; backupDir: string } | { kind: "postgres"; pool: pg.Pool };

/** Migrations already applied; the table name is resolved at parse time, so existence is checked first. */
async function appliedCount(client: PGlite): Promise<number> {
  const { rows } = await client.query<{ exists: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as exists",
  );
  if (!rows[0]?.exists) return 0;
  const counted = await client.query<{ count: number }>(
    "select count(*)::int as count from drizzle.__drizzle_migrations",
  );
  return counted.rows[0]?.count ?? 0;
}

function journalTags(folder = migrationsFolder): string[] {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => entry.tag);
}

/** Applies the committed migrations; on PGlite, backs the data directory up first when it already holds data. */
export async function migrateDatabase(target: Target, folder = migrationsFolder): Promise<MigrationReport> {
  const tags = journalTags(folder);
  const latest = tags.at(-1) ?? null;
  if (target.kind === "pglite") {
    const { client } = target;
    const before = await appliedCount(client);
    const backup =
      before > 0 && before < tags.length
        ? await backupPglite(client, target.backupDir, tags[before])
        : undefined;
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
    return { applied: tags.length, pending: 0, latest, ...(backup ? { backup } : {}) };
  }
  const connection = await target.pool.connect();
  try {
    await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres({ client: connection }), { migrationsFolder: folder });
    return { applied: tags.length, pending: 0, latest };
  } finally {
    await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    connection.release();
  }
}

async function backupPglite(client: PGlite, backupDir: string, nextTag = "migration"): Promise<string> {
  mkdirSync(backupDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const path = join(backupDir, `db-${stamp}-avant-${nextTag}.tar.gz`);
  const archive = await client.dumpDataDir("gzip");
  writeFileSync(path, Buffer.from(await archive.arrayBuffer()));
  pruneBackups(backupDir);
  return path;
}

function pruneBackups(backupDir: string): void {
  const backups = readdirSync(backupDir)
    .filter((name) => name.startsWith("db-") && name.endsWith(".tar.gz"))
    .sort();
  for (const name of backups.slice(0, -BACKUPS_KEPT)) rmSync(join(backupDir, name));
}
