import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { compactDataChanges } from "../jobs/data-changes-job";
import { call, registerPaid } from "../test/accounts";
import { postgresUrlOf, testDatabaseKind } from "../test/database";
import { createTestContext, type TestContext } from "../test/test-app";

// Issue 15, decision 014: the invoice list's answer is kept in memory and served again only while the
// user's data version is unchanged. These check what a user would see go wrong if it were not so: an
// invoice missing after they created it, a change made by a job or by another server instance on the same
// database not showing, another user's list, a revoked session still answered.

let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerPaid(context, { email: "alice.cache@example.fr" });
  bruno = await registerPaid(context, { email: "bruno.cache@example.fr" });
}, 120_000);
afterAll(() => context.close());

async function clientNames(app: Pick<TestContext, "app">, cookie: string, query = "") {
  const response = await call(app as TestContext, `/api/invoices?pageSize=50${query}`, { cookie });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { items: { clientName: string }[]; total: number };
  return { names: body.items.map((item) => item.clientName), total: body.total };
}

async function createDraft(cookie: string, clientName: string) {
  const response = await call(context, "/api/invoices", {
    method: "POST",
    cookie,
    body: {
      clientName,
      lines: [{ description: "Conseil", quantity: 1, unitPriceCents: 10_000, vatRateBp: 0 }],
    },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe("the invoice list, served again while nothing changed", () => {
  it("shows a new draft at once, and the same answer while nothing changes", async () => {
    expect(await clientNames(context, alice.cookie)).toEqual({ names: [], total: 0 });
    await createDraft(alice.cookie, "Atelier Dupont");
    const first = await clientNames(context, alice.cookie);
    expect(first).toEqual({ names: ["Atelier Dupont"], total: 1 });
    expect(await clientNames(context, alice.cookie)).toEqual(first);
    // Each query is its own answer.
    expect(await clientNames(context, alice.cookie, "&search=zzz")).toEqual({ names: [], total: 0 });
  });

  it("shows what a job or another server instance changed in the database", async () => {
    const otherInstance = await createTestContext({ database: context.database });
    await clientNames(otherInstance, alice.cookie);
    // A job's write, as the owner role, outside any request of this instance.
    await context.database.db.execute(
      sql`update invoices set client_name = 'Atelier Dupont & Fils' where user_id = ${alice.userId}`,
    );
    expect((await clientNames(context, alice.cookie)).names).toEqual(["Atelier Dupont & Fils"]);
    // A draft created through this instance shows on the other one, which had the list in memory.
    await createDraft(alice.cookie, "Boulangerie Martin");
    expect((await clientNames(otherInstance, alice.cookie)).names).toEqual([
      "Boulangerie Martin",
      "Atelier Dupont & Fils",
    ]);
    // A deletion too.
    await context.database.db.execute(
      sql`delete from invoices where user_id = ${alice.userId} and client_name = 'Boulangerie Martin'`,
    );
    expect((await clientNames(otherInstance, alice.cookie)).names).toEqual(["Atelier Dupont & Fils"]);
  });

  it("never gives a user another user's list, and still refuses a signed-out session", async () => {
    await clientNames(context, alice.cookie);
    expect(await clientNames(context, bruno.cookie)).toEqual({ names: [], total: 0 });
    const signOut = await call(context, "/api/account/sign-out", { method: "POST", cookie: bruno.cookie });
    expect(signOut.status).toBeLessThan(300);
    expect((await call(context, "/api/invoices?pageSize=50", { cookie: bruno.cookie })).status).toBe(401);
  });

  it("compacts the change log to one row a user without serving an older answer", async () => {
    for (const name of ["Cabinet Roux", "Domaine Petit"]) await createDraft(alice.cookie, name);
    const before = await clientNames(context, alice.cookie);
    expect(await compactDataChanges(context.database.db)).toBeGreaterThanOrEqual(1);
    const rows = await context.database.db.execute(
      sql`select count(*)::int as n from data_changes where user_id = ${alice.userId}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    expect(await clientNames(context, alice.cookie)).toEqual(before);
    await context.database.db.execute(
      sql`update invoices set client_name = 'Cabinet Roux SARL' where client_name = 'Cabinet Roux'`,
    );
    expect((await clientNames(context, alice.cookie)).names).toContain("Cabinet Roux SARL");
  });

  // PostgreSQL only: PGlite has one connection, so a transaction can never stay open beside another.
  it.skipIf(testDatabaseKind !== "postgres")(
    "shows a change committed after a compaction that ran beside it and another write",
    async () => {
      const url = postgresUrlOf(context.database) as string;
      const [slow, compactor] = [
        new pg.Client({ connectionString: url }),
        new pg.Client({ connectionString: url }),
      ];
      await Promise.all([slow.connect(), compactor.connect()]);
      try {
        // Two rows in the change log: the compacted one and one statement's (max(id) and count(*) as the
        // version would serve the list read below again after both commits: that was a bug).
        await createDraft(alice.cookie, "Épicerie Lenoir");
        await compactDataChanges(context.database.db);
        await context.database.db.execute(
          sql`update invoices set client_name = client_name where client_name = 'Épicerie Lenoir'`,
        );
        // A write still open while a compaction, not yet committed either, folds the rows it sees.
        await slow.query("begin");
        await slow.query(
          "update invoices set client_name = 'Épicerie Lenoir & Fils' where client_name = 'Épicerie Lenoir'",
        );
        await compactor.query("begin");
        await compactDataChanges(drizzle({ client: compactor }) as unknown as Db);
        // Meanwhile another write commits and the list is read and kept.
        await createDraft(alice.cookie, "Forge Aubert");
        expect((await clientNames(context, alice.cookie)).names).toContain("Épicerie Lenoir");
        await compactor.query("commit");
        await slow.query("commit");
        const { names } = await clientNames(context, alice.cookie);
        expect(names).toContain("Épicerie Lenoir & Fils");
        expect(names).not.toContain("Épicerie Lenoir");
      } finally {
        await Promise.all([slow.end(), compactor.end()]);
      }
    },
  );

  it("lets an account with invoices be deleted (its change log goes with it)", async () => {
    await context.database.db.execute(sql`delete from "user" where id = ${alice.userId}`);
    const left = await context.database.db.execute(
      sql`select count(*)::int as n from data_changes where user_id = ${alice.userId}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
