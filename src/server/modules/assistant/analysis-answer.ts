import { fold } from "@shared/fold";
import { formatMoney } from "@shared/format";
import type { AnalysisDto } from "@shared/schemas/analysis";

/** Words that ask for the business analysis rather than a list or a record. */
const ANALYSIS_WORDS =
  /\b(analys\w*|sante|bilan|score|rapport|resume\w*|synthese|comment va|point sur|tresorerie|previsions?|conseils?|recommandations?)\b/;

export function asksForAnalysis(text: string): boolean {
  return ANALYSIS_WORDS.test(fold(text));
}

const priorityMarks = { urgent: "🔴", important: "🟠", optional: "🟢" } as const;

/** The analysis in a few French lines: score, key figures, insights, the 30-day cash flow and next month. */
export function describeAnalysis(analysis: AnalysisDto): string {
  const { figures, predictions } = analysis;
  const cash = predictions.cashFlow.horizons.find((horizon) => horizon.days === 30);
  const lines = [
    `**Santé de l'activité : ${analysis.healthScore}/100**`,
    "",
    `- Encaissé sur 30 jours : ${formatMoney(figures.monthlyRevenueCents)}`,
    `- À encaisser : ${formatMoney(figures.pendingCents)}${figures.overdueCount ? `, dont ${figures.overdueCount} facture${figures.overdueCount > 1 ? "s" : ""} en retard (${formatMoney(figures.overdueCents)})` : ""}`,
    `- Projets actifs : ${figures.activeProjects}`,
  ];
  if (analysis.insights.length) {
    lines.push("", "**À retenir**");
    for (const insight of analysis.insights)
      lines.push(`- ${priorityMarks[insight.priority]} **${insight.title}** — ${insight.description}`);
  }
  lines.push("", "**Prévisions**");
  if (cash)
    lines.push(
      `- Trésorerie à 30 jours : ${formatMoney(cash.netCents)} (entrées ${formatMoney(cash.inflowCents)}, dépenses ${formatMoney(cash.outflowCents)})`,
    );
  lines.push(
    `- Chiffre d'affaires attendu le mois prochain : ${formatMoney(predictions.revenue.nextMonthCents)}`,
  );
  const links = analysis.actions.flatMap((action) =>
    action.href ? [`[${action.title}](${action.href})`] : [],
  );
  if (links.length) lines.push("", `Pistes : ${links.slice(0, 3).join(" · ")}`);
  return lines.join("\n");
}
