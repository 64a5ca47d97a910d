import { monthPeriod } from "@shared/domain/periods";
import { formatMoney } from "@shared/format";
import type { FigureQuery } from "@shared/schemas/figures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, expenses, projects, quotes } from "../../db/schema/index";
import { markPaid, registerAndConfirm } from "../../test/accounts";
import { insertInvoiceRow } from "../../test/invoice-rows";
import { createTestContext, type TestContext } from "../../test/test-app";
import { answerFigures } from "./figures";

let context: TestContext;
let alice: { userId: string };
let bruno: { userId: string };

/** 18 March 2026 in Paris. Every figure below is added up by hand from the rows seeded here. */
const NOW = new Date("2026-03-18T11:00:00Z");
const ask = (query: FigureQuery, userId = alice.userId) =>
  answerFigures(context.database.db, { userId, query, now: NOW });

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: "alice.chiffres@example.fr" });
  bruno = await registerAndConfirm(context, { email: "bruno.chiffres@example.fr" });
  await markPaid(context, alice.userId);
  await markPaid(context, bruno.userId);
  const db = context.database.db;
  const [lumiere, jardins, lac] = await db
    .insert(clients)
    .values([
      { userId: alice.userId, name: "Studio Lumière", status: "actif" },
      { userId: alice.userId, name: "SARL Les Jardins de Provence", status: "actif" },
      { userId: alice.userId, name: "Hôtel du Lac", status: "actif" },
    ])
    .returning({ id: clients.id });
  const invoice = (
    clientId: string | undefined,
    clientName: string,
    number: string,
    values: {
      date: string;
      due: string;
      total: number;
      paid?: number;
      status: "en-attente" | "payée" | "en-retard";
    },
    paid: [string, number][] = [],
  ) =>
    insertInvoiceRow(
      db,
      {
        userId: alice.userId,
        clientId,
        clientName,
        invoiceNumber: number,
        status: values.status,
        date: values.date,
        dueDate: values.due,
        subtotalCents: values.total,
        totalCents: values.total,
        paidCents: values.paid ?? 0,
        issuedAt: new Date(`${values.date}T09:00:00Z`),
      },
      paid,
    );
  // Lumière: 2 000 € paid in February, 1 500 € paid in March (1 000 + 500), 800 € overdue since 1 March.
  await invoice(
    lumiere?.id,
    "Studio Lumière",
    "INV-2026-0001",
    { date: "2026-01-20", due: "2026-02-19", total: 200000, paid: 200000, status: "payée" },
    [["2026-02-10", 200000]],
  );
  await invoice(
    lumiere?.id,
    "Studio Lumière",
    "INV-2026-0002",
    { date: "2026-02-15", due: "2026-03-17", total: 150000, paid: 150000, status: "payée" },
    [
      ["2026-03-02", 100000],
      ["2026-03-05", 50000],
    ],
  );
  await invoice(lumiere?.id, "Studio Lumière", "INV-2026-0003", {
    date: "2026-01-30",
    due: "2026-03-01",
    total: 80000,
    status: "en-retard",
  });
  // Jardins: 3 000 € invoiced in March, 1 200 € of it paid on 10 March, the rest due 10 April.
  await invoice(
    jardins?.id,
    "SARL Les Jardins de Provence",
    "INV-2026-0004",
    { date: "2026-03-10", due: "2026-04-10", total: 300000, paid: 120000, status: "en-attente" },
    [["2026-03-10", 120000]],
  );
  // Lac: 450 € paid last year (outside every 2026 figure).
  await invoice(
    lac?.id,
    "Hôtel du Lac",
    "INV-2025-0009",
    { date: "2025-11-02", due: "2025-12-02", total: 45000, paid: 45000, status: "payée" },
    [["2025-11-20", 45000]],
  );
  await db.insert(expenses).values([
    {
      userId: alice.userId,
      title: "Train Lyon",
      amountCents: 8990,
      category: "transport",
      date: "2026-03-03",
    },
    { userId: alice.userId, title: "Écran", amountCents: 32000, category: "materiel", date: "2026-02-12" },
    { userId: alice.userId, title: "Taxi", amountCents: 2500, category: "transport", date: "2026-02-20" },
  ]);
  await db.insert(projects).values([
    { userId: alice.userId, name: "Refonte du site", clientId: lumiere?.id, status: "active" },
    { userId: alice.userId, name: "Catalogue", clientId: jardins?.id, status: "terminé" },
  ]);
  await db.insert(quotes).values([
    {
      userId: alice.userId,
      clientName: "Hôtel du Lac",
      quoteNumber: "DEV-2026-0001",
      status: "envoyé",
      date: "2026-03-01",
      validUntil: "2026-03-31",
      totalCents: 90000,
    },
    {
      userId: alice.userId,
      clientName: "Studio Lumière",
      quoteNumber: "DEV-2026-0002",
      status: "accepté",
      date: "2026-01-05",
      totalCents: 150000,
    },
    {
      userId: alice.userId,
      clientName: "Studio Lumière",
      quoteNumber: "DEV-2026-0003",
      status: "refusé",
      date: "2026-02-05",
      totalCents: 50000,
    },
  ]);
  // Bruno's figures must never reach Alice's answers.
  await insertInvoiceRow(
    db,
    {
      userId: bruno.userId,
      clientName: "Studio Lumière",
      invoiceNumber: "INV-2026-0001",
      status: "en-retard",
      date: "2026-01-10",
      dueDate: "2026-02-10",
      totalCents: 999900,
      issuedAt: NOW,
    },
    [["2026-03-01", 100]],
  );
});
afterAll(() => context.close());

