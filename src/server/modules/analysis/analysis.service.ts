import { analyzeBusiness } from "@shared/domain/analysis/analyze";
import { type BusinessSnapshot, CASH_FLOW_HORIZONS_DAYS } from "@shared/domain/analysis/snapshot";
import { addDays, parisToday } from "@shared/domain/dates";
import { ANALYSIS_CACHE_MS, type AnalysisDto } from "@shared/schemas/analysis";
import { and, eq, gt, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { invoiceAmountDueCents, invoices, payments } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { getDashboard } from "../dashboard/dashboard.service";

/** The "monthly revenue" window of the health score (see BusinessSnapshot.monthlyRevenueCents). */
const MONTHLY_REVENUE_DAYS = 30;
/** Bounds the cache like the paid-flag cache: beyond it, everything is forgotten at once. */
const CACHE_MAX_USERS = 10_000;

/** Sums are bigint: node-postgres reads them as strings, PGlite as numbers; both become numbers. */
const sumCents = (expression: SQL, filter?: SQL) => {
  const where = filter ? sql` filter (where ${filter})` : sql``;
  return sql<number>`coalesce(sum(${expression})${where}, 0)`.mapWith(Number);
};

/**
 * What the dashboard does not already compute: the rolling 30 days of revenue, and receivables not yet
 * overdue by due-date horizon (an invoice without a due date counts as due today).
 */
async function loadCashFigures(db: Db, userId: string, today: string) {
  const remaining = invoiceAmountDueCents;
  const dueOn = sql`coalesce(${invoices.dueDate}, ${today}::date)`;
  return withTenant(db, userId, async (tx) => {
    const [collected] = await tx
      .select({ cents: sumCents(sql`${payments.amountCents}`) })
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          gt(payments.paidOn, addDays(today, -MONTHLY_REVENUE_DAYS)),
          lte(payments.paidOn, today),
        ),
      );
    const [due] = await tx
      .select(
        Object.fromEntries(
          CASH_FLOW_HORIZONS_DAYS.map((days) => [
            days,
            sumCents(
              remaining,
              sql`${dueOn} >= ${today}::date and ${dueOn} <= ${addDays(today, days)}::date`,
            ),
          ]),
        ),
      )
      .from(invoices)
      // The dashboard's "pending": issued invoices still owed; drafts, cancelled ones and credit notes aside.
      .where(
        and(
          eq(invoices.userId, userId),
          eq(invoices.kind, "facture"),
          inArray(invoices.status, ["en-attente", "en-retard"]),
        ),
      );
    return {
      monthlyRevenueCents: collected?.cents ?? 0,
      receivablesDue: CASH_FLOW_HORIZONS_DAYS.map((days) => ({
        days,
        amountCents: Number(due?.[days] ?? 0),
      })),
    };
  });
}

/**
 * One user's figures, all summed by PostgreSQL. The dashboard's aggregate is reused as is, so the card
 * and the figures beside it never disagree. The spec's read limits (expenses and payments: latest 50,
 * tasks: 100) bound lists of records handed to the assistant; here no record is read, only sums, and
 * summing only the latest 50 payments would understate an active freelancer's revenue.
 */
export async function loadBusinessSnapshot(
  db: Db,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<BusinessSnapshot> {
  const today = parisToday(now);
  // One after the other: PGlite has a single connection, and a pool should not hold two for one request.
  const dashboard = await getDashboard(db, { userId, now });
  const cash = await loadCashFigures(db, userId, today);
  return {
    today,
    monthlyRevenueCents: cash.monthlyRevenueCents,
    months: dashboard.series,
    pending: dashboard.pending,
    overdue: dashboard.overdue,
    receivablesDue: cash.receivablesDue,
    activeProjects: dashboard.activeProjects,
    clientsCount: dashboard.counts.clients,
  };
}

/** Issue 5: the business analysis of one user, computed now. */
export async function getBusinessAnalysis(
  db: Db,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<AnalysisDto> {
  const snapshot = await loadBusinessSnapshot(db, { userId, now });
  return { generatedAt: now.toISOString(), ...analyzeBusiness(snapshot) };
}

type ReaderOptions = { ttlMs?: number; clock?: () => Date };

/**
 * Spec §9 "Business data cache: 5 minutes": one analysis per user, kept that long in this process. The
 * promise is kept, so simultaneous requests share one computation; a failure is not kept. `fresh`
 * recomputes at once, for a user who has just changed their data.
 */
export type AnalysisReader = (userId: string, options?: { fresh?: boolean }) => Promise<AnalysisDto>;

export function createAnalysisReader(
  db: Db,
  { ttlMs = ANALYSIS_CACHE_MS, clock = () => new Date() }: ReaderOptions = {},
) {
  const cache = new Map<string, { expiresAt: number; analysis: Promise<AnalysisDto> }>();
  const read: AnalysisReader = (userId, { fresh = false } = {}) => {
    const now = clock();
    const cached = cache.get(userId);
    if (!fresh && cached && cached.expiresAt > now.getTime()) return cached.analysis;
    if (cache.size >= CACHE_MAX_USERS) cache.clear();
    const analysis = getBusinessAnalysis(db, { userId, now });
    cache.set(userId, { expiresAt: now.getTime() + ttlMs, analysis });
    analysis.catch(() => {
      if (cache.get(userId)?.analysis === analysis) cache.delete(userId);
    });
    return analysis;
  };
  return read;
}
