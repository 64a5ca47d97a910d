import { assistantIntegrations } from "@shared/schemas/interpretation";
import { z } from "zod";
import { integrationProposal, integrationQuestion, runIntegration } from "../integrations";
import { defineAction, invoiceNumber } from "./common";

export const useIntegration = defineAction({
  input: z.object({
    integration: z.enum(assistantIntegrations),
    invoiceNumber: invoiceNumber.optional(),
  }),
  tool: "Utilise une intégration : Google Calendar (flux d'agenda), Mailchimp (envoie les clients dans l'audience), Zapier (jeton d'API), Stripe (lien de paiement d'une facture, avec son numéro).",
  // A Zapier token, the calendar feed's secret URL, clients sent to Mailchimp, a Stripe payment link.
  consent: { always: ["creates-credential", "reveals-secret", "reaches-outside", "moves-money"] },
  failure: "Je n'ai pas pu utiliser l'intégration.",
  // Not connected yet, or not built: the answer says what to do instead of proposing what cannot run.
  prepare: async ({ db, userId }, input) => {
    const question = await integrationQuestion(db, userId, input.integration, input);
    return question ? { question } : { input };
  },
  describe: (input) => ({
    summary: integrationProposal(input.integration),
    details: input.invoiceNumber ? [{ label: "Facture", value: input.invoiceNumber }] : [],
  }),
  run: async ({ db, userId, appUrl }, input) => {
    const { type: _type, ...outcome } = await runIntegration(db, userId, input.integration, appUrl, input);
    return outcome;
  },
});
