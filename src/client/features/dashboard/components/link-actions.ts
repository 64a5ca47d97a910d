import type { BusinessAction, Insight } from "@shared/schemas/analysis";

/**
 * One link per action, under the insight it answers most directly: insights with fewer actions to choose
 * from choose first (the overdue invoices keep "Relancer…", a low score then offers its other remedy).
 */
export function linkActions(insights: Insight[], actions: BusinessAction[]): Map<string, BusinessAction> {
  const linkable = new Map(actions.filter((action) => action.href).map((action) => [action.id, action]));
  const optionsOf = (insight: Insight) => insight.actions.flatMap((id) => linkable.get(id) ?? []);
  const used = new Set<string>();
  const links = new Map<string, BusinessAction>();
  for (const insight of [...insights].sort((a, b) => optionsOf(a).length - optionsOf(b).length)) {
    const action = optionsOf(insight).find((option) => !used.has(option.id));
    if (!action) continue;
    used.add(action.id);
    links.set(insight.id, action);
  }
  return links;
}
