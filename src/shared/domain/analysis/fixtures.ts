/** Builders for the tests of this folder: a quiet account on 15 June 2025, changed field by field. */
import type { AnalysisFigures } from "../../schemas/analysis";
import { type BusinessSnapshot, CASH_FLOW_HORIZONS_DAYS, type MonthFigures } from "./snapshot";

export const TODAY = "2025-06-15";

/** July 2024 → June 2025, every month empty except those given ("2025-03": [revenue, expenses]). */
export function monthsWith(values: Record<string, [number, number]> = {}): MonthFigures[] {
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(2024, 6 + index, 1));
    const month = date.toISOString().slice(0, 7);
    const [revenueCents, expensesCents] = values[month] ?? [0, 0];
    return { month, revenueCents, expensesCents };
  });
}

export function snapshotWith(overrides: Partial<BusinessSnapshot> = {}): BusinessSnapshot {
  return {
    today: TODAY,
    monthlyRevenueCents: 0,
    months: monthsWith(),
    pending: { count: 0, amountCents: 0 },
    overdue: { count: 0, amountCents: 0 },
    receivablesDue: CASH_FLOW_HORIZONS_DAYS.map((days) => ({ days, amountCents: 0 })),
    activeProjects: 0,
    clientsCount: 0,
    ...overrides,
  };
}

/**
 * Figures that earn exactly one score rule (+10, active projects): 1 000 € collected, 1 invoice overdue,
 * a cash ratio of 1. Score 80.
 */
export function figuresWith(overrides: Partial<AnalysisFigures> = {}): AnalysisFigures {
  return {
    monthlyRevenueCents: 100_000,
    cashRatio: 1,
    pendingCents: 100_000,
    overdueCount: 1,
    overdueCents: 20_000,
    activeProjects: 1,
    clientsCount: 1,
    yearRevenueCents: 1_000_000,
    yearExpensesCents: 100_000,
    averageRevenuePerClientCents: 1_000_000,
    ...overrides,
  };
}
