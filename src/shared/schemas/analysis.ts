import { z } from "zod";

const cents = z.number().int();

/** Spec §9 "Business data cache: 5 minutes": the server keeps one analysis per user that long. */
export const ANALYSIS_CACHE_MS = 5 * 60 * 1000;

/** Spec §9 "Insights: at most 4". */
export const MAX_INSIGHTS = 4;

export const analysisQuery = z.object({
  /** "1" recomputes now instead of answering from the 5-minute cache (after the user changed data). */
  fresh: z.enum(["0", "1"]).optional(),
});

/** One line of the health score: why it went up or down. */
export const scoreFactor = z.object({ id: z.string(), label: z.string(), points: z.number().int() });
export type ScoreFactor = z.infer<typeof scoreFactor>;

/** A risk or an opportunity of spec §9, or a risk read in the predictions. */
export const finding = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** The money at stake, when there is one. */
  estimatedValueCents: cents.nullable(),
});
export type Finding = z.infer<typeof finding>;

/** The badges of spec §2's suggestion cards: Urgent, Important, Optionnel. */
export const insightPriorities = ["urgent", "important", "optional"] as const;
export type InsightPriority = (typeof insightPriorities)[number];

/** Spec §3 "Insight"; money in cents as everywhere else. */
export const insight = z.object({
  id: z.string(),
  type: z.enum(["financial", "risk", "opportunity"]),
  title: z.string(),
  description: z.string(),
  priority: z.enum(insightPriorities),
  /** Importance from 0 to 100; the list is sorted by it. */
  score: z.number().int().min(0).max(100),
  /** What is likely to happen next, in French, when the insight has a forecast to tell. */
  prediction: z.string().nullable(),
  estimatedValueCents: cents.nullable(),
  /** Ids of the entries of `actions` that answer this insight. */
  actions: z.array(z.string()),
});
export type Insight = z.infer<typeof insight>;

export const actionTypes = ["send", "create", "update", "review"] as const;
export type ActionType = (typeof actionTypes)[number];
const level = z.enum(["high", "medium", "low"]);

/** Spec §3 "Action", plus the page where the user carries it out. */
export const businessAction = z.object({
  id: z.string(),
  type: z.enum(actionTypes),
  title: z.string(),
  description: z.string(),
  impact: level,
  effort: level,
  estimatedValueCents: cents.nullable(),
  /** The application can carry it out itself (after confirmation when `requiresConfirmation`). */
  automated: z.boolean(),
  requiresConfirmation: z.boolean(),
  executionPlan: z.array(z.string()),
  href: z.string().nullable(),
});
export type BusinessAction = z.infer<typeof businessAction>;

export const cashFlowHorizon = z.object({
  days: z.number().int(),
  /** Receivables expected by then: overdue ones and those falling due within `days`. */
  inflowCents: cents,
  /** Average monthly expenses over the same number of days. */
  outflowCents: cents,
  netCents: cents,
});
export type CashFlowHorizon = z.infer<typeof cashFlowHorizon>;

export const revenueForecast = z.object({
  /** The month forecast, YYYY-MM. */
  month: z.string(),
  nextMonthCents: cents,
  /** How many complete months the forecast rests on (0 to 3). */
  basisMonths: z.number().int(),
  /** Against the 3 months before the basis, in percent; null without such a history. */
  changePercent: z.number().int().nullable(),
  trend: z.enum(["up", "down", "stable"]).nullable(),
  confidence: z.enum(["low", "medium", "high"]),
});
export type RevenueForecast = z.infer<typeof revenueForecast>;

export const analysisFigures = z.object({
  /** Collected over the 30 days ending today (payments by their date, TTC). */
  monthlyRevenueCents: cents,
  /** Pending receivables ÷ monthly revenue; null when nothing was collected over the 30 days. */
  cashRatio: z.number().nullable(),
  pendingCents: cents,
  overdueCount: z.number().int(),
  overdueCents: cents,
  activeProjects: z.number().int(),
  clientsCount: z.number().int(),
  /** Collected and spent over the last 12 calendar months, the current one included. */
  yearRevenueCents: cents,
  yearExpensesCents: cents,
  /** Collected over 12 months ÷ clients; null without clients. */
  averageRevenuePerClientCents: cents.nullable(),
});
export type AnalysisFigures = z.infer<typeof analysisFigures>;

/** The business analysis (issue 5; spec §3 "Assistant result" businessScore, insights, actions, predictions). */
export const analysisDto = z.object({
  /** When it was computed (ISO): the answer may come from the 5-minute cache. */
  generatedAt: z.string(),
  today: z.string(),
  healthScore: z.number().int().min(0).max(100),
  scoreFactors: z.array(scoreFactor),
  figures: analysisFigures,
  risks: z.array(finding),
  opportunities: z.array(finding),
  insights: z.array(insight).max(MAX_INSIGHTS),
  actions: z.array(businessAction),
  predictions: z.object({
    cashFlow: z.object({ averageMonthlyExpensesCents: cents, horizons: z.array(cashFlowHorizon) }),
    revenue: revenueForecast,
    risks: z.array(finding),
  }),
});
export type AnalysisDto = z.infer<typeof analysisDto>;
