import { sql, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  businessIdentities,
  clients,
  expenses,
  type invoices,
  projects,
  quotes,
} from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { insertInvoiceRow } from "../../test/invoice-rows";
import { explainAsTenant, nodesOf, recordStatements } from "../../test/query-plans";
import { createTestContext, type TestContext } from "../../test/test-app";
import { TYPED_BUSINESS } from "../../test/typed-buyer";
import { getDashboard } from "./dashboard.service";

let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };

/** 15 June 2025, noon in Paris: the month is June, the year 2025, the 12 months July 2024 → June 2025. */
const NOW = new Date("2025-06-15T10:00:00Z");

type InvoiceSeed = {
  number: string | null;
  status: (typeof invoices.$inferInsert)["status"];
  totalCents: number;
  paidCents?: number;
  dueDate?: string;
  kind?: "facture" | "avoir";
  payments?: [string, number][];
};

async function seedInvoices(userId: string, seeds: InvoiceSeed[]) {
  for (const seed of seeds) {
    await insertInvoiceRow(
      context.database.db,
      {
        userId,
        kind: seed.kind ?? "facture",
        invoiceNumber: seed.number,
        clientName: "Dupont SARL",
        status: seed.status,
        totalCents: seed.totalCents,
        paidCents: seed.paidCents ?? 0,
        date: "2025-01-02",
        dueDate: seed.dueDate ?? null,
        issuedAt: seed.number ? new Date("2025-01-02T09:00:00Z") : null,
      },
      seed.payments,
    );
  }
}

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: "alice.tableau@example.fr" });
  bruno = await registerAndConfirm(context, { email: "bruno.tableau@example.fr" });
  await markPaid(context, alice.userId);
  await markPaid(context, bruno.userId);
});
afterAll(() => context.close());

