import { isOverdueReminderRule, isWeeklySummaryRule, nextWeeklySummaryAt } from "@shared/domain/automations";
import { fold } from "@shared/fold";
import { formatDate } from "@shared/format";
import { paths } from "@shared/paths";
import { z } from "zod";
import { automations } from "../../../db/schema/index";
import { withTenant } from "../../../db/tenant";
import { defineAction } from "./common";

export const createAutomation = defineAction({
  input: z.object({
    description: z.string().trim().min(3, "Décrivez l'automatisation.").max(500),
  }),
  tool: "Crée une règle d'automatisation décrite en français.",
  consent: "unless-agent-mode",
  failure: "Je n'ai pas pu créer l'automatisation.",
  describe: (input) => ({ summary: `Créer l'automatisation : ${input.description}`, details: [] }),
  run: async ({ db, userId, now }, input) => {
    const rule = automationFromDescription(input.description);
    const nextRunAt = isWeeklySummaryRule(rule.trigger, rule.action) ? nextWeeklySummaryAt(now) : null;
    const [row] = await withTenant(db, userId, (tx) =>
      tx
        .insert(automations)
        .values({
          userId,
          name: rule.name,
          description: input.description,
          trigger: rule.trigger,
          action: rule.action,
          nextRunAt,
        })
        .returning({ id: automations.id }),
    );
    return {
      success: true,
      message: `Automatisation « ${rule.name} » créée : ${whatTheRuleDoes(rule, nextRunAt)}`,
      data: { id: row?.id ?? "", label: rule.name, link: paths.app.automations },
    };
  },
});

/** What the user can expect from a new rule, said plainly: only two kinds run by themselves today. */
function whatTheRuleDoes(rule: ReturnType<typeof automationFromDescription>, nextRunAt: Date | null): string {
  if (isOverdueReminderRule(rule.trigger, rule.action))
    return "vos clients seront relancés par e-mail 7, 15 et 30 jours après l'échéance de chaque facture impayée.";
  if (nextRunAt)
    return `votre bilan partira chaque lundi matin, la première fois le ${formatDate(nextRunAt.toISOString())}.`;
  return "elle est enregistrée, mais ce type de règle ne s'exécute pas encore tout seul.";
}

/** A rule from French words: what triggers it and what it does. Unknown wording gives a manual rule. */
export function automationFromDescription(description: string) {
  const text = fold(description);
  if (/(relanc|rappel).*(factur|impaye|retard)|(factur|impaye|retard).*(relanc|rappel)/.test(text))
    return {
      name: "Relance des factures en retard",
      trigger: { type: "invoice_overdue" },
      action: { type: "send_reminder" },
    };
  if (/devis.*(expir|relanc|suivi)/.test(text))
    return {
      name: "Suivi des devis envoyés",
      trigger: { type: "quote_expiring", daysBefore: 3 },
      action: { type: "notify" },
    };
  if (/(resume|rapport|bilan).*(semaine|hebdo)/.test(text))
    return {
      name: "Bilan hebdomadaire",
      trigger: { type: "schedule", every: "week" },
      action: { type: "send_summary" },
    };
  return { name: description.slice(0, 60), trigger: { type: "manual" }, action: { type: "notify" } };
}
