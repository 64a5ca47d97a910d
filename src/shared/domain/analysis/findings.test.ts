import { describe, expect, it } from "vitest";
import { cashRatio } from "./cash-ratio";
import { opportunitiesOf, risksOf } from "./findings";
import { figuresWith } from "./fixtures";

type Overrides = Parameters<typeof figuresWith>[0];
const riskIds = (overrides: Overrides) => risksOf(figuresWith(overrides)).map((risk) => risk.id);
const opportunityIds = (overrides: Overrides) =>
  opportunitiesOf(figuresWith(overrides)).map((opportunity) => opportunity.id);

describe("the cash ratio", () => {
  it("is pending receivables over the money collected in 30 days", () => {
    expect(cashRatio(150_000, 100_000)).toBe(1.5);
    expect(cashRatio(0, 100_000)).toBe(0);
  });

  it("is infinite when money is owed and none came in, undefined when neither", () => {
    expect(cashRatio(1, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(cashRatio(0, 0)).toBeNull();
  });
});

describe("the risks of spec §9", () => {
  it("none on the quiet baseline", () => {
    expect(risksOf(figuresWith())).toEqual([]);
  });

  it("more than 3 overdue invoices", () => {
    expect(riskIds({ overdueCount: 3 })).toEqual([]);
    expect(risksOf(figuresWith({ overdueCount: 4, overdueCents: 250_000 }))).toEqual([
      {
        id: "overdue_invoices",
        title: "4 factures en retard",
        description:
          "2\u202f500\u00a0€ auraient déjà dû être payés : plus une relance tarde, plus le paiement devient incertain.",
        estimatedValueCents: 250_000,
      },
    ]);
  });

  it("a cash ratio over 1.5, or money owed with nothing collected", () => {
    expect(riskIds({ cashRatio: 1.5 })).toEqual([]);
    expect(riskIds({ cashRatio: 1.51 })).toEqual(["slow_collection"]);
    expect(riskIds({ cashRatio: null })).toEqual([]);
    const [risk] = risksOf(figuresWith({ cashRatio: 1.8, pendingCents: 180_000 }));
    expect(risk?.description).toBe(
      "1\u202f800\u00a0€ attendent d'être payés, soit 1,8 mois d'encaissements. Votre trésorerie dépend de paiements qui tardent.",
    );
    const [stuck] = risksOf(figuresWith({ cashRatio: Number.POSITIVE_INFINITY, pendingCents: 50_000 }));
    expect(stuck?.description).toMatch(
      /^500\u00a0€ attendent d'être payés et rien n'a été encaissé depuis 30 jours\./,
    );
  });

  it("expenses over 80 % of the year's revenue", () => {
    expect(riskIds({ yearRevenueCents: 100_000, yearExpensesCents: 80_000 })).toEqual([]);
    const [risk] = risksOf(figuresWith({ yearRevenueCents: 100_000, yearExpensesCents: 90_000 }));
    expect(risk).toMatchObject({ id: "high_expenses", estimatedValueCents: 90_000 });
    expect(risk?.description).toBe(
      "Vos dépenses (900\u00a0€) représentent 90 % de vos encaissements sur 12 mois.",
    );
    expect(riskIds({ yearRevenueCents: 100_000, yearExpensesCents: 80_001 })).toEqual(["high_expenses"]);
    expect(riskIds({ yearRevenueCents: 0, yearExpensesCents: 1 })).toEqual(["high_expenses"]);
    expect(riskIds({ yearRevenueCents: 0, yearExpensesCents: 0 })).toEqual([]);
  });

  it("no active project", () => {
    expect(riskIds({ activeProjects: 0 })).toEqual(["no_active_project"]);
  });

  it("come in the spec's order", () => {
    expect(
      riskIds({ overdueCount: 4, cashRatio: 3, yearExpensesCents: 2_000_000, activeProjects: 0 }),
    ).toEqual(["overdue_invoices", "slow_collection", "high_expenses", "no_active_project"]);
  });
});

describe("the opportunities of spec §9", () => {
  it("none on the quiet baseline", () => {
    expect(opportunitiesOf(figuresWith())).toEqual([]);
  });

  it("more than 5 clients bringing under 1 000 € on average", () => {
    expect(opportunityIds({ clientsCount: 5, averageRevenuePerClientCents: 50_000 })).toEqual([]);
    expect(opportunityIds({ clientsCount: 6, averageRevenuePerClientCents: 100_000 })).toEqual([]);
    const [opportunity] = opportunitiesOf(
      figuresWith({ clientsCount: 6, averageRevenuePerClientCents: 99_999 }),
    );
    expect(opportunity).toMatchObject({ id: "low_value_clients", title: "Augmenter la valeur par client" });
    expect(opportunity?.description).toMatch(
      /^6 clients pour 999,99\u00a0€ encaissés en moyenne sur 12 mois/,
    );
  });

  it("more than 3 active projects", () => {
    expect(opportunityIds({ activeProjects: 3 })).toEqual([]);
    expect(opportunitiesOf(figuresWith({ activeProjects: 4 }))[0]?.description).toMatch(
      /^4 projets actifs : /,
    );
  });

  it("no overdue invoice and more than 5 000 € pending", () => {
    expect(opportunityIds({ overdueCount: 0, pendingCents: 500_000 })).toEqual([]);
    expect(opportunityIds({ overdueCount: 0, pendingCents: 500_001 })).toEqual(["healthy_receivables"]);
    expect(opportunityIds({ overdueCount: 1, pendingCents: 900_000 })).toEqual([]);
  });
});
