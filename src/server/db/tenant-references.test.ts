import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/database";
import type { Database } from "./client";

// Issue 10: a reference from one tenant row to another must name the owner on both sides, so the database
// itself refuses a link to another user's row. This walks the migrated catalogue, not the schema files,
// so a new reference column added any way without user_id fails here.

let database: Database;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

type TenantKey = {
  name: string;
  child: string;
  parent: string;
  columns: string[];
  parentColumns: string[];
  /** confdeltype: a = no action, c = cascade, n = set null, r = restrict, d = set default. */
  onDelete: string;
  /** The columns ON DELETE SET NULL clears; NULL when it clears them all. */
  setNullColumns: string[] | null;
};

/** Every foreign key between two public tables that both have a user_id column, columns in key order. */
async function tenantKeys(): Promise<TenantKey[]> {
  const names = (relation: string, keys: string) =>
    sql.raw(`array(
    select a.attname::text from unnest(${keys}) with ordinality as k(attnum, n)
    join pg_attribute a on a.attrelid = ${relation} and a.attnum = k.attnum order by k.n)`);
  const hasUserId = (relation: string) =>
    sql.raw(`exists (
    select 1 from pg_attribute a where a.attrelid = ${relation} and a.attname = 'user_id' and not a.attisdropped)`);
  return rows<TenantKey>(
    await database.db.execute(sql`
      select con.conname::text as name, con.conrelid::regclass::text as child,
        con.confrelid::regclass::text as parent,
        ${names("con.conrelid", "con.conkey")} as columns,
        ${names("con.confrelid", "con.confkey")} as "parentColumns",
        con.confdeltype::text as "onDelete",
        case when con.confdelsetcols is null then null
          else ${names("con.conrelid", "con.confdelsetcols")} end as "setNullColumns"
      from pg_constraint con
      where con.contype = 'f' and con.connamespace = 'public'::regnamespace
        and ${hasUserId("con.conrelid")} and ${hasUserId("con.confrelid")}
      order by 2, 1`),
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("references between tenant tables", () => {
  it("pair the child's user_id with the parent's in every foreign key", async () => {
    const keys = await tenantKeys();
    const references = keys.map((key) => `${key.child}.${key.columns[0]} → ${key.parent}`);
    // The walk sees the references the issue names (and any added later).
    expect(references).toEqual(
      expect.arrayContaining([
        "business_identities.logo_file_id → files",
        "contracts.client_id → clients",
        "contracts.pdf_file_id → files",
        "contracts.project_id → projects",
        "expenses.project_id → projects",
        "expenses.receipt_file_id → files",
        "invoice_items.invoice_id → invoices",
        "invoice_reminders.invoice_id → invoices",
        "invoices.client_id → clients",
        "invoices.credited_invoice_id → invoices",
        "invoices.pdf_file_id → files",
        "invoices.project_id → projects",
        "invoices.quote_id → quotes",
        "payments.invoice_id → invoices",
        "projects.client_id → clients",
        "quote_items.quote_id → quotes",
        "quotes.client_id → clients",
        "quotes.pdf_file_id → files",
        "quotes.project_id → projects",
        "tasks.project_id → projects",
      ]),
    );
    const unscoped = keys
      .filter((key) => {
        const position = key.columns.indexOf("user_id");
        return position < 0 || key.parentColumns[position] !== "user_id";
      })
      .map((key) => key.name);
    expect(unscoped).toEqual([]);
  });

  it("never clear user_id when the parent is deleted", async () => {
    const clearingOwner = (await tenantKeys())
      .filter((key) => key.onDelete === "n" && (key.setNullColumns ?? key.columns).includes("user_id"))
      .map((key) => key.name);
    expect(clearingOwner).toEqual([]);
  });

  it("cover every uuid *_id column of a tenant table", async () => {
    // Identifiers of their own row, not references: the id an event keeps over every delivery try, and the
    // public id of a user's Stripe webhook URL.
    const ownIdentifiers = ["client_portal_settings.webhook_endpoint_id", "webhook_deliveries.event_id"];
    const loose = rows<{ column: string }>(
      await database.db.execute(sql`
        select c.table_name || '.' || c.column_name as column
        from information_schema.columns c
        join pg_class t on t.relname = c.table_name and t.relnamespace = 'public'::regnamespace
        where c.table_schema = 'public' and c.data_type = 'uuid' and c.column_name like '%\\_id'
          and t.relrowsecurity
          and not exists (
            select 1 from pg_constraint con
            join pg_attribute a on a.attrelid = con.conrelid and a.attnum = any (con.conkey)
            join pg_attribute owner on owner.attrelid = con.conrelid and owner.attnum = any (con.conkey)
            where con.contype = 'f' and con.conrelid = t.oid
              and a.attname = c.column_name and owner.attname = 'user_id')
        order by 1`),
    )
      .map((row) => row.column)
      .filter((column) => !ownIdentifiers.includes(column));
    expect(loose).toEqual([]);
  });

  it("refuse a link to another user's row or to an unknown id", async () => {
    await database.db.execute(sql`insert into "user" (id, name, email) values
      ('ref-a', 'Alice', 'alice.refs@example.fr'), ('ref-b', 'Bruno', 'bruno.refs@example.fr')`);
    const [project] = rows<{ id: string }>(
      await database.db.execute(
        sql`insert into projects (user_id, name) values ('ref-b', 'Projet de Bruno') returning id`,
      ),
    );
    const linkInvoice = (projectId: string) =>
      database.db.execute(sql`insert into invoices (user_id, project_id) values ('ref-a', ${projectId})`);
    // As the owner role (no row-level security): the key alone refuses it.
    await expect(linkInvoice(project?.id ?? "")).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "23503" }),
    });
    await expect(linkInvoice("00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "23503" }),
    });
  });
});
