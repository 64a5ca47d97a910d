import { describe, expect, it } from "vitest";
import { figuresWith } from "./fixtures";
import { healthScore } from "./health-score";
import { insightsOf } from "./insights";

type Overrides = Partial<Parameters<typeof insightsOf>[0]>;

/** The quiet baseline's sources (score 80, no finding), changed where a test says. */
function insightsWith(overrides: Overrides = {}) {
  const figures = overrides.figures ?? figuresWith();
  return insightsOf({
    figures,
    ...healthScore(figures),
    risks: [],
    opportunities: [],
    predictionRisks: [],
    cashFlow: [{ days: 30, inflowCents: 120_000, outflowCents: 0, netCents: 120_000 }],
    revenue: {
      month: "2025-07",
      nextMonthCents: 0,
      basisMonths: 0,
      changePercent: null,
      trend: null,
      confidence: "low",
    },
    answering: () => [],
    ...overrides,
  });
}
const finding = (id: string) => ({ id, title: id, description: id, estimatedValueCents: null });
const noRevenue = [{ id: "no_revenue", label: "Aucun encaissement sur 30 jours", points: -30 }];

describe("the health-score insight", () => {
  it("appears under 70 and turns urgent under 50", () => {
    expect(insightsWith({ score: 70, factors: noRevenue })).toEqual([]);
    expect(insightsWith({ score: 69, factors: noRevenue })[0]).toMatchObject({
      id: "health_score",
      type: "financial",
      priority: "important",
      score: 80,
    });
    expect(insightsWith({ score: 50, factors: noRevenue })[0]?.priority).toBe("important");
    expect(insightsWith({ score: 49, factors: noRevenue })[0]).toMatchObject({
      priority: "urgent",
      score: 95,
    });
  });

  it("names the rules that took points away", () => {
    const [insight] = insightsWith({
      score: 30,
      factors: [{ id: "no_overdue", label: "Aucune facture en retard", points: 10 }, ...noRevenue],
    });
    expect(insight).toMatchObject({
      title: "Santé de l'activité : 30/100",
      description: "En cause : aucun encaissement sur 30 jours.",
    });
  });
});

describe("the cash-ratio insight", () => {
  const withRatio = (cashRatio: number) =>
    insightsWith({ figures: figuresWith({ cashRatio, pendingCents: 250_000 }) });

  it("appears over 1 and turns urgent over 2", () => {
    expect(withRatio(1)).toEqual([]);
    expect(withRatio(1.01)[0]).toMatchObject({ id: "cash_ratio", priority: "important", score: 75 });
    expect(withRatio(2)[0]?.priority).toBe("important");
    expect(withRatio(2.01)[0]).toMatchObject({ priority: "urgent", score: 90 });
    expect(withRatio(Number.POSITIVE_INFINITY)[0]?.priority).toBe("urgent");
  });

  it("tells the money waiting and what should come in within 30 days", () => {
    expect(withRatio(2.5)[0]).toMatchObject({
      description: "2\u202f500\u00a0€ attendent d'être payés, soit 2,5 mois d'encaissements.",
      prediction: "1\u202f200\u00a0€ attendus d'ici 30 jours, factures en retard comprises.",
      estimatedValueCents: 250_000,
    });
  });
});

describe("the list of insights", () => {
  it("keeps the 4 most important, urgent ones first", () => {
    const insights = insightsWith({
      figures: figuresWith({ cashRatio: 3 }),
      score: 40,
      factors: noRevenue,
      risks: ["overdue_invoices", "slow_collection", "high_expenses"].map(finding),
      opportunities: ["healthy_receivables"].map(finding),
      predictionRisks: ["cash_shortfall"].map(finding),
    });
    expect(insights.map((insight) => [insight.id, insight.priority])).toEqual([
      ["health_score", "urgent"],
      ["cash_ratio", "urgent"],
      ["overdue_invoices", "important"],
      ["cash_shortfall", "important"],
    ]);
  });

  it("does not repeat a risk the score or the cash ratio already tell", () => {
    const insights = insightsWith({
      figures: figuresWith({ cashRatio: 1.6, activeProjects: 0 }),
      score: 50,
      factors: [{ id: "no_active_project", label: "Aucun projet actif", points: -20 }],
      risks: ["slow_collection", "no_active_project"].map(finding),
    });
    expect(insights.map((insight) => insight.id)).toEqual(["health_score", "cash_ratio"]);
  });

  it("types risks, forecasts and opportunities, and links the actions that answer them", () => {
    const insights = insightsWith({
      risks: [finding("high_expenses")],
      predictionRisks: [finding("revenue_decline")],
      opportunities: [finding("busy_projects")],
      answering: (trigger) => (trigger === "busy_projects" ? ["invoice_progress"] : []),
    });
    expect(insights.map((insight) => [insight.id, insight.type, insight.priority, insight.actions])).toEqual([
      ["high_expenses", "risk", "important", []],
      ["revenue_decline", "financial", "important", []],
      ["busy_projects", "opportunity", "optional", ["invoice_progress"]],
    ]);
    expect(insights[1]?.prediction).toBe("0\u00a0€ attendus le mois prochain.");
  });
});
