import { addDays, parisToday } from "@shared/domain/dates";
import { ANALYSIS_CACHE_MS, analysisDto } from "@shared/schemas/analysis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, expenses, type invoices, projects } from "../../db/schema/index";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { insertInvoiceRow } from "../../test/invoice-rows";
import { createTestContext, type TestContext } from "../../test/test-app";
import { createAnalysisReader, getBusinessAnalysis } from "./analysis.service";

let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };

/**
 * Dates relative to the real today, since the API computes for now. History goes to months −4…−2 only:
 * any day of month −1 may fall within the last 30 days, which would change the monthly revenue.
 */
const today = parisToday();
function dayOfMonth(offset: number, day: number): string {
  const date = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + offset);
  return `${date.toISOString().slice(0, 8)}${String(day).padStart(2, "0")}`;
}

type InvoiceSeed = {
  status: (typeof invoices.$inferInsert)["status"];
  totalCents: number;
  dueDate?: string;
  payments?: [string, number][];
};

let nextNumber = 0;
async function seedInvoices(userId: string, seeds: InvoiceSeed[]) {
  for (const seed of seeds) {
    const paid = (seed.payments ?? []).reduce((sum, [, cents]) => sum + cents, 0);
    await insertInvoiceRow(
      context.database.db,
      {
        userId,
        invoiceNumber:
          seed.status === "brouillon" ? null : `INV-2025-${String(++nextNumber).padStart(4, "0")}`,
        clientName: "Dupont SARL",
        status: seed.status,
        totalCents: seed.totalCents,
        paidCents: paid,
        dueDate: seed.dueDate ?? null,
      },
      seed.payments,
    );
  }
}

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: "alice.analyse@example.fr" });
  bruno = await registerAndConfirm(context, { email: "bruno.analyse@example.fr" });
  await markPaid(context, alice.userId);
  await markPaid(context, bruno.userId);
  const db = context.database.db;

  await db.insert(clients).values([
    { userId: alice.userId, name: "Dupont SARL", status: "actif" },
    { userId: alice.userId, name: "Atelier Martin" },
  ]);
  await db.insert(projects).values(
    (["active", "en-cours", "terminé"] as const).map((status) => ({
      userId: alice.userId,
      name: `Projet ${status}`,
      status,
    })),
  );
  await seedInvoices(alice.userId, [
    // Collected today: the 30 days' revenue.
    { status: "payée", totalCents: 400_000, payments: [[today, 400_000]] },
    // History: 1 000 €, 2 000 €, 3 000 € four, three and two months ago.
    {
      status: "payée",
      totalCents: 600_000,
      payments: [
        [dayOfMonth(-4, 5), 100_000],
        [dayOfMonth(-3, 5), 200_000],
        [dayOfMonth(-2, 5), 300_000],
      ],
    },
    // Owed: 1 500 € due in 20 days, 1 000 € in 45 days, 500 € 10 days late (the job has not run).
    { status: "en-attente", totalCents: 150_000, dueDate: addDays(today, 20) },
    { status: "en-attente", totalCents: 100_000, dueDate: addDays(today, 45) },
    { status: "en-attente", totalCents: 50_000, dueDate: addDays(today, -10) },
    // Never counted.
    { status: "brouillon", totalCents: 999_900, dueDate: addDays(today, 5) },
    { status: "annulée", totalCents: 70_000, dueDate: addDays(today, 5) },
  ]);
  await db.insert(expenses).values([
    { userId: alice.userId, title: "Écran", amountCents: 60_000, date: dayOfMonth(-3, 10) },
    { userId: alice.userId, title: "Formation", amountCents: 30_000, date: dayOfMonth(-2, 10) },
  ]);

  // Bruno: 6 invoices 40 days late, nothing collected, no project. None of it may reach Alice.
  await seedInvoices(
    bruno.userId,
    Array.from({ length: 6 }, () => ({
      status: "en-retard" as const,
      totalCents: 10_000,
      dueDate: addDays(today, -40),
    })),
  );
  await db.insert(clients).values({ userId: bruno.userId, name: "Client de Bruno" });
});
afterAll(() => context.close());

