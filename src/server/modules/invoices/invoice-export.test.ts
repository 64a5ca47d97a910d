import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";
import { EXPORT_BATCH_SIZE, exportInvoices, listInvoices } from "./invoices.service";

// Issue 15: the CSV export reads the database in keyset batches and streams them; these check that the
// batches add up to the whole export, in the list's order, including across rows created at the same
// instant (one multi-row insert gives them all one created_at) and across the HTTP stream; and that the
// list's pages, read by ids first, are that same order cut in pages, down to the last one.

let context: TestContext;
let user: { cookie: string; userId: string };
/** Several batches of every size tried below, with a short last one. */
const INVOICES = 2_003;

beforeAll(async () => {
  context = await createTestContext();
  user = await registerAndConfirm(context, { email: "export.lots@example.fr" });
  await markPaid(context, user.userId);
  // Three rows per created_at (one microsecond apart), so that batches end in the middle of ties.
  await context.database.db.execute(sql`
    insert into invoices (user_id, client_name, status, date, created_at)
    select ${user.userId}, 'Client ' || i, 'brouillon', current_date,
           timestamptz '2026-03-01 10:00:00.123456+00' + (i / 3) * interval '1 microsecond'
    from generate_series(1, ${INVOICES}) as i`);
}, 120_000);
afterAll(() => context.close());

async function batchesOf(batchSize: number, search?: string) {
  const batches: string[][] = [];
  for await (const rows of exportInvoices(context.database.db, {
    userId: user.userId,
    query: { search },
    batchSize,
  }))
    batches.push(rows.map((row) => row.clientName));
  return batches;
}

describe("the invoice export, batch by batch", () => {
  it("gives every invoice once, newest first, whatever the batch size", async () => {
    const [whole = []] = await batchesOf(INVOICES + 1);
    expect(whole).toHaveLength(INVOICES);
    // Newest first: the last group of ties (the highest created_at) leads.
    expect(whole.slice(0, 3).sort()).toEqual(["Client 2001", "Client 2002", "Client 2003"]);
    // Neither size is a multiple of 3: batch boundaries fall inside groups of ties.
    for (const size of [400, EXPORT_BATCH_SIZE]) {
      const batches = await batchesOf(size);
      expect(batches.slice(0, -1).every((batch) => batch.length === size)).toBe(true);
      expect(batches.flat()).toEqual(whole);
    }
  });

  it("keeps the list's filters over every batch", async () => {
    // Client 1, 10–19, 100–199, 1000–1999 and 2000 at most: the search runs in every statement.
    const batches = await batchesOf(50, "Client 1");
    expect(batches.flat().every((name) => name.startsWith("Client 1"))).toBe(true);
    expect(new Set(batches.flat()).size).toBe(batches.flat().length);
    expect(batches.flat()).toHaveLength(1 + 10 + 100 + 1000);
  });

  it("streams every batch through GET /api/invoices/export.csv", async () => {
    const response = await call(context, "/api/invoices/export.csv", { cookie: user.cookie });
    expect(response.status).toBe(200);
    const lines = (await response.text()).trimEnd().split("\r\n");
    // The header once, then one line per invoice, in the service's order.
    expect(lines).toHaveLength(INVOICES + 1);
    expect(lines.filter((line) => line.includes("Numéro;Type;Client"))).toHaveLength(1);
    const [whole = []] = await batchesOf(INVOICES + 1);
    expect(lines.slice(1).map((line) => line.split(";")[2])).toEqual(whole);
  });
});

describe("the invoice list's pages", () => {
  it("cut the export's order in pages, deep ones included, with the total on each", async () => {
    const [whole = []] = await batchesOf(INVOICES + 1);
    const pageSize = 40;
    const pages = Math.ceil(INVOICES / pageSize);
    for (const page of [1, 2, 26, pages - 1, pages]) {
      const result = await listInvoices(context.database.db, {
        userId: user.userId,
        query: { page, pageSize },
      });
      expect(result.total).toBe(INVOICES);
      expect(result.items.map((item) => item.clientName)).toEqual(
        whole.slice((page - 1) * pageSize, page * pageSize),
      );
    }
    // Past the last page: no rows, the total still counted.
    const past = await listInvoices(context.database.db, {
      userId: user.userId,
      query: { page: pages + 1, pageSize },
    });
    expect(past).toMatchObject({ items: [], total: INVOICES });
  });
});
