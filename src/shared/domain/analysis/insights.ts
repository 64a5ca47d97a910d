import {
  type AnalysisFigures,
  type CashFlowHorizon,
  type Finding,
  type Insight,
  MAX_INSIGHTS,
  type RevenueForecast,
  type ScoreFactor,
} from "../../schemas/analysis";
import { CASH_RATIO, isCashRatioOver } from "./cash-ratio";
import { cashRatioText } from "./findings";
import { euros } from "./text";

/** Spec §9 "Insights" thresholds on the health score. */
export const HEALTH_INSIGHT = { under: 70, urgentUnder: 50 } as const;

/**
 * The importance of each insight, which orders them before the list is cut to 4: urgent spec triggers,
 * then money already late or missing, then the other risks, then opportunities.
 */
const IMPORTANCE: Record<string, number> = {
  health_score_urgent: 95,
  cash_ratio_urgent: 90,
  overdue_invoices: 85,
  health_score: 80,
  cash_shortfall: 78,
  cash_ratio: 75,
  high_expenses: 70,
  no_active_project: 65,
  revenue_decline: 60,
  healthy_receivables: 50,
  busy_projects: 45,
  low_value_clients: 40,
};

type Sources = {
  figures: AnalysisFigures;
  score: number;
  factors: ScoreFactor[];
  risks: Finding[];
  opportunities: Finding[];
  predictionRisks: Finding[];
  cashFlow: CashFlowHorizon[];
  revenue: RevenueForecast;
  /** The ids of the actions answering a trigger (actions.ts). */
  answering: (trigger: string) => string[];
};

/** `triggers`: the ids whose actions answer the insight (its own, or the causes of a low score). */
type Draft = Omit<Insight, "actions" | "score"> & { importance: string; triggers: string[] };

const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase("fr-FR") + text.slice(1);

function healthInsight({ score, factors }: Sources): Draft | null {
  if (score >= HEALTH_INSIGHT.under) return null;
  const isUrgent = score < HEALTH_INSIGHT.urgentUnder;
  // Below 70 at least one rule took points away: those are the causes.
  const causes = factors.filter((factor) => factor.points < 0);
  return {
    id: "health_score",
    importance: isUrgent ? "health_score_urgent" : "health_score",
    triggers: causes.map((cause) => cause.id),
    type: "financial",
    title: `Santé de l'activité : ${score}/100`,
    description: `En cause : ${causes.map((cause) => lowerFirst(cause.label)).join(", ")}.`,
    priority: isUrgent ? "urgent" : "important",
    prediction: null,
    estimatedValueCents: null,
  };
}

function cashRatioInsight({ figures, cashFlow }: Sources): Draft | null {
  if (!isCashRatioOver(figures.cashRatio, CASH_RATIO.insightOver)) return null;
  const isUrgent = isCashRatioOver(figures.cashRatio, CASH_RATIO.urgentOver);
  const soon = cashFlow[0];
  return {
    id: "cash_ratio",
    importance: isUrgent ? "cash_ratio_urgent" : "cash_ratio",
    triggers: ["cash_ratio"],
    type: "financial",
    title: "Beaucoup d'argent en attente",
    description: cashRatioText(figures),
    priority: isUrgent ? "urgent" : "important",
    prediction: soon
      ? `${euros(soon.inflowCents)} attendus d'ici ${soon.days} jours, factures en retard comprises.`
      : null,
    estimatedValueCents: figures.pendingCents,
  };
}

function predictionOf(risk: Finding, { cashFlow, revenue }: Sources): string | null {
  if (risk.id === "revenue_decline") return `${euros(revenue.nextMonthCents)} attendus le mois prochain.`;
  if (risk.id === "cash_shortfall") {
    const [horizon] = cashFlow;
    return horizon ? `Solde prévisionnel à ${horizon.days} jours : ${euros(horizon.netCents)}.` : null;
  }
  return null;
}

const fromFinding =
  (type: Insight["type"], priority: Insight["priority"], sources: Sources) =>
  (finding: Finding): Draft => ({
    ...finding,
    importance: finding.id,
    triggers: [finding.id],
    type,
    priority,
    prediction: predictionOf(finding, sources),
  });

/**
 * Spec §9 "Insights": at most 4, from the health score (under 70, urgent under 50) and the cash ratio
 * (over 1, urgent over 2), completed by the risks (the forecasts' included) and the opportunities. A risk
 * the health insight already names, or that the cash-ratio insight tells, is not said twice.
 */
export function insightsOf(sources: Sources): Insight[] {
  const health = healthInsight(sources);
  const cash = cashRatioInsight(sources);
  const alreadySaid = new Set<string>(cash ? ["slow_collection"] : []);
  if (health) for (const factor of sources.factors) alreadySaid.add(factor.id);
  const drafts = [
    health,
    cash,
    ...sources.risks
      .filter((risk) => !alreadySaid.has(risk.id))
      .map(fromFinding("risk", "important", sources)),
    ...sources.predictionRisks.map(fromFinding("financial", "important", sources)),
    ...sources.opportunities.map(fromFinding("opportunity", "optional", sources)),
  ].filter((draft): draft is Draft => draft !== null);
  return drafts
    .map(({ importance, triggers, ...draft }) => ({
      ...draft,
      score: IMPORTANCE[importance] ?? 0,
      actions: [...new Set(triggers.flatMap((trigger) => sources.answering(trigger)))],
    }))
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_INSIGHTS);
}