describe("the aggregate, computed by hand", () => {
  beforeAll(async () => {
    const db = context.database.db;
    await db.insert(clients).values({
      addressLine1: "1 rue Haute",
      postalCode: "75004",
      city: "Paris",
      userId: alice.userId,
      name: "Dupont SARL",
      status: "actif",
    });
    await seedInvoices(alice.userId, [
      // Last year: 100 € paid before the 12-month window, 300 € inside it (December).
      {
        number: "INV-2024-0001",
        status: "payée",
        totalCents: 40000,
        paidCents: 40000,
        payments: [
          ["2024-06-30", 10000],
          ["2024-12-20", 30000],
        ],
      },
      // Paid in two parts: February and this month.
      {
        number: "INV-2025-0001",
        status: "payée",
        totalCents: 120000,
        paidCents: 120000,
        dueDate: "2025-03-01",
        payments: [
          ["2025-02-10", 50000],
          ["2025-06-03", 70000],
        ],
      },
      // Partly paid this month, due in 5 days: pending 400 €, due soon.
      {
        number: "INV-2025-0002",
        status: "en-attente",
        totalCents: 60000,
        paidCents: 20000,
        dueDate: "2025-06-20",
        payments: [["2025-06-10", 20000]],
      },
      // Past due but the job has not marked it yet: overdue all the same.
      { number: "INV-2025-0003", status: "en-attente", totalCents: 30000, dueDate: "2025-06-01" },
      // Marked en-retard, partly paid in May: overdue 400 €.
      {
        number: "INV-2025-0004",
        status: "en-retard",
        totalCents: 45000,
        paidCents: 5000,
        dueDate: "2025-05-15",
        payments: [["2025-05-20", 5000]],
      },
      // Due in 30 days: pending, not due soon.
      { number: "INV-2025-0005", status: "en-attente", totalCents: 10000, dueDate: "2025-07-15" },
      // Due today: due soon, not overdue.
      { number: "INV-2025-0006", status: "en-attente", totalCents: 15000, dueDate: "2025-06-15" },
      // Never counted: a draft, a cancelled invoice and its credit note.
      { number: null, status: "brouillon", totalCents: 99900, dueDate: "2025-06-16" },
      { number: "INV-2025-0007", status: "annulée", totalCents: 7000, dueDate: "2025-06-16" },
      {
        number: "AV-2025-0001",
        kind: "avoir",
        status: "en-attente",
        totalCents: -7000,
        dueDate: "2025-06-16",
      },
    ]);
    await db.insert(expenses).values([
      { userId: alice.userId, title: "Écran", amountCents: 12000, date: "2025-06-02", status: "validee" },
      { userId: alice.userId, title: "Taxi", amountCents: 3000, date: "2025-06-14" },
      {
        userId: alice.userId,
        title: "Formation",
        amountCents: 25000,
        date: "2025-01-10",
        status: "remboursee",
      },
      { userId: alice.userId, title: "Hôtel", amountCents: 8000, date: "2024-12-05" },
      // Next month: in the year, not in this month nor in the chart.
      { userId: alice.userId, title: "Salon", amountCents: 1000, date: "2025-07-01" },
    ]);
    await db.insert(projects).values(
      (["active", "en-cours", "terminé", "en-pause"] as const).map((status) => ({
        userId: alice.userId,
        name: `Projet ${status}`,
        status,
      })),
    );
    await db.insert(quotes).values({
      userId: alice.userId,
      quoteNumber: "DEV-2025-0001",
      clientName: "Dupont SARL",
      status: "accepté",
      totalCents: 50000,
      acceptedAt: new Date("2025-06-14T08:00:00Z"),
    });

    // Bruno's figures must never reach Alice's dashboard.
    await seedInvoices(bruno.userId, [
      {
        number: "INV-2025-0001",
        status: "en-attente",
        totalCents: 999999,
        paidCents: 1,
        dueDate: "2025-06-01",
        payments: [["2025-06-05", 1]],
      },
    ]);
    await db
      .insert(expenses)
      .values({ userId: bruno.userId, title: "Chez Bruno", amountCents: 5555, date: "2025-06-01" });
    await db.insert(projects).values({ userId: bruno.userId, name: "Projet de Bruno", status: "active" });
  });

  it("sums money received, owed, overdue and spent, on the Paris calendar", async () => {
    const dashboard = await getDashboard(context.database.db, { userId: alice.userId, now: NOW });
    expect(dashboard).toMatchObject({
      today: "2025-06-15",
      // June: 700 + 200; 2025: 500 + 700 + 200 + 50.
      revenue: { monthCents: 90000, yearCents: 145000 },
      // 400 + 300 + 400 + 100 + 150.
      pending: { count: 5, amountCents: 135000 },
      // INV-2025-0003 (300) and INV-2025-0004 (400).
      overdue: { count: 2, amountCents: 70000 },
      // June: 120 + 30; 2025: 120 + 30 + 250 + 10.
      expenses: { monthCents: 15000, yearCents: 41000 },
      net: { monthCents: 75000, yearCents: 104000 },
      activeProjects: 2,
      counts: { clients: 1, invoices: 10, expenses: 5 },
    });
    expect(dashboard.dueSoon).toEqual([
      expect.objectContaining({ number: "INV-2025-0006", dueDate: "2025-06-15", remainingCents: 15000 }),
      expect.objectContaining({ number: "INV-2025-0002", dueDate: "2025-06-20", remainingCents: 40000 }),
    ]);
    expect(dashboard.dueSoon[0]?.href).toMatch(/^\/app\/invoices\/[0-9a-f-]{36}$/);
  });

  it("gives 12 months of revenue and expenses, empty months included", async () => {
    const { series } = await getDashboard(context.database.db, { userId: alice.userId, now: NOW });
    expect(series.map((month) => month.month)).toEqual([
      "2024-07",
      "2024-08",
      "2024-09",
      "2024-10",
      "2024-11",
      "2024-12",
      "2025-01",
      "2025-02",
      "2025-03",
      "2025-04",
      "2025-05",
      "2025-06",
    ]);
    const nonEmpty = series.filter((month) => month.revenueCents || month.expensesCents);
    expect(nonEmpty).toEqual([
      { month: "2024-12", revenueCents: 30000, expensesCents: 8000 },
      { month: "2025-01", revenueCents: 0, expensesCents: 25000 },
      { month: "2025-02", revenueCents: 50000, expensesCents: 0 },
      { month: "2025-05", revenueCents: 5000, expensesCents: 0 },
      { month: "2025-06", revenueCents: 90000, expensesCents: 15000 },
    ]);
  });

  it("lists the last 10 events of the user, newest first", async () => {
    const { activity } = await getDashboard(context.database.db, { userId: alice.userId, now: NOW });
    expect(activity).toHaveLength(10);
    const times = activity.map((event) => event.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(activity.some((event) => /Bruno/.test(event.detail))).toBe(false);
    // Everything inserted now is newer than the 2025 invoices: projects, expenses, payments, the client.
    expect(new Set(activity.map((event) => event.kind))).toEqual(
      new Set(["project_created", "expense_created", "payment_received"]),
    );
    const payment = activity.find((event) => event.kind === "payment_received");
    expect(payment).toMatchObject({
      title: "Paiement reçu",
      href: expect.stringMatching(/^\/app\/invoices\//),
    });
    // Further back, older kinds appear when the newer ones are fewer.
    const { activity: bruno10 } = await getDashboard(context.database.db, { userId: bruno.userId, now: NOW });
    expect(bruno10.map((event) => [event.kind, event.detail])).toEqual(
      expect.arrayContaining([
        ["project_created", "Projet de Bruno"],
        ["expense_created", "Chez Bruno"],
        ["payment_received", "INV-2025-0001 · Dupont SARL"],
        ["invoice_issued", "INV-2025-0001 · Dupont SARL"],
      ]),
    );
    expect(bruno10).toHaveLength(4);
  });

  it("answers through the API for the signed-in user only", async () => {
    expect((await call(context, "/api/dashboard")).status).toBe(401);
    const response = await call(context, "/api/dashboard", { cookie: bruno.cookie });
    expect(response.status).toBe(200);
    const dashboard = await response.json();
    expect(dashboard.activeProjects).toBe(1);
    expect(dashboard.counts).toEqual({ clients: 0, invoices: 1, issuedInvoices: 1, quotes: 0, expenses: 1 });
    expect(dashboard.series).toHaveLength(12);
  });
});

describe("an empty account", () => {
  it("has zeros everywhere, 12 empty months and no event", async () => {
    const carol = await registerAndConfirm(context, { email: "carol.tableau@example.fr" });
    await markPaid(context, carol.userId);
    const dashboard = await (await call(context, "/api/dashboard", { cookie: carol.cookie })).json();
    expect(dashboard).toMatchObject({
      revenue: { monthCents: 0, yearCents: 0 },
      pending: { count: 0, amountCents: 0 },
      overdue: { count: 0, amountCents: 0 },
      expenses: { monthCents: 0, yearCents: 0 },
      net: { monthCents: 0, yearCents: 0 },
      activeProjects: 0,
      counts: { clients: 0, invoices: 0, issuedInvoices: 0, quotes: 0, expenses: 0 },
      dueSoon: [],
      activity: [],
    });
    expect(dashboard.series).toHaveLength(12);
  });

  it("answers 402 to an unpaid account", async () => {
    const { cookie } = await registerAndConfirm(context, { email: "dora.tableau@example.fr" });
    expect((await call(context, "/api/dashboard", { cookie })).status).toBe(402);
  });
});

describe("the totals kept by the triggers", () => {
  let erin: { cookie: string; userId: string };
  const post = async (path: string, body: unknown = {}) => {
    const response = await call(context, path, { method: "POST", cookie: erin.cookie, body });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return response.json();
  };
  const dashboard = () => getDashboard(context.database.db, { userId: erin.userId });
  // 1 000 € HT at 20 %: 1 200 € TTC.
  const draft = () =>
    post("/api/invoices", { clientName: "Martin SAS", typedBuyer: TYPED_BUSINESS, lines: [line()] });
  const line = () => ({ description: "Audit", quantity: 1, unitPriceCents: 100000, vatRateBp: 2000 });

  beforeAll(async () => {
    erin = await registerAndConfirm(context, { email: "erin.tableau@example.fr" });
    await markPaid(context, erin.userId);
    await context.database.db.insert(businessIdentities).values({
      userId: erin.userId,
      legalName: "Erin Moreau EI",
      siren: "103891909",
      addressLine1: "3 place Bellecour",
      postalCode: "69002",
      city: "Lyon",
      vatRegime: "assujetti",
      vatNumber: "FR12103891909",
      paymentTermsDays: 30,
      latePenaltyRate: "3 fois le taux d'intérêt légal",
    });
  });

  it("follow an invoice from draft to issue, payment, refund and cancelling credit note", async () => {
    const others = await getDashboard(context.database.db, { userId: alice.userId, now: NOW });
    const invoice = await draft();
    const discarded = await draft();
    expect(await dashboard()).toMatchObject({
      pending: { count: 0, amountCents: 0 },
      counts: { invoices: 2, issuedInvoices: 0 },
    });

    await post(`/api/invoices/${invoice.id}/issue`);
    expect(await dashboard()).toMatchObject({
      pending: { count: 1, amountCents: 120000 },
      overdue: { count: 0, amountCents: 0 },
      counts: { invoices: 2, issuedInvoices: 1 },
    });

    await post(`/api/invoices/${invoice.id}/payments`, { amountCents: 30000, method: "virement" });
    const paid = await dashboard();
    expect(paid).toMatchObject({
      revenue: { monthCents: 30000, yearCents: 30000 },
      pending: { count: 1, amountCents: 90000 },
    });
    expect(paid.series.at(-1)).toEqual({
      month: paid.today.slice(0, 7),
      revenueCents: 30000,
      expensesCents: 0,
    });

    await post(`/api/invoices/${invoice.id}/refunds`, { amountCents: 30000, method: "virement" });
    expect(await dashboard()).toMatchObject({
      revenue: { monthCents: 0, yearCents: 0 },
      pending: { count: 1, amountCents: 120000 },
    });

    // The credit note is no invoice owed, and the cancelled invoice is owed no more; both stay counted.
    await post(`/api/invoices/${invoice.id}/cancel`);
    const response = await call(context, `/api/invoices/${discarded.id}`, {
      method: "DELETE",
      cookie: erin.cookie,
    });
    expect(response.status).toBeLessThan(300);
    expect(await dashboard()).toMatchObject({
      revenue: { monthCents: 0, yearCents: 0 },
      pending: { count: 0, amountCents: 0 },
      overdue: { count: 0, amountCents: 0 },
      counts: { invoices: 2, issuedInvoices: 1 },
    });
    expect(await getDashboard(context.database.db, { userId: alice.userId, now: NOW })).toEqual(others);
  });

  it("count what a partly credited invoice still asks for", async () => {
    const invoice = await draft();
    await post(`/api/invoices/${invoice.id}/issue`);
    const before = await dashboard();
    // 250 € HT at 20 % credited: 300 € less owed, the invoice still pending.
    await post(`/api/invoices/${invoice.id}/credit-notes`, { lines: [{ ...line(), unitPriceCents: 25000 }] });
    const after = await dashboard();
    expect(after.pending).toEqual({
      count: before.pending.count,
      amountCents: before.pending.amountCents - 30000,
    });
    // Cancelled, it is owed no more (the next cases count this user's invoices from none).
    await post(`/api/invoices/${invoice.id}/cancel`);
    expect((await dashboard()).pending).toEqual({ count: 0, amountCents: 0 });
  });

  it("count an unpaid invoice as overdue from the day after its due date", async () => {
    const invoice = await draft();
    const { dueDate } = await post(`/api/invoices/${invoice.id}/issue`);
    const on = (day: string) => new Date(`${day}T10:00:00Z`);
    const onDueDate = await getDashboard(context.database.db, { userId: erin.userId, now: on(dueDate) });
    expect(onDueDate.overdue).toEqual({ count: 0, amountCents: 0 });
    expect(onDueDate.dueSoon).toEqual([expect.objectContaining({ id: invoice.id, remainingCents: 120000 })]);
    const dayAfter = new Date(on(dueDate).getTime() + 86_400_000);
    const late = await getDashboard(context.database.db, { userId: erin.userId, now: dayAfter });
    expect(late.overdue).toEqual({ count: 1, amountCents: 120000 });
    expect(late.pending).toEqual({ count: 1, amountCents: 120000 });
  });

  it("follow expenses created, moved to another month and deleted", async () => {
    const before = await dashboard();
    const expense = await post("/api/expenses", { title: "Train", amountCents: 8900, date: before.today });
    expect((await dashboard()).expenses.monthCents).toBe(before.expenses.monthCents + 8900);
    const lastYear = `${Number(before.today.slice(0, 4)) - 1}-06-15`;
    const moved = await call(context, `/api/expenses/${expense.id}`, {
      method: "PATCH",
      cookie: erin.cookie,
      body: { date: lastYear, amountCents: 9900 },
    });
    expect(moved.status).toBe(200);
    const after = await dashboard();
    expect(after.expenses).toEqual(before.expenses);
    expect(after.counts.expenses).toBe(before.counts.expenses + 1);
    await call(context, `/api/expenses/${expense.id}`, { method: "DELETE", cookie: erin.cookie });
    expect(await dashboard()).toMatchObject({ expenses: before.expenses, counts: before.counts });
  });

  it("equal the totals computed again from every row, and each user reads only their own", async () => {
    const db = context.database.db;
    const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
    const nonZero = sql`select user_id, figure, day::text, count, amount_cents from dashboard_totals
      where count <> 0 or amount_cents <> 0 order by user_id, figure, day`;
    const kept = rowsOf(await db.execute(nonZero));
    let recomputed: unknown[] = [];
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`select dashboard_totals_refill()`);
        recomputed = rowsOf(await tx.execute(nonZero));
        tx.rollback();
      })
      .catch((error) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(kept.length).toBeGreaterThan(10);
    expect(kept).toEqual(recomputed);

    const seen = await withTenant(db, erin.userId, (tx) =>
      tx.execute(sql`select distinct user_id from dashboard_totals`),
    );
    expect(rowsOf(seen)).toEqual([{ user_id: erin.userId }]);
  });

  it("are computed again after a TRUNCATE, and follow the rows after the trigger functions are rewritten", async () => {
    const db = context.database.db;
    const invoice = await draft();
    await post(`/api/invoices/${invoice.id}/issue`);
    await post(`/api/invoices/${invoice.id}/payments`, { amountCents: 30000, method: "virement" });
    const { today } = await dashboard();
    await post("/api/expenses", { title: "Taxi", amountCents: 2500, date: today });
    const sums = async (tx: Pick<typeof db, "execute">) => {
      const result =
        await tx.execute(sql`select figure, sum(amount_cents)::text as cents from dashboard_totals
        where user_id = ${erin.userId} and figure in ('revenue', 'expenses') group by figure order by figure`);
      return (result as unknown as { rows: { figure: string; cents: string }[] }).rows;
    };
    const before = await sums(db);
    let afterTruncate: unknown[] = [];
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`truncate payments`);
        afterTruncate = await sums(tx);
        tx.rollback();
      })
      .catch((error) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    const expensesCents = before.find((row) => row.figure === "expenses")?.cents;
    expect(before).toEqual([
      { figure: "expenses", cents: expensesCents },
      { figure: "revenue", cents: expect.not.stringMatching(/^0$/) },
    ]);
    // No revenue total is left with the payments gone; the expenses are untouched.
    expect(afterTruncate).toEqual([{ figure: "expenses", cents: expensesCents }]);
    expect(await sums(db)).toEqual(before);

    // A migration that changes a figure calls dashboard_totals_install(): the triggers keep following the rows.
    await db.execute(sql`select dashboard_totals_install()`);
    const month = (await dashboard()).expenses.monthCents;
    await post("/api/expenses", { title: "Taxi", amountCents: 2500, date: today });
    expect((await dashboard()).expenses.monthCents).toBe(month + 2500);
  });
});

