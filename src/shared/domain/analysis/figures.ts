import type { AnalysisFigures } from "../../schemas/analysis";
import { cashRatio } from "./cash-ratio";
import type { BusinessSnapshot } from "./snapshot";

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The figures every rule reads, derived once. `cashRatio` may be infinite here (see cash-ratio.ts);
 * the DTO carries it rounded, or null.
 */
export function figuresOf(snapshot: BusinessSnapshot): AnalysisFigures {
  const yearRevenueCents = sum(snapshot.months.map((month) => month.revenueCents));
  return {
    monthlyRevenueCents: snapshot.monthlyRevenueCents,
    cashRatio: cashRatio(snapshot.pending.amountCents, snapshot.monthlyRevenueCents),
    pendingCents: snapshot.pending.amountCents,
    overdueCount: snapshot.overdue.count,
    overdueCents: snapshot.overdue.amountCents,
    activeProjects: snapshot.activeProjects,
    clientsCount: snapshot.clientsCount,
    yearRevenueCents,
    yearExpensesCents: sum(snapshot.months.map((month) => month.expensesCents)),
    // Every client counts, prospects included: §9's "average revenue" is what a client brings on average.
    averageRevenuePerClientCents:
      snapshot.clientsCount > 0 ? Math.round(yearRevenueCents / snapshot.clientsCount) : null,
  };
}
