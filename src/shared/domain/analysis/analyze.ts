import type { AnalysisDto, AnalysisFigures } from "../../schemas/analysis";
import { actionsFor } from "./actions";
import { figuresOf } from "./figures";
import { opportunitiesOf, risksOf } from "./findings";
import { healthScore } from "./health-score";
import { insightsOf } from "./insights";
import {
  averageMonthlyExpenses,
  cashFlowForecast,
  historyOf,
  predictionRisks,
  revenueForecast,
} from "./predictions";
import type { BusinessSnapshot } from "./snapshot";

export type BusinessAnalysis = Omit<AnalysisDto, "generatedAt">;

/** JSON has no infinity: the DTO says null, which its schema documents as "nothing collected over 30 days". */
const forTransport = (figures: AnalysisFigures): AnalysisFigures => ({
  ...figures,
  cashRatio:
    figures.cashRatio !== null && Number.isFinite(figures.cashRatio)
      ? Math.round(figures.cashRatio * 100) / 100
      : null,
});

/** Issue 5: the health score, risks, opportunities, insights, actions and predictions of one snapshot. */
export function analyzeBusiness(snapshot: BusinessSnapshot): BusinessAnalysis {
  const figures = figuresOf(snapshot);
  const { score, factors } = healthScore(figures);
  const risks = risksOf(figures);
  const opportunities = opportunitiesOf(figures);
  const averageMonthlyExpensesCents = averageMonthlyExpenses(historyOf(snapshot.months));
  const cashFlow = cashFlowForecast(snapshot, averageMonthlyExpensesCents);
  const revenue = revenueForecast(snapshot);
  const forecastRisks = predictionRisks(cashFlow, revenue);
  const triggers = new Set([...risks, ...opportunities, ...forecastRisks].map((finding) => finding.id));
  const { actions, answering } = actionsFor(figures, triggers);
  return {
    today: snapshot.today,
    healthScore: score,
    scoreFactors: factors,
    figures: forTransport(figures),
    risks,
    opportunities,
    insights: insightsOf({
      figures,
      score,
      factors,
      risks,
      opportunities,
      predictionRisks: forecastRisks,
      cashFlow,
      revenue,
      answering,
    }),
    actions,
    predictions: {
      cashFlow: { averageMonthlyExpensesCents, horizons: cashFlow },
      revenue,
      risks: forecastRisks,
    },
  };
}
