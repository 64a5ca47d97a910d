import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, markPaid, registerAndConfirm } from "../test/accounts";
import { createTestContext, type TestContext } from "../test/test-app";
import { EXPORT_BUSY_MESSAGE, EXPORT_RETRY_AFTER_SECONDS } from "./export-slots";

/**
 * Issue 26: a user downloading 100 000 invoices does not stop another user's requests (the export is
 * formatted a few dozen lines per turn of the event loop, between database batches), and holds one
 * export at a time on every instance together.
 */

let context: TestContext;
/** A second instance on the same database (its own app and process-local state), as behind a load balancer. */
let other: TestContext;
let exporter: { cookie: string; userId: string };
let neighbour: { cookie: string; userId: string };
const INVOICES = 100_000;

beforeAll(async () => {
  context = await createTestContext();
  other = await createTestContext({ database: context.database });
  exporter = await registerAndConfirm(context, { email: "gros.export@example.fr" });
  neighbour = await registerAndConfirm(context, { email: "voisin.export@example.fr" });
  await markPaid(context, exporter.userId);
  await markPaid(context, neighbour.userId);
  await context.database.db.execute(sql`
    insert into invoices (user_id, invoice_number, client_name, status, date, issued_at, due_date,
                          subtotal_cents, tax_cents, total_cents, paid_cents, created_at)
    select ${exporter.userId}, 'F-2026-' || lpad(i::text, 6, '0'), 'Client ' || (i % 700), 'payée',
           date '2026-01-01' + (i % 300), timestamptz '2026-01-01 09:00+01' + (i % 300) * interval '1 day',
           date '2026-01-31' + (i % 300), 100000 + i, 20000, 120000 + i, 120000 + i,
           timestamptz '2026-01-01 09:00+01' + i * interval '1 second'
    from generate_series(1, ${INVOICES}) as i`);
}, 300_000);
// `other` shares the database, which closing `context` closes.
afterAll(() => context.close());

// Generous for a loaded 2-core CI machine, as in hostile-import.test.ts.
const SHORT_REQUEST_MS = 750;

describe("a 100 000-row export", () => {
  it("lets another user's requests through while it streams, and holds one export at a time", async () => {
    const download = await call(context, "/api/invoices/export.csv", { cookie: exporter.cookie });
    expect(download.status).toBe(200);
    const reading = download.text();
    let isDone = false;
    void reading.finally(() => {
      isDone = true;
    });

    // A second export by the same user while the first streams, on this instance or another: a French 429
    // saying when to retry.
    for (const instance of [context, other]) {
      const second = await call(instance, "/api/quotes/export.csv", { cookie: exporter.cookie });
      expect(second.status).toBe(429);
      expect(second.headers.get("retry-after")).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
      expect((await second.json()).error.message).toBe(EXPORT_BUSY_MESSAGE);
    }
    // The neighbour's own export is theirs.
    expect((await call(context, "/api/invoices/export.csv", { cookie: neighbour.cookie })).status).toBe(200);

    let slowestMs = 0;
    let neighbourRequests = 0;
    while (!isDone) {
      const startedAt = performance.now();
      const response = await call(context, "/api/expenses", { cookie: neighbour.cookie });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      slowestMs = Math.max(slowestMs, performance.now() - startedAt);
      neighbourRequests++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const lines = (await reading).trimEnd().split("\r\n");
    expect(lines).toHaveLength(INVOICES + 1);
    expect(lines[1]).toMatch(/^F-2026-100000;Facture;Client 600;/);
    expect(neighbourRequests).toBeGreaterThan(5);
    expect(slowestMs).toBeLessThan(SHORT_REQUEST_MS);

    // Sent: the slot is free again.
    const again = await call(context, "/api/quotes/export.csv", { cookie: exporter.cookie });
    expect(again.status).toBe(200);
    await again.text();
  }, 300_000);

  it("frees the user's slot when the download is abandoned", async () => {
    const download = await call(context, "/api/invoices/export.csv", { cookie: exporter.cookie });
    const reader = download.body?.getReader();
    await reader?.read();
    await reader?.cancel();
    const next = await call(context, "/api/clients/export.csv", { cookie: exporter.cookie });
    expect(next.status).toBe(200);
    await next.text();
  }, 60_000);
});
