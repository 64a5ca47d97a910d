/**
 * What the analysis reads: one user's figures on one day, in integer cents, TTC. The server fills it with
 * SQL aggregates; everything else in this folder is pure arithmetic and French wording on top of it.
 */

export type MonthFigures = {
  /** YYYY-MM. */
  month: string;
  /** Collected that month (payments by their date). */
  revenueCents: number;
  /** Expenses dated that month, whatever their status. */
  expensesCents: number;
};

export type BusinessSnapshot = {
  /** YYYY-MM-DD, Paris calendar. */
  today: string;
  /**
   * "Monthly revenue" of spec §9: collected over the 30 days ending today. A rolling window rather than the
   * calendar month, so the score does not lose its revenue points (and take "no revenue") every 1st of the
   * month when the calendar month restarts from zero.
   */
  monthlyRevenueCents: number;
  /** The last 12 calendar months, oldest first; the last one is the current, incomplete month. */
  months: MonthFigures[];
  /** Issued invoices not fully paid (en attente or en retard): what remains to be paid. */
  pending: { count: number; amountCents: number };
  /** The part of `pending` whose due date has passed. */
  overdue: { count: number; amountCents: number };
  /**
   * The part of `pending` not yet overdue, cumulated by due date: what falls due within 30, 60 and 90 days
   * (see CASH_FLOW_HORIZONS_DAYS). An invoice without a due date counts as due today.
   */
  receivablesDue: { days: number; amountCents: number }[];
  /** Projects whose status is active or en-cours (spec §4). */
  activeProjects: number;
  clientsCount: number;
};

/** The horizons of the cash-flow prediction, in days. */
export const CASH_FLOW_HORIZONS_DAYS = [30, 60, 90] as const;
