import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/database";
import type { Database } from "./client";
import { withTenant } from "./tenant";

let database: Database;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  database = await createTestDatabase();
  // As the owner (no RLS): two users with one client each.
  await database.db.execute(sql`insert into "user" (id, name, email) values
    ('user-a', 'Alice', 'alice@example.fr'), ('user-b', 'Bruno', 'bruno@example.fr')`);
  await database.db.execute(
    sql`insert into clients (user_id, name) values ('user-a', 'Client d''Alice'), ('user-b', 'Client de Bruno')`,
  );
});
afterAll(() => database.close());

describe("row-level security", () => {
  it("shows a user only their own rows, even without a user_id filter", async () => {
    const names = await withTenant(database.db, "user-a", async (tx) =>
      rows<{ name: string }>(await tx.execute(sql`select name from clients`)).map((row) => row.name),
    );
    expect(names).toEqual(["Client d'Alice"]);
  });

  it("refuses to insert a row for another user", async () => {
    await expect(
      withTenant(database.db, "user-a", (tx) =>
        tx.execute(sql`insert into clients (user_id, name) values ('user-b', 'Intrus')`),
      ),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringContaining("row-level security") }),
    });
    const count = rows<{ count: number }>(
      await database.db.execute(sql`select count(*)::int as count from clients where user_id = 'user-b'`),
    );
    expect(count[0]?.count).toBe(1);
  });

  it("cannot change or delete another user's rows", async () => {
    const changed = await withTenant(database.db, "user-a", async (tx) => {
      const updated = rows(
        await tx.execute(sql`update clients set name = 'Piraté' where user_id = 'user-b' returning id`),
      );
      const deleted = rows(await tx.execute(sql`delete from clients where user_id = 'user-b' returning id`));
      return updated.length + deleted.length;
    });
    expect(changed).toBe(0);
    const names = rows<{ name: string }>(
      await database.db.execute(sql`select name from clients where user_id = 'user-b'`),
    );
    expect(names).toEqual([{ name: "Client de Bruno" }]);
  });

  it("shows nothing to the app role when no user id is set", async () => {
    const count = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role app_user`);
      return rows<{ count: number }>(await tx.execute(sql`select count(*)::int as count from clients`))[0]
        ?.count;
    });
    expect(count).toBe(0);
  });

  it("protects every table that has a user_id column", async () => {
    const unprotected = rows<{ table_name: string }>(
      await database.db.execute(sql`
        select c.table_name from information_schema.columns c
        join pg_class t on t.relname = c.table_name and t.relnamespace = 'public'::regnamespace
        where c.table_schema = 'public' and c.column_name = 'user_id'
          and c.table_name not in ('session', 'account', 'user_roles', 'payment_events', 'registration_payments', 'outbox_emails')
          and (not t.relrowsecurity or not exists (select 1 from pg_policies p where p.tablename = c.table_name))`),
    );
    expect(unprotected).toEqual([]);
  });
});
