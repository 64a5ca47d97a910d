import type { ActionResult } from "@shared/schemas/assistant";
import type { AssistantIntegration } from "@shared/schemas/interpretation";

export const integrationLabels: Record<AssistantIntegration, string> = {
  zapier: "Zapier",
  google_calendar: "Google Calendar",
  mailchimp: "Mailchimp",
  stripe: "Stripe",
};

/**
 * The integrations are on the roadmap (ARCHITECTURE.md: webhooks, ICS feed, Stripe payment links), not
 * built yet: the assistant says so plainly with the spec's failure wording rather than pretending.
 */
export function integrationUnavailable(kind: AssistantIntegration): ActionResult {
  return {
    type: "use_integration",
    success: false,
    message: `Je n'ai pas pu utiliser l'intégration "${integrationLabels[kind]}": elle n'est pas encore disponible dans Ardoise.`,
  };
}
