import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createTestDatabase } from "../../test/database";
import { nodesOf, type PlanNode } from "../../test/query-plans";
import { searchRecords } from "./search.service";

// Issue 15: the global search must find a user's matches through the trigram index, not by reading every
// row of the user. Row-level security keeps LIKE from using an index, so each searched table is read through
// its SECURITY DEFINER function search_<table>() (migration 0026 and after), which runs as the table's owner:
// its plan is the owner's plan of the function's statement, explained here both ways PL/pgSQL may plan it (a
// custom plan for the first calls, then the generic plan, the pattern unknown), at 40 users × 1 000 invoices.

const USERS = 40;
const TENANT = "user-1";
const SEARCHED_TABLES = ["clients", "invoices", "quotes", "projects", "contracts"];

type Rows<T> = { rows: T[] };

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);
  await run(sql`
    insert into "user" (id, name, email)
    select 'user-' || u, 'Utilisateur ' || u, 'user' || u || '@example.fr' from generate_series(1, ${USERS}) as u`);
  await run(sql`
    insert into clients (user_id, name, status)
    select 'user-' || u, 'Client ' || c, 'actif' from generate_series(1, ${USERS}) as u, generate_series(0, 49) as c`);
  await run(sql`
    insert into invoices (user_id, client_id, client_name, status, invoice_number, date)
    select c.user_id, c.id, c.name, 'en-attente', 'F-' || lpad(i::text, 5, '0'), current_date - (i % 400)
    from generate_series(1, ${USERS}) as u cross join generate_series(1, 1000) as i
    join clients c on c.user_id = 'user-' || u and c.name = 'Client ' || (i % 50)`);
  await run(sql`
    insert into quotes (user_id, client_id, client_name, quote_number, date)
    select c.user_id, c.id, c.name, 'DEV-' || lpad(q::text, 5, '0'), current_date - (q % 400)
    from generate_series(1, ${USERS}) as u cross join generate_series(1, 200) as q
    join clients c on c.user_id = 'user-' || u and c.name = 'Client ' || (q % 50)`);
  await run(sql`
    insert into projects (user_id, name) select 'user-' || u, 'Projet ' || p
    from generate_series(1, ${USERS}) as u, generate_series(1, 50) as p`);
  await run(sql`
    insert into contracts (user_id, title) select 'user-' || u, 'Contrat ' || k
    from generate_series(1, ${USERS}) as u, generate_series(1, 50) as k`);
  await run(sql`analyze`);
}, 120_000);
afterAll(() => database?.close());

/** The plan of search_<table>(pattern)'s statement, as its owner runs it for TENANT. */
async function functionPlan(
  table: string,
  pattern: string,
  planMode: "force_generic_plan" | "force_custom_plan",
  { withoutIndexes = false } = {},
): Promise<PlanNode[]> {
  return database.db.transaction(async (tx) => {
    const { rows } = (await tx.execute(
      sql`select prosrc from pg_proc where proname = ${`search_${table}`}`,
    )) as unknown as Rows<{ prosrc: string }>;
    await tx.execute(
      sql`select set_config('app.user_id', ${TENANT}, true), set_config('plan_cache_mode', ${planMode}, true)`,
    );
    if (withoutIndexes)
      await tx.execute(
        sql`select set_config('enable_indexscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`,
      );
    const statement = rows[0]?.prosrc.match(/RETURN QUERY ([\s\S]*?);\s*END/)?.[1];
    if (!statement) throw new Error(`no statement in search_${table}`);
    await tx.execute(sql.raw(`prepare search_body(text) as ${statement}`));
    // The pattern is this file's own constant (no quote in it).
    const explained = (await tx.execute(
      sql.raw(`explain (format json) execute search_body('${pattern}')`),
    )) as unknown as Rows<{ "QUERY PLAN": [{ Plan: PlanNode }] }>;
    await tx.execute(sql`deallocate search_body`);
    const plan = explained.rows[0]?.["QUERY PLAN"][0]?.Plan;
    if (!plan) throw new Error(`no plan for search_${table}`);
    return nodesOf(plan);
  });
}

const readsThroughSearchIndex = (nodes: PlanNode[], table: string) =>
  nodes.some((node) => node["Index Name"] === `${table}_search_idx`) &&
  !nodes.some((node) => node["Node Type"] === "Seq Scan");

describe("the global search's plans", () => {
  it("runs each search function as its table's owner, whose plan is explained below", async () => {
    const { rows } = (await database.db.execute(sql`
      select c.relname as "table", p.prosecdef as "isDefiner", p.proowner = c.relowner as "isTableOwner"
      from pg_proc p join pg_class c on p.proname = 'search_' || c.relname and c.relkind = 'r'
      order by c.relname`)) as unknown as Rows<{ table: string; isDefiner: boolean; isTableOwner: boolean }>;
    expect(rows).toEqual(
      [...SEARCHED_TABLES].sort().map((table) => ({ table, isDefiner: true, isTableOwner: true })),
    );
  });

  for (const planMode of ["force_generic_plan", "force_custom_plan"] as const) {
    // Where a user has thousands of rows: a word (the bench's kind of search) and two characters.
    it.each(["invoices", "quotes"])(
      `search_%s reads the matches through the trigram index (${planMode})`,
      async (table) => {
        for (const pattern of ["%client 7%", "% 7%"]) {
          const nodes = await functionPlan(table, pattern, planMode);
          expect(readsThroughSearchIndex(nodes, table), `${table} ${pattern}: ${JSON.stringify(nodes)}`).toBe(
            true,
          );
        }
      },
    );
    // Where a user has a few dozen rows, reading them through user_id is as good: never the whole table.
    it.each(SEARCHED_TABLES)(`search_%s never scans the whole table (${planMode})`, async (table) => {
      for (const pattern of ["%client 7%", "% 7%"]) {
        const nodes = await functionPlan(table, pattern, planMode);
        expect(nodes.filter((node) => node["Node Type"] === "Seq Scan")).toEqual([]);
      }
    });
  }

  it("would catch a search that reads the table without the index", async () => {
    const nodes = await functionPlan("invoices", "%client 7%", "force_custom_plan", { withoutIndexes: true });
    expect(readsThroughSearchIndex(nodes, "invoices")).toBe(false);
  });

  it.each(SEARCHED_TABLES)("the search service reads %s through its search function", async (table) => {
    const search = () => searchRecords(database.db, { userId: TENANT, q: "Client 7" });
    const fn = sql.identifier(`search_${table}`);
    await database.db.execute(sql`revoke execute on function ${fn}(text) from app_user`);
    try {
      await expect(search()).rejects.toThrow();
    } finally {
      await database.db.execute(sql`grant execute on function ${fn}(text) to app_user`);
    }
    expect((await search()).invoices).toHaveLength(5);
  });
});
