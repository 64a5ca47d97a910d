import { bigint, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { checkIn, day } from "./columns";
import { tenantPolicy, tenantUserId } from "./tenancy";

/**
 * revenue: payments by the month they were received (cash basis, refunds negative); expenses: expenses by
 * their month; unpaid: issued invoices still owed (invoices.ts isUnpaidInvoice) by due date, so that what is
 * overdue today is a sum over the days before today; issued: issued invoices (credit notes excluded).
 */
export const dashboardFigures = ["revenue", "expenses", "unpaid", "issued"] as const;
export type DashboardFigure = (typeof dashboardFigures)[number];

/**
 * The dashboard's sums per user, figure and day, kept by statement-level triggers on invoices, payments and
 * expenses (migration dashboard-totals) so that the dashboard reads a few hundred rows instead of aggregating
 * every invoice and payment of the account on each request (issue 15: 736 ms at 100 000 invoices). `day` is
 * the first of the month for revenue and expenses, the due date for unpaid invoices, and 'infinity' where
 * there is none (issued; an unpaid invoice without due date, which is never overdue).
 */
export const dashboardTotals = pgTable(
  "dashboard_totals",
  {
    userId: tenantUserId(),
    figure: text("figure", { enum: dashboardFigures }).notNull(),
    day: day("day").notNull(),
    count: integer("count").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.figure, t.day] }),
    checkIn("dashboard_totals_figure_check", t.figure, dashboardFigures),
    tenantPolicy(t.userId),
  ],
).enableRLS();
