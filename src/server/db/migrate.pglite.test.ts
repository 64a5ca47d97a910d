import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { migrationsFolder } from "./migrate";

const scratch = mkdtempSync(join(tmpdir(), "ardoise-migrate-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the committed migrations that stops after the first one: an older release of Ardoise. */
function olderRelease(): string {
  const folder = join(scratch, "older-drizzle");
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  journal.entries = journal.entries.slice(0, 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

const appliedCount = async (client: PGlite) =>
  (await client.query<{ count: number }>("select count(*)::int as count from drizzle.__drizzle_migrations"))
    .rows[0]?.count;

describe("PGlite migrations on start", () => {
  it("backs the data directory up before applying new migrations, and the backup restores", async () => {
    const dataDir = join(scratch, "data");
    mkdirSync(dataDir);
    const old = await PGlite.create(join(dataDir, "db"));
    await migrate(drizzle({ client: old }), { migrationsFolder: olderRelease() });
    await old.close();

    const database = await openDatabase({ dataDir });
    const { backup, pending, applied } = database.migrations;
    await database.close();
    expect(pending).toBe(0);
    expect(applied).toBeGreaterThan(1);
    expect(backup).toMatch(/backups\/db-.+-avant-0001_.+\.tar\.gz$/);
    expect(existsSync(backup as string)).toBe(true);

    const restored = await PGlite.create({ loadDataDir: new Blob([readFileSync(backup as string)]) });
    expect(await appliedCount(restored)).toBe(1);
    await restored.close();
  });

  it("takes no backup of a brand-new or up-to-date database", async () => {
    const dataDir = join(scratch, "fresh");
    const first = await openDatabase({ dataDir });
    await first.close();
    const second = await openDatabase({ dataDir });
    await second.close();
    expect(first.migrations.backup).toBeUndefined();
    expect(second.migrations.backup).toBeUndefined();
    expect(existsSync(join(dataDir, "backups"))).toBe(false);
  });
});
