import { z } from "zod";

/** An automation rule as the Automatisations page shows it. */
export const automationDto = z.object({
  id: z.string(),
  name: z.string(),
  /** The user's own words, as given to the assistant. */
  description: z.string().nullable(),
  /** What starts it and what it does, in French. */
  trigger: z.string(),
  action: z.string(),
  isActive: z.boolean(),
  /** Whether Ardoise runs this kind of rule by itself yet. */
  runsAutomatically: z.boolean(),
  runCount: z.number().int(),
  lastRunAt: z.string().nullable(),
  /** The next planned run of a scheduled rule (the weekly summary), when active. */
  nextRunAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AutomationDto = z.infer<typeof automationDto>;

export const automationsDto = z.object({ items: z.array(automationDto) });
export type AutomationsDto = z.infer<typeof automationsDto>;

export const updateAutomationInput = z.object({
  isActive: z.boolean({ error: "Indiquez si l'automatisation est active." }),
});
export type UpdateAutomationInput = z.infer<typeof updateAutomationInput>;

const TRIGGER_LABELS: Record<string, string> = {
  invoice_overdue: "Quand une facture passe en retard",
  schedule: "Chaque semaine",
  manual: "À la demande",
};

const ACTION_LABELS: Record<string, string> = {
  send_reminder: "Relancer le client par e-mail 7, 15 et 30 jours après l'échéance",
  notify: "Vous prévenir",
  send_summary: "Vous envoyer un bilan par e-mail le lundi matin",
};

/** The French wording of a stored trigger (its `type`, and `daysBefore` for quotes). */
export function describeTrigger(trigger: { type: string } & Record<string, unknown>): string {
  if (trigger.type === "quote_expiring") {
    const days = typeof trigger.daysBefore === "number" ? trigger.daysBefore : 3;
    return `${days} jours avant la fin de validité d'un devis envoyé`;
  }
  return TRIGGER_LABELS[trigger.type] ?? "À la demande";
}

export function describeAutomationAction(action: { type: string }): string {
  return ACTION_LABELS[action.type] ?? "Vous prévenir";
}
