import { assistantIntegrations } from "@shared/schemas/interpretation";
import { z } from "zod";
import { integrationLabels, runIntegration } from "../integrations";
import { defineAction } from "./common";

export const useIntegration = defineAction({
  input: z.object({ integration: z.enum(assistantIntegrations) }),
  tool: "Utilise une intégration (Zapier, Google Calendar, Mailchimp, Stripe).",
  consent: "unless-agent-mode",
  failure: "Je n'ai pas pu utiliser l'intégration.",
  describe: (input) => ({ summary: `Connecter ${integrationLabels[input.integration]}`, details: [] }),
  run: async ({ db, userId, appUrl }, input) => {
    const { type: _type, ...outcome } = await runIntegration(db, userId, input.integration, appUrl);
    return outcome;
  },
});
