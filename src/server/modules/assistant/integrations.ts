import { formatCount, formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { ActionResult } from "@shared/schemas/assistant";
import type { AssistantIntegration } from "@shared/schemas/interpretation";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { connectCalendar } from "../calendar/calendar.service";
import { createInvoicePaymentLink } from "../client-payments/payment-link.service";
import { mailchimpBlocker, requestMailchimpSync } from "../mailchimp/mailchimp.service";
import { createApiToken } from "../public-api/api-tokens.service";
import { payableInvoice } from "./actions/record-payment";

/**
 * "Use an integration" from the assistant (issue 14 §2), one entry per integration: its name, its proposal
 * line, what to say instead of proposing when it cannot be used as things stand (Mailchimp not connected…),
 * and what it does once the user consents; a failure is said with the spec's wording and the reason.
 */
type IntegrationRequest = { invoiceNumber?: string };

type IntegrationEntry = {
  label: string;
  proposal: string;
  blocker?: (db: Db, userId: string, request: IntegrationRequest) => Promise<string | null>;
  /** Throws an AppError with a French message on failure. */
  run: (
    db: Db,
    userId: string,
    appUrl: string,
    request: IntegrationRequest,
  ) => Promise<Pick<ActionResult, "message" | "data" | "secret">>;
};

const integrations: Record<AssistantIntegration, IntegrationEntry> = {
  google_calendar: {
    label: "Google Calendar",
    proposal: "Connecter Google Calendar",
    run: async (db, userId, appUrl) => {
      const feed = await connectCalendar(db, userId, appUrl);
      // An active feed's URL cannot be read back (only its hash is kept): say so rather than make another,
      // which would cut the calendar already subscribed.
      if (!feed.url)
        return {
          message: `Votre flux de calendrier est déjà actif depuis le ${formatDate(feed.createdAt)} : l'adresse ajoutée à votre agenda continue de fonctionner. Ardoise n'en garde qu'une empreinte et ne peut pas la réafficher ; pour en obtenir une nouvelle (l'ancienne cessera aussitôt de fonctionner), choisissez « Nouvelle adresse » dans Intégrations.`,
          data: { id: feed.id, label: "Intégrations", link: paths.app.integrations },
        };
      // The URL opens the user's dates without a session: it goes in the result box's link only, never in
      // the message, which is stored with the execution, kept in the conversation and read by models.
      return {
        message: calendarInstructions(feed.url),
        data: { id: feed.id, label: "Flux de calendrier", link: feed.url },
      };
    },
  },
  mailchimp: {
    label: "Mailchimp",
    proposal: "Envoyer vos clients vers votre audience Mailchimp",
    blocker: (db, userId) => mailchimpBlocker(db, { userId }),
    run: async (db, userId) => {
      const { audience, clientCount } = await requestMailchimpSync(db, { userId });
      if (clientCount === 0)
        return {
          message:
            "Aucun de vos clients n'a d'adresse e-mail : ajoutez-en une à leur fiche, ils partiront alors vers Mailchimp d'eux-mêmes.",
        };
      return {
        message: `C'est lancé : ${formatCount(clientCount, "client")} avec une adresse e-mail ${clientCount > 1 ? "partent" : "part"} vers l'audience « ${audience} » de Mailchimp dans la minute, avec l'étiquette « Prospect » ou « Client ». Les contacts désinscrits le restent. Ensuite, chaque client créé ou modifié suit de lui-même ; le suivi et les éventuels refus sont dans Intégrations.`,
        data: { id: "mailchimp", label: "Mailchimp", link: paths.app.integrations },
      };
    },
  },
  zapier: {
    label: "Zapier",
    proposal: "Créer un jeton d'API personnel (lecture et écriture) pour Zapier",
    // Only after consent: a write token reaches all the user's business data through /api/v1.
    run: async (db, userId, appUrl) => {
      const created = await createApiToken(db, { userId, input: { name: "Zapier", scope: "write" } });
      const api = `${appUrl}/api/v1`;
      return {
        message: [
          "Jeton d'API « Zapier » créé (lecture et écriture). Copiez-le ci-dessous maintenant : il ne sera plus affiché.",
          `Dans Zapier, avec « Webhooks by Zapier » ou « API Request », collez-le dans l'en-tête Authorization sous la forme « Bearer ${created.tokenStart}… » ; l'adresse de l'API est ${api} (sa description OpenAPI : ${api}/openapi.json). Pour être prévenu d'un nouveau client, d'une facture payée…, Zapier s'abonne à ces événements par POST ${api}/hooks.`,
          "Vous retrouvez ce jeton (sans sa valeur) et les abonnements de Zapier dans Intégrations, où vous pouvez les révoquer à tout moment.",
        ].join("\n\n"),
        data: { id: created.id, label: "Jetons d'API", link: paths.app.integrations },
        secret: { kind: "jeton", label: "Jeton d'API Zapier", value: created.token },
      };
    },
  },
  stripe: {
    label: "Stripe",
    proposal: "Créer le lien de paiement Stripe de la facture",
    blocker: async (db, userId, { invoiceNumber }) =>
      invoiceNumber
        ? ((await payableInvoice(db, userId, invoiceNumber)).question ?? null)
        : "Quelle facture voulez-vous faire régler en ligne ? Donnez son numéro (ex. : INV-2026-0042).",
    run: async (db, userId, appUrl, { invoiceNumber = "" }) => {
      const found = await payableInvoice(db, userId, invoiceNumber);
      if (!found.invoice) throw new AppError("conflict", found.question);
      const link = await createInvoicePaymentLink(db, { userId, invoiceId: found.invoice.id, appUrl });
      const due = formatMoney(found.invoice.remainingCents);
      return {
        message: [
          `Lien de paiement de la facture ${invoiceNumber} prêt : ${link.url}`,
          `Envoyez-le à votre client : il y voit la facture et le bouton « Payer ${due} ». Le lien est valable jusqu'au ${formatDate(link.expiresAt)} ; un lien envoyé auparavant pour cette facture ne fonctionne plus.`,
          link.hasOwnStripe
            ? "Il paie par carte sur votre compte Stripe ; la facture est marquée payée dès que Stripe le confirme."
            : "Attention : aucune clé Stripe n'est enregistrée. Tant que vous n'en saisissez pas une dans Intégrations, « Payer » ouvre le paiement de test local (cartes de test, aucune carte réelle débitée, indisponible en production) : rien n'est encaissé pour de vrai.",
        ].join("\n\n"),
        data: { id: link.id, label: "Lien de paiement", link: link.url },
      };
    },
  },
};

export const integrationLabels = Object.fromEntries(
  Object.entries(integrations).map(([kind, entry]) => [kind, entry.label]),
) as Record<AssistantIntegration, string>;

export const integrationProposal = (kind: AssistantIntegration) => integrations[kind].proposal;

/** What to say instead of proposing: what is missing, or how to connect it first; null when it can be used. */
export async function integrationQuestion(
  db: Db,
  userId: string,
  kind: AssistantIntegration,
  request: IntegrationRequest = {},
): Promise<string | null> {
  const entry = integrations[kind];
  return entry.blocker ? entry.blocker(db, userId, request) : null;
}

const failureMessage = (kind: AssistantIntegration, reason: string) =>
  `Je n'ai pas pu utiliser l'intégration "${integrations[kind].label}": ${reason}`;

export async function runIntegration(
  db: Db,
  userId: string,
  kind: AssistantIntegration,
  appUrl: string,
  request: IntegrationRequest = {},
): Promise<ActionResult> {
  const entry = integrations[kind];
  try {
    return { type: "use_integration", success: true, ...(await entry.run(db, userId, appUrl, request)) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { type: "use_integration", success: false, message: failureMessage(kind, error.message) };
  }
}

function calendarInstructions(url: string): string {
  const isLocal = /^https?:\/\/(localhost|127\.|\[::1\])/.test(url);
  return [
    "Votre flux de calendrier Ardoise est prêt : échéances des factures impayées, rappels de paiement, fins de validité des devis envoyés, tâches à faire et fins de contrat. Son adresse est affichée sous ce message (« Flux de calendrier ») et dans Intégrations.",
    "Dans Google Calendar (sur ordinateur), ouvrez « Autres agendas » → « + » → « À partir de l'URL », collez cette adresse puis cliquez sur « Ajouter l'agenda ». Google le met à jour de lui-même, toutes les quelques heures.",
    "Gardez cette adresse pour vous : elle donne accès à ces dates sans connexion. Vous pouvez la changer ou la désactiver dans Intégrations.",
    ...(isLocal
      ? [
          "Ardoise tourne ici en local : Google ne pourra lire ce flux qu'une fois Ardoise accessible depuis Internet.",
        ]
      : []),
  ].join("\n\n");
}
