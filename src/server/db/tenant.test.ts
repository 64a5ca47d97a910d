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

describe("nested tenant work (a service called with its caller's transaction)", () => {
  const settings = async (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) =>
    rows<{ user_id: string; role: string; in_transaction: boolean }>(
      await tx.execute(
        sql`select current_setting('app.user_id', true) as user_id, current_user as role,
          now() = statement_timestamp() as in_transaction`,
      ),
    )[0];

  it("keeps the parent's transaction and tenant settings after the nested work", async () => {
    const after = await withTenant(database.db, "user-a", async (tx) => {
      await withTenant(tx, "user-a", async (inner) => inner.execute(sql`select 1`));
      return settings(tx);
    });
    expect(after?.user_id).toBe("user-a");
    expect(after?.role).toBe("app_user");
    // Inside one transaction now() stays at its start while statement_timestamp() moves on.
    expect(after?.in_transaction).toBe(false);
  });

  it("commits the nested rows with the parent and rolls back only the failed nested work", async () => {
    const insert = (tx: Parameters<Parameters<typeof withTenant>[2]>[0], name: string) =>
      tx.execute(sql`insert into clients (user_id, name) values ('user-a', ${name})`);
    await expect(
      withTenant(database.db, "user-a", async (tx) => {
        await withTenant(tx, "user-a", (inner) => insert(inner, "Imbriqué puis annulé"));
        throw new Error("parent fails");
      }),
    ).rejects.toThrow("parent fails");
    await withTenant(database.db, "user-a", async (tx) => {
      await withTenant(tx, "user-a", async (inner) => {
        await insert(inner, "Imbriqué en échec");
        throw new Error("nested fails");
      }).catch(() => {});
      await insert(tx, "Parent après échec imbriqué");
    });
    const names = await withTenant(database.db, "user-a", async (tx) =>
      rows<{ name: string }>(await tx.execute(sql`select name from clients order by name`)).map(
        (row) => row.name,
      ),
    );
    expect(names).toEqual(["Client d'Alice", "Parent après échec imbriqué"]);
  });
});
