import { describe, expect, it } from "vitest";
import { monthsWith, snapshotWith } from "./fixtures";
import {
  averageMonthlyExpenses,
  cashFlowForecast,
  historyOf,
  predictionRisks,
  revenueForecast,
} from "./predictions";

/** Activity from December 2024; June 2025 is the current month. */
const growing = monthsWith({
  "2024-12": [100_000, 60_000],
  "2025-01": [200_000, 0],
  "2025-02": [300_000, 30_000],
  "2025-03": [400_000, 0],
  "2025-04": [500_000, 30_000],
  "2025-05": [600_000, 60_000],
  "2025-06": [50_000, 999_000],
});

describe("the history a forecast learns from", () => {
  it("is the complete months from the first active one, later empty months included", () => {
    expect(historyOf(growing).map((month) => month.month)).toEqual([
      "2024-12",
      "2025-01",
      "2025-02",
      "2025-03",
      "2025-04",
      "2025-05",
    ]);
    expect(historyOf(monthsWith({ "2025-06": [10_000, 10_000] }))).toEqual([]);
  });

  it("gives the average monthly expenses", () => {
    // (600 + 0 + 300 + 0 + 300 + 600) / 6 = 300 €; the current month's 9 990 € does not count.
    expect(averageMonthlyExpenses(historyOf(growing))).toBe(30_000);
    expect(averageMonthlyExpenses([])).toBe(0);
  });
});

describe("the revenue forecast", () => {
  it("weights the last 3 complete months 3-2-1 and compares with the 3 before", () => {
    // (3 × 6 000 + 2 × 5 000 + 4 000) / 6 = 5 333,33 €; the 3 months before average 2 000 €: +167 %.
    expect(revenueForecast(snapshotWith({ months: growing }))).toEqual({
      month: "2025-07",
      nextMonthCents: 533_333,
      basisMonths: 3,
      changePercent: 167,
      trend: "up",
      confidence: "high",
    });
  });

  it("says a fall, and a stable pace within 10 %", () => {
    const falling = monthsWith({
      "2024-12": [600_000, 0],
      "2025-01": [600_000, 0],
      "2025-02": [600_000, 0],
      "2025-03": [300_000, 0],
      "2025-04": [300_000, 0],
      "2025-05": [300_000, 0],
    });
    expect(revenueForecast(snapshotWith({ months: falling }))).toMatchObject({
      nextMonthCents: 300_000,
      changePercent: -50,
      trend: "down",
    });
    const steady = monthsWith({
      "2024-12": [100_000, 0],
      "2025-01": [100_000, 0],
      "2025-02": [100_000, 0],
      "2025-03": [109_000, 0],
      "2025-04": [109_000, 0],
      "2025-05": [109_000, 0],
    });
    expect(revenueForecast(snapshotWith({ months: steady }))).toMatchObject({
      changePercent: 9,
      trend: "stable",
    });
  });

  it("uses what history there is, with a low confidence", () => {
    // (3 × 2 000 + 2 × 1 000) / 5 = 1 600 €.
    const young = monthsWith({ "2025-04": [100_000, 0], "2025-05": [200_000, 0] });
    expect(revenueForecast(snapshotWith({ months: young }))).toEqual({
      month: "2025-07",
      nextMonthCents: 160_000,
      basisMonths: 2,
      changePercent: null,
      trend: null,
      confidence: "low",
    });
    expect(revenueForecast(snapshotWith())).toMatchObject({ nextMonthCents: 0, basisMonths: 0, trend: null });
  });

  it("forecasts January after December", () => {
    expect(revenueForecast(snapshotWith({ today: "2025-12-31" })).month).toBe("2026-01");
  });
});

describe("the cash-flow forecast", () => {
  const stableRevenue = {
    month: "2025-07",
    nextMonthCents: 0,
    basisMonths: 3,
    changePercent: 0,
    trend: "stable",
    confidence: "high",
  } as const;

  it("adds overdue and falling-due receivables, less the average expenses pro rata", () => {
    const snapshot = snapshotWith({
      overdue: { count: 1, amountCents: 100_000 },
      receivablesDue: [
        { days: 30, amountCents: 50_000 },
        { days: 60, amountCents: 80_000 },
        { days: 90, amountCents: 80_000 },
      ],
    });
    expect(cashFlowForecast(snapshot, 30_000)).toEqual([
      { days: 30, inflowCents: 150_000, outflowCents: 30_000, netCents: 120_000 },
      { days: 60, inflowCents: 180_000, outflowCents: 60_000, netCents: 120_000 },
      { days: 90, inflowCents: 180_000, outflowCents: 90_000, netCents: 90_000 },
    ]);
  });

  it("tells a shortfall within 30 days, and a falling revenue, as risks", () => {
    const receivables = (amountCents: number) =>
      snapshotWith({ receivablesDue: [30, 60, 90].map((days) => ({ days, amountCents })) });
    // 400 − 300 = +100 at 30 days; −200 at 60 days is not a risk: invoices to come will cover it.
    expect(predictionRisks(cashFlowForecast(receivables(40_000), 30_000), stableRevenue)).toEqual([]);
    // 200 − 300 = −100 at 30 days.
    const cashFlow = cashFlowForecast(receivables(20_000), 30_000);
    const revenue = {
      month: "2025-07",
      nextMonthCents: 300_000,
      basisMonths: 3,
      changePercent: -50,
    } as const;
    expect(predictionRisks(cashFlow, { ...revenue, trend: "down", confidence: "high" })).toEqual([
      {
        id: "cash_shortfall",
        title: "Trésorerie sous tension à 30 jours",
        description:
          "Les factures attendues (200\u00a0€) ne couvriraient pas vos dépenses habituelles (300\u00a0€) : il manquerait 100\u00a0€.",
        estimatedValueCents: 10_000,
      },
      {
        id: "revenue_decline",
        title: "Encaissements en baisse",
        description:
          "Vos 3 derniers mois annoncent 3\u202f000\u00a0€ le mois prochain, 50 % de moins que la moyenne des 3 mois d'avant.",
        estimatedValueCents: null,
      },
    ]);
  });
});
