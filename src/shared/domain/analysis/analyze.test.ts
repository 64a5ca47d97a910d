import { describe, expect, it } from "vitest";
import { analysisDto } from "../../schemas/analysis";
import { analyzeBusiness } from "./analyze";
import { monthsWith, snapshotWith } from "./fixtures";

describe("the analysis of a struggling month, computed by hand", () => {
  const analysis = analyzeBusiness(
    snapshotWith({
      monthlyRevenueCents: 250_000,
      months: monthsWith({
        "2025-03": [200_000, 150_000],
        "2025-04": [250_000, 180_000],
        "2025-05": [300_000, 350_000],
        "2025-06": [100_000, 20_000],
      }),
      pending: { count: 6, amountCents: 600_000 },
      overdue: { count: 4, amountCents: 350_000 },
      receivablesDue: [
        { days: 30, amountCents: 150_000 },
        { days: 60, amountCents: 250_000 },
        { days: 90, amountCents: 250_000 },
      ],
      activeProjects: 0,
      clientsCount: 9,
    }),
  );

  it("derives the figures", () => {
    expect(analysis.figures).toEqual({
      monthlyRevenueCents: 250_000,
      // 6 000 € pending ÷ 2 500 € collected over 30 days.
      cashRatio: 2.4,
      pendingCents: 600_000,
      overdueCount: 4,
      overdueCents: 350_000,
      activeProjects: 0,
      clientsCount: 9,
      yearRevenueCents: 850_000,
      yearExpensesCents: 700_000,
      // 8 500 € ÷ 9 clients.
      averageRevenuePerClientCents: 94_444,
    });
  });

  it("scores 50: 70 − 20 without an active project, no bonus", () => {
    expect(analysis.healthScore).toBe(50);
    expect(analysis.scoreFactors.map((factor) => factor.id)).toEqual(["no_active_project"]);
  });

  it("finds the risks and opportunities of §9", () => {
    // 7 000 € of expenses is 82 % of 8 500 €.
    expect(analysis.risks.map((risk) => risk.id)).toEqual([
      "overdue_invoices",
      "slow_collection",
      "high_expenses",
      "no_active_project",
    ]);
    expect(analysis.opportunities.map((opportunity) => opportunity.id)).toEqual(["low_value_clients"]);
  });

  it("forecasts cash and revenue from the history", () => {
    // Expenses (1 500 + 1 800 + 3 500) / 3 = 2 266,67 €; in: 3 500 € overdue + what falls due.
    expect(analysis.predictions.cashFlow).toEqual({
      averageMonthlyExpensesCents: 226_667,
      horizons: [
        { days: 30, inflowCents: 500_000, outflowCents: 226_667, netCents: 273_333 },
        { days: 60, inflowCents: 600_000, outflowCents: 453_334, netCents: 146_666 },
        { days: 90, inflowCents: 600_000, outflowCents: 680_001, netCents: -80_001 },
      ],
    });
    // (3 × 3 000 + 2 × 2 500 + 2 000) / 6.
    expect(analysis.predictions.revenue).toEqual({
      month: "2025-07",
      nextMonthCents: 266_667,
      basisMonths: 3,
      changePercent: null,
      trend: null,
      confidence: "medium",
    });
    // Short at 90 days only: invoices not yet issued will come in by then, so it is no risk.
    expect(analysis.predictions.risks).toEqual([]);
  });

  it("keeps 4 insights, the urgent cash ratio first, each with its actions", () => {
    expect(
      analysis.insights.map((insight) => [insight.id, insight.type, insight.priority, insight.actions]),
    ).toEqual([
      ["cash_ratio", "financial", "urgent", ["remind_overdue", "ask_deposits"]],
      ["overdue_invoices", "risk", "important", ["remind_overdue"]],
      ["health_score", "financial", "important", ["create_project"]],
      ["high_expenses", "risk", "important", ["review_expenses"]],
    ]);
  });

  it("proposes the actions, highest impact first", () => {
    expect(analysis.actions.map((action) => [action.id, action.impact])).toEqual([
      ["remind_overdue", "high"],
      ["ask_deposits", "medium"],
      ["review_expenses", "medium"],
      ["create_project", "medium"],
      ["raise_rates", "medium"],
      ["mark_overdue", "low"],
    ]);
    expect(analysis.actions[0]?.title).toBe("Relancer les 4 factures en retard");
  });

  it("matches the DTO schema the client parses", () => {
    expect(analysisDto.safeParse({ ...analysis, generatedAt: "2025-06-15T10:00:00.000Z" }).success).toBe(
      true,
    );
  });
});

describe("other accounts", () => {
  it("a thriving one scores 100 and only hears of its opportunity", () => {
    const analysis = analyzeBusiness(
      snapshotWith({
        monthlyRevenueCents: 500_000,
        months: monthsWith({ "2025-05": [500_000, 50_000] }),
        pending: { count: 2, amountCents: 100_000 },
        receivablesDue: [30, 60, 90].map((days) => ({ days, amountCents: 100_000 })),
        activeProjects: 4,
        clientsCount: 3,
      }),
    );
    expect(analysis.healthScore).toBe(100);
    expect(analysis.risks).toEqual([]);
    expect(analysis.insights.map((insight) => [insight.id, insight.priority])).toEqual([
      ["busy_projects", "optional"],
    ]);
    expect(analysis.actions.map((action) => action.id)).toEqual(["invoice_progress"]);
  });

  it("an empty one scores 30, urgently, with no ratio to tell", () => {
    const analysis = analyzeBusiness(snapshotWith());
    expect(analysis.healthScore).toBe(30);
    expect(analysis.figures.cashRatio).toBeNull();
    expect(analysis.insights).toEqual([
      expect.objectContaining({
        id: "health_score",
        priority: "urgent",
        description: "En cause : aucun projet actif, aucun encaissement sur 30 jours.",
        actions: ["create_project"],
      }),
    ]);
    expect(analysis.predictions.cashFlow.horizons.every((horizon) => horizon.netCents === 0)).toBe(true);
  });

  it("an infinite ratio travels as null", () => {
    const analysis = analyzeBusiness(snapshotWith({ pending: { count: 1, amountCents: 10_000 } }));
    expect(analysis.figures.cashRatio).toBeNull();
    expect(analysis.insights.find((insight) => insight.id === "cash_ratio")?.priority).toBe("urgent");
  });
});
