import type { CashFlowHorizon, Finding, RevenueForecast } from "../../schemas/analysis";
import type { BusinessSnapshot, MonthFigures } from "./snapshot";
import { euros, percent } from "./text";

const DAYS_PER_MONTH = 30;
/**
 * Next month's revenue is a weighted average of the last 3 complete months, 3-2-1 from the most recent:
 * it follows a change of pace sooner than a plain mean, yet one exceptional month moves it by half at most,
 * where a straight-line trend on so few points would extrapolate that month into the future.
 */
const FORECAST_WEIGHTS = [3, 2, 1] as const;
/** A forecast within ±10 % of the 3 months before its basis is "stable". */
const TREND_THRESHOLD_PERCENT = 10;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The months a forecast may learn from: complete ones (the current month is still being collected), from the
 * first with any activity on (the empty months before an account started are not a history of zeros).
 */
export function historyOf(months: MonthFigures[]): MonthFigures[] {
  const complete = months.slice(0, -1);
  const first = complete.findIndex((month) => month.revenueCents > 0 || month.expensesCents > 0);
  return first === -1 ? [] : complete.slice(first);
}

export function averageMonthlyExpenses(history: MonthFigures[]): number {
  if (history.length === 0) return 0;
  return Math.round(sum(history.map((month) => month.expensesCents)) / history.length);
}

/**
 * Cash expected in and out over each horizon. In: overdue receivables (the reminders proposed alongside
 * aim to collect them first) and those falling due by then. Out: the average monthly expenses, pro rata.
 * No bank balance is known, so this is a net flow, not a balance; invoices not yet issued are left out.
 */
export function cashFlowForecast(
  snapshot: BusinessSnapshot,
  averageMonthlyExpensesCents: number,
): CashFlowHorizon[] {
  return snapshot.receivablesDue.map(({ days, amountCents }) => {
    const inflowCents = snapshot.overdue.amountCents + amountCents;
    const outflowCents = Math.round((averageMonthlyExpensesCents * days) / DAYS_PER_MONTH);
    return { days, inflowCents, outflowCents, netCents: inflowCents - outflowCents };
  });
}

function monthAfter(today: string): string {
  const date = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 7);
}

export function revenueForecast(snapshot: BusinessSnapshot): RevenueForecast {
  const history = historyOf(snapshot.months);
  const basis = history.slice(-FORECAST_WEIGHTS.length).reverse();
  const weights = FORECAST_WEIGHTS.slice(0, basis.length);
  const nextMonthCents =
    basis.length === 0
      ? 0
      : Math.round(
          sum(basis.map((month, index) => month.revenueCents * (weights[index] ?? 0))) / sum([...weights]),
        );
  const previous = history.slice(-2 * FORECAST_WEIGHTS.length, -FORECAST_WEIGHTS.length);
  const previousAverage =
    previous.length === FORECAST_WEIGHTS.length
      ? sum(previous.map((month) => month.revenueCents)) / previous.length
      : 0;
  const changePercent =
    previousAverage > 0 ? Math.round(((nextMonthCents - previousAverage) / previousAverage) * 100) : null;
  return {
    month: monthAfter(snapshot.today),
    nextMonthCents,
    basisMonths: basis.length,
    changePercent,
    trend:
      changePercent === null
        ? null
        : changePercent >= TREND_THRESHOLD_PERCENT
          ? "up"
          : changePercent <= -TREND_THRESHOLD_PERCENT
            ? "down"
            : "stable",
    confidence: history.length >= 6 ? "high" : history.length >= 3 ? "medium" : "low",
  };
}

/**
 * The risks the forecasts carry: expenses outrunning receivables within the first horizon, revenue falling.
 * Only the first horizon (30 days) counts: with usual payment terms, what comes in by then is already
 * invoiced, while at 60 and 90 days invoices not yet issued will come in too, so a shortfall there would
 * alarm every healthy account.
 */
export function predictionRisks(cashFlow: CashFlowHorizon[], revenue: RevenueForecast): Finding[] {
  const risks: Finding[] = [];
  const shortfall = cashFlow[0];
  if (shortfall && shortfall.netCents < 0)
    risks.push({
      id: "cash_shortfall",
      title: `Trésorerie sous tension à ${shortfall.days} jours`,
      description: `Les factures attendues (${euros(shortfall.inflowCents)}) ne couvriraient pas vos dépenses habituelles (${euros(shortfall.outflowCents)}) : il manquerait ${euros(-shortfall.netCents)}.`,
      estimatedValueCents: -shortfall.netCents,
    });
  if (revenue.trend === "down" && revenue.changePercent !== null)
    risks.push({
      id: "revenue_decline",
      title: "Encaissements en baisse",
      description: `Vos 3 derniers mois annoncent ${euros(revenue.nextMonthCents)} le mois prochain, ${percent(-revenue.changePercent)} de moins que la moyenne des 3 mois d'avant.`,
      estimatedValueCents: null,
    });
  return risks;
}
