import type { ActionResult } from "@shared/schemas/assistant";
import type { AssistantIntegration } from "@shared/schemas/interpretation";
import type { Db } from "../../db/client";
import { connectCalendar } from "../calendar/calendar.service";

export const integrationLabels: Record<AssistantIntegration, string> = {
  zapier: "Zapier",
  google_calendar: "Google Calendar",
  mailchimp: "Mailchimp",
  stripe: "Stripe",
};

/**
 * "Use an integration" from the assistant. Google Calendar is the ICS feed (a URL Google subscribes to, no
 * Google account linking); the others are on the roadmap (ARCHITECTURE.md: webhooks, Stripe payment links)
 * and the assistant says so plainly with the spec's failure wording rather than pretending.
 */
export async function runIntegration(
  db: Db,
  userId: string,
  kind: AssistantIntegration,
  appUrl: string,
): Promise<ActionResult> {
  if (kind !== "google_calendar")
    return {
      type: "use_integration",
      success: false,
      message: `Je n'ai pas pu utiliser l'intégration "${integrationLabels[kind]}": elle n'est pas encore disponible dans Ardoise.`,
    };
  const feed = await connectCalendar(db, userId, appUrl);
  return {
    type: "use_integration",
    success: true,
    message: calendarInstructions(feed.url),
    data: { id: feed.id, label: "Flux de calendrier", link: feed.url },
  };
}

function calendarInstructions(url: string): string {
  const isLocal = /^https?:\/\/(localhost|127\.|\[::1\])/.test(url);
  return [
    `Votre flux de calendrier Ardoise est prêt : échéances des factures impayées, rappels de paiement, fins de validité des devis envoyés, tâches à faire et fins de contrat. Son adresse : ${url}`,
    "Dans Google Calendar (sur ordinateur), ouvrez « Autres agendas » → « + » → « À partir de l'URL », collez cette adresse puis cliquez sur « Ajouter l'agenda ». Google le met à jour de lui-même, toutes les quelques heures.",
    "Gardez cette adresse pour vous : elle donne accès à ces dates sans connexion. Vous pouvez la changer ou la désactiver dans Intégrations.",
    ...(isLocal
      ? [
          "Ardoise tourne ici en local : Google ne pourra lire ce flux qu'une fois Ardoise accessible depuis Internet.",
        ]
      : []),
  ].join("\n\n");
}