describe("the answer engine, on figures added up by hand", () => {
  it("collected revenue this year, and this month against last month", async () => {
    const year = await ask({ metric: "revenue_collected" });
    expect(year.figures.encaisseCents).toBe(200000 + 150000 + 120000);
    expect(year.text).toContain(formatMoney(470000));
    const march = await ask({
      metric: "revenue_collected",
      period: monthPeriod("2026-03-18"),
      compare: true,
    });
    expect(march.figures).toMatchObject({ encaisseCents: 270000, periodePrecedenteCents: 200000 });
    expect(march.text).toContain("+35 %");
  });

  it("invoiced revenue by issue date", async () => {
    const february = await ask({ metric: "revenue_invoiced", period: monthPeriod("2026-02-01") });
    expect(february.figures.factureHtCents).toBe(150000);
  });

  it("unpaid = en attente + en retard, with what remains due", async () => {
    const unpaid = await ask({ metric: "unpaid" });
    expect(unpaid.figures).toMatchObject({
      impayees: 2,
      impayeesCents: 80000 + 180000,
      enRetard: 1,
      enRetardCents: 80000,
    });
    expect(unpaid.text).toContain(formatMoney(260000));
  });

  it("overdue invoices with their days late and links", async () => {
    const overdue = await ask({ metric: "overdue" });
    expect(overdue.text).toContain("17 jours de retard");
    expect(overdue.text).toMatch(/\[INV\\?-2026\\?-0003\]\(\/app\/invoices\/[0-9a-f-]+\)/);
  });

  it("what a client owes, found by a name said differently", async () => {
    const owed = await ask({ metric: "client_balance", client: "les jardins de provence" });
    expect(owed.figures).toMatchObject({ duCents: 180000, client: "SARL Les Jardins de Provence" });
    expect(owed.text).toContain(formatMoney(180000));
    const nothing = await ask({ metric: "client_balance", client: "Hotel du lac" });
    expect(nothing.text).toContain("ne vous doit rien");
  });

  it("best clients by collected amount", async () => {
    const best = await ask({ metric: "best_clients" });
    expect(best.figures).toMatchObject({ premier: "Studio Lumière", premierCents: 350000 });
  });

  it("margin and expenses, by category", async () => {
    const margin = await ask({ metric: "margin" });
    expect(margin.figures).toMatchObject({
      encaisseCents: 470000,
      depensesCents: 43490,
      margeCents: 470000 - 43490,
    });
    const transport = await ask({ metric: "expenses_total", category: "transport" });
    expect(transport.figures.depensesCents).toBe(11490);
    const split = await ask({ metric: "expenses_by_category" });
    expect(split.figures).toMatchObject({ materiel: 32000, transport: 11490 });
  });

  it("active projects, pending quotes and the conversion rate", async () => {
    expect((await ask({ metric: "active_projects" })).figures.projets).toBe(1);
    expect((await ask({ metric: "pending_quotes" })).figures).toMatchObject({ devis: 1, devisCents: 90000 });
    expect((await ask({ metric: "quote_conversion" })).figures).toMatchObject({
      tauxPourcent: 33,
      envoyes: 3,
      acceptes: 1,
    });
  });

  it("cash forecast over the next 30 days", async () => {
    const forecast = await ask({ metric: "cash_forecast" });
    expect(forecast.figures).toMatchObject({ attenduCents: 180000, echeances: 1, enRetardCents: 80000 });
  });

  it("never counts another user's figures", async () => {
    const bruno_ = await ask({ metric: "unpaid" }, bruno.userId);
    expect(bruno_.figures).toMatchObject({ impayees: 1, impayeesCents: 999900 });
    const aliceOwed = await ask({ metric: "revenue_collected", period: monthPeriod("2026-03-01") });
    expect(aliceOwed.figures.encaisseCents).toBe(270000);
  });
});
