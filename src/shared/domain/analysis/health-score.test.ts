import { describe, expect, it } from "vitest";
import { figuresWith } from "./fixtures";
import { healthScore } from "./health-score";

const scoreOf = (overrides: Parameters<typeof figuresWith>[0]) => healthScore(figuresWith(overrides));
const idsOf = (overrides: Parameters<typeof figuresWith>[0]) =>
  scoreOf(overrides).factors.map((factor) => factor.id);

describe("the health score of spec §9", () => {
  it("starts at 70 and earns +10 for active projects on the quiet baseline", () => {
    expect(healthScore(figuresWith())).toEqual({
      score: 80,
      factors: [{ id: "has_active_projects", label: "Des projets en cours", points: 10 }],
    });
  });

  it("+15 only when more than 3 000 € came in over 30 days", () => {
    expect(scoreOf({ monthlyRevenueCents: 300_000 }).score).toBe(80);
    expect(scoreOf({ monthlyRevenueCents: 300_001 }).score).toBe(95);
    expect(idsOf({ monthlyRevenueCents: 300_001 })).toContain("high_revenue");
  });

  it("+10 with no overdue invoice", () => {
    expect(scoreOf({ overdueCount: 0 }).score).toBe(90);
    expect(idsOf({ overdueCount: 0 })).toContain("no_overdue");
  });

  it("+5 when the cash ratio is under 0.5, none when it is undefined", () => {
    expect(scoreOf({ cashRatio: 0.5 }).score).toBe(80);
    expect(scoreOf({ cashRatio: 0.49 }).score).toBe(85);
    expect(scoreOf({ cashRatio: 0 }).score).toBe(85);
    expect(scoreOf({ cashRatio: null }).score).toBe(80);
  });

  it("-25 when more than 5 invoices are overdue", () => {
    expect(scoreOf({ overdueCount: 5 }).score).toBe(80);
    expect(scoreOf({ overdueCount: 6 }).score).toBe(55);
    expect(idsOf({ overdueCount: 6 })).toEqual(["has_active_projects", "many_overdue"]);
  });

  it("-20 and no +10 without an active project", () => {
    expect(scoreOf({ activeProjects: 0 }).score).toBe(50);
    expect(idsOf({ activeProjects: 0 })).toEqual(["no_active_project"]);
  });

  it("-30 without revenue over 30 days", () => {
    expect(scoreOf({ monthlyRevenueCents: 1 }).score).toBe(80);
    expect(scoreOf({ monthlyRevenueCents: 0 }).score).toBe(50);
    expect(idsOf({ monthlyRevenueCents: 0 })).toEqual(["has_active_projects", "no_revenue"]);
  });

  it("adds the rules together", () => {
    // 70 + 15 + 10 (projects) + 5 (ratio 0.3) − 25 (6 overdue) = 75.
    expect(
      scoreOf({ monthlyRevenueCents: 400_000, overdueCount: 6, activeProjects: 3, cashRatio: 0.3 }).score,
    ).toBe(75);
    // 70 + 10 (no overdue) − 20 (no project) − 30 (no revenue) = 30: an empty account.
    expect(
      scoreOf({ monthlyRevenueCents: 0, overdueCount: 0, activeProjects: 0, cashRatio: null }).score,
    ).toBe(30);
  });

  it("is clamped to 100 at the top and 0 at the bottom", () => {
    // 70 + 15 + 10 + 10 + 5 = 110.
    const best = scoreOf({
      monthlyRevenueCents: 500_000,
      overdueCount: 0,
      activeProjects: 2,
      cashRatio: 0.2,
    });
    expect(best.score).toBe(100);
    expect(best.factors.reduce((sum, factor) => sum + factor.points, 70)).toBe(110);
    // 70 − 25 − 20 − 30 = −5.
    const worst = scoreOf({
      monthlyRevenueCents: 0,
      overdueCount: 6,
      activeProjects: 0,
      cashRatio: Number.POSITIVE_INFINITY,
    });
    expect(worst.score).toBe(0);
    expect(worst.factors.map((factor) => factor.points)).toEqual([-25, -20, -30]);
  });
});