describe("the dashboard's statements", () => {
  const TENANT = "plans-1";

  beforeAll(async () => {
    // Enough rows for the planner to prefer an index where one serves: 20 users × 1 000 invoices and 100 quotes.
    const db = context.database.db;
    await db.execute(sql`
      insert into "user" (id, name, email)
      select 'plans-' || u, 'Plans ' || u, 'plans' || u || '@example.fr' from generate_series(1, 20) as u`);
    await db.execute(sql`
      insert into invoices (user_id, client_name, status, invoice_number, date, due_date, total_cents, issued_at)
      select 'plans-' || u, 'Client ' || (i % 50), s.status,
             case when s.status = 'brouillon' then null else 'F-' || lpad(i::text, 5, '0') end,
             current_date - (i % 400), current_date - (i % 400) + 30, 12000,
             case when s.status = 'brouillon' then null else now() - (i % 400) * interval '1 day' end
      from generate_series(1, 20) as u cross join generate_series(1, 1000) as i
      cross join lateral (select (array['brouillon','en-attente','payée','en-retard'])[1 + i % 4] as status) s`);
    await db.execute(sql`
      insert into quotes (user_id, client_name, status, quote_number, accepted_at)
      select 'plans-' || u, 'Client ' || q, case when q % 10 = 0 then 'accepté' else 'envoyé' end,
             'DEV-' || lpad(q::text, 5, '0'), case when q % 10 = 0 then now() - q * interval '1 hour' end
      from generate_series(1, 20) as u cross join generate_series(1, 100) as q`);
    await db.execute(sql`analyze`);
  }, 60_000);

  it("never aggregate invoices, payments or expenses, and take their lists from an index", async () => {
    const statements = await recordStatements(context.database, (db) => getDashboard(db, { userId: TENANT }));
    const plans = await Promise.all(
      statements
        // The four reads, without the tenant's settings (or the transaction's begin and commit).
        .filter((statement) => /^\s*select\b/i.test(statement.query) && !/set_config/.test(statement.query))
        .map(async (statement) => nodesOf(await explainAsTenant(context.database, statement, TENANT))),
    );
    const [figures, series, dueSoon, activity] = plans.map((nodes) => ({
      relations: new Set(nodes.map((node) => node["Relation Name"]).filter(Boolean)),
      indexes: new Set(nodes.map((node) => node["Index Name"]).filter(Boolean)),
      seqScans: nodes.filter((node) => node["Node Type"] === "Seq Scan").map((node) => node["Relation Name"]),
    }));
    expect(plans).toHaveLength(4);
    for (const read of [figures, series])
      for (const table of ["invoices", "payments", "expenses"]) expect(read?.relations).not.toContain(table);
    expect(figures?.relations).toContain("dashboard_totals");
    expect(series?.relations).toContain("dashboard_totals");
    expect(dueSoon?.indexes).toEqual(new Set(["invoices_user_id_unpaid_due_date_idx"]));
    expect(activity?.indexes).toContain("quotes_user_id_accepted_at_idx");
    expect(activity?.seqScans.filter((table) => table === "invoices" || table === "quotes")).toEqual([]);
  });
});