describe("the analysis, computed by hand", () => {
  it("scores 95: 70 + 15 (4 000 € in 30 days) + 10 (active projects), one overdue invoice", async () => {
    const analysis = await getBusinessAnalysis(context.database.db, { userId: alice.userId });
    expect(analysis.healthScore).toBe(95);
    expect(analysis.scoreFactors.map((factor) => factor.id)).toEqual(["high_revenue", "has_active_projects"]);
    expect(analysis.figures).toEqual({
      monthlyRevenueCents: 400_000,
      // 3 000 € owed ÷ 4 000 € collected.
      cashRatio: 0.75,
      pendingCents: 300_000,
      overdueCount: 1,
      overdueCents: 50_000,
      activeProjects: 2,
      clientsCount: 2,
      yearRevenueCents: 1_000_000,
      yearExpensesCents: 90_000,
      averageRevenuePerClientCents: 500_000,
    });
    expect(analysis.risks).toEqual([]);
    expect(analysis.opportunities).toEqual([]);
    expect(analysis.insights).toEqual([]);
    expect(analysis.actions.map((action) => [action.id, action.title])).toEqual([
      ["remind_overdue", "Relancer la facture en retard"],
      ["mark_overdue", "Passer les factures échues en « en retard »"],
    ]);
  });

  it("forecasts from the history: months −4 to −1, the empty last one included", async () => {
    const { predictions } = await getBusinessAnalysis(context.database.db, { userId: alice.userId });
    // Expenses (0 + 600 + 300 + 0) / 4 = 225 € a month; in: 500 € overdue + 1 500 € (30 days) + 1 000 € (60).
    expect(predictions.cashFlow).toEqual({
      averageMonthlyExpensesCents: 22_500,
      horizons: [
        { days: 30, inflowCents: 200_000, outflowCents: 22_500, netCents: 177_500 },
        { days: 60, inflowCents: 300_000, outflowCents: 45_000, netCents: 255_000 },
        { days: 90, inflowCents: 300_000, outflowCents: 67_500, netCents: 232_500 },
      ],
    });
    // (3 × 0 + 2 × 3 000 + 1 × 2 000) / 6 = 1 333,33 €; 4 months of history: medium confidence.
    expect(predictions.revenue).toMatchObject({
      nextMonthCents: 133_333,
      basisMonths: 3,
      changePercent: null,
      confidence: "medium",
    });
    expect(predictions.risks).toEqual([]);
  });

  it("counts only the user's own records", async () => {
    const analysis = await getBusinessAnalysis(context.database.db, { userId: bruno.userId });
    // 70 − 25 (6 overdue) − 20 (no project) − 30 (no revenue) = −5, clamped.
    expect(analysis.healthScore).toBe(0);
    expect(analysis.figures).toMatchObject({
      monthlyRevenueCents: 0,
      cashRatio: null,
      pendingCents: 60_000,
      overdueCount: 6,
      activeProjects: 0,
      clientsCount: 1,
      yearRevenueCents: 0,
    });
    expect(analysis.insights[0]).toMatchObject({ id: "health_score", priority: "urgent" });
    expect(analysis.actions[0]?.title).toBe("Relancer les 6 factures en retard");
  });
});

describe("GET /api/analysis", () => {
  it("answers the signed-in user's analysis, in the shared schema", async () => {
    const response = await call(context, "/api/analysis", { cookie: alice.cookie });
    expect(response.status).toBe(200);
    const analysis = analysisDto.parse(await response.json());
    expect(analysis.healthScore).toBe(95);
    expect(analysis.today).toBe(today);
    const bruno0 = analysisDto.parse(
      await (await call(context, "/api/analysis", { cookie: bruno.cookie })).json(),
    );
    expect(bruno0.healthScore).toBe(0);
  });

  it("keeps it 5 minutes, unless asked for a fresh one", async () => {
    const first = await (await call(context, "/api/analysis", { cookie: alice.cookie })).json();
    // One more late invoice: the overdue count moves from 1 to 2, once recomputed.
    await seedInvoices(alice.userId, [
      { status: "en-retard", totalCents: 1_000, dueDate: addDays(today, -3) },
    ]);
    const cached = await (await call(context, "/api/analysis", { cookie: alice.cookie })).json();
    expect(cached).toEqual(first);
    const fresh = await (await call(context, "/api/analysis?fresh=1", { cookie: alice.cookie })).json();
    expect(fresh.figures.overdueCount).toBe(2);
    expect((await call(context, "/api/analysis?fresh=oui", { cookie: alice.cookie })).status).toBe(400);
  });

  it("answers 401 to an anonymous caller and 402 to an unpaid account", async () => {
    expect((await call(context, "/api/analysis")).status).toBe(401);
    const { cookie } = await registerAndConfirm(context, { email: "dora.analyse@example.fr" });
    expect((await call(context, "/api/analysis", { cookie })).status).toBe(402);
  });
});

describe("the 5-minute cache", () => {
  it("recomputes once the 5 minutes are over", async () => {
    let now = new Date();
    const read = createAnalysisReader(context.database.db, { clock: () => now });
    const first = await read(bruno.userId);
    now = new Date(now.getTime() + ANALYSIS_CACHE_MS - 1);
    expect(await read(bruno.userId)).toBe(first);
    now = new Date(now.getTime() + 1);
    const second = await read(bruno.userId);
    expect(second).not.toBe(first);
    expect(second.generatedAt).toBe(now.toISOString());
  });
});
