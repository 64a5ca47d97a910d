import { QUOTE_EXPIRING_DAYS_BEFORE, TASK_DUE_DAYS_BEFORE } from "@shared/domain/automations";
import { parisToday } from "@shared/domain/dates";
import { MONTH_NAMES } from "@shared/domain/periods";
import { fold } from "@shared/fold";
import { formatDate } from "@shared/format";
import { paths } from "@shared/paths";
import {
  type AutomationDto,
  type CreateAutomationInput,
  type CreatedAutomationDto,
  createAutomationInput,
} from "@shared/schemas/automations";
import type { WebhookEventName } from "@shared/schemas/public-api";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { createAutomation as createRule } from "../../automations/automations.service";
import { PUBLIC_ONLY } from "../../public-api/target-url";
import { defineAction } from "./common";
import { regimeVatRateBp } from "./document-lines";
import { clientForRun, resolveClientRef } from "./resolve";

export const createAutomation = defineAction({
  input: z.object({
    description: z.string().trim().min(3, "Décrivez l'automatisation.").max(500),
  }),
  tool: "Crée une règle d'automatisation décrite en français.",
  // A rule acts later without the user: it e-mails clients, posts to an outside URL, issues and sends invoices.
  consent: { always: ["sends-email", "reaches-outside", "moves-money"] },
  failure: "Je n'ai pas pu créer l'automatisation.",
  // What cannot be understood is said at once, rather than proposed and refused after the « Confirmer ».
  prepare: async ({ db, userId, now }, input) => {
    const understood = await understand(db, userId, input.description, now);
    return "refusal" in understood ? { question: refusalOf(understood.refusal) } : { input };
  },
  describe: (input) => ({ summary: `Créer l'automatisation : ${input.description}`, details: [] }),
  run: async ({ db, userId, now }, input) => {
    const made = await createAutomationFromDescription(db, { userId, description: input.description, now });
    if (!made.rule) return { success: false, message: refusalOf(made.refusal) };
    return {
      success: true,
      message: `Automatisation « ${made.rule.name} » créée : ${whatTheRuleDoes(made.kind, made.rule)}`,
      data: { id: made.rule.id, label: made.rule.name, link: paths.app.automations },
      // Shown once beside the answer, never inside the stored message (like the Zapier token).
      ...(made.rule.secret
        ? { secret: { kind: "secret", label: "Secret de signature du webhook", value: made.rule.secret } }
        : {}),
    };
  },
});

const refusalOf = (reason: string) => `Je n'ai pas pu créer l'automatisation : ${reason}`;

const KINDS_OFFERED =
  "je sais facturer un client chaque mois, trimestre ou année, relancer les factures en retard, envoyer un bilan chaque semaine, accueillir un nouveau client, remercier un client qui a payé, vous prévenir avant l'expiration d'un devis ou l'échéance d'une tâche, et envoyer un webhook à une adresse quand un événement arrive.";

/** What the user can expect from the new rule, said plainly. */
function whatTheRuleDoes(kind: CreateAutomationInput["kind"], rule: AutomationDto): string {
  const first = rule.nextRunAt ? formatDate(rule.nextRunAt) : null;
  switch (kind) {
    case "overdue_reminders":
      return "vos clients seront relancés par e-mail 7, 15 et 30 jours après l'échéance de chaque facture impayée.";
    case "weekly_summary":
      return `votre bilan partira chaque lundi matin, la première fois le ${first}.`;
    case "recurring_invoice":
      return `${rule.trigger.charAt(0).toLowerCase()}${rule.trigger.slice(1)} : ${rule.action.charAt(0).toLowerCase()}${rule.action.slice(1)}${first ? `, la première le ${first}` : ""}.`;
    case "quote_expiring":
      return `${rule.trigger.charAt(0).toLowerCase()}${rule.trigger.slice(1)}, vous serez prévenu par e-mail (le client n'est pas contacté).`;
    case "task_due":
      return `${rule.trigger.charAt(0).toLowerCase()}${rule.trigger.slice(1)}, vous serez prévenu par e-mail.`;
    case "client_welcome":
      return "chaque nouveau client qui a une adresse e-mail recevra un e-mail de bienvenue à votre nom.";
    case "invoice_paid_thanks":
      return "chaque client recevra un e-mail de remerciement quand sa facture sera entièrement payée.";
    case "event_webhook":
      return `${rule.trigger.charAt(0).toLowerCase()}${rule.trigger.slice(1)}, Ardoise enverra un POST JSON signé (en-tête Ardoise-Signature) à ${rule.settings?.kind === "event_webhook" ? rule.settings.targetUrl : "l'adresse indiquée"}, avec de nouveaux essais en cas d'échec. Gardez le secret de signature affiché ci-dessous : il ne sera plus montré.`;
  }
}

type Made =
  | { rule: CreatedAutomationDto; kind: CreateAutomationInput["kind"]; refusal?: undefined }
  | { rule?: undefined; refusal: string };

/**
 * The spec's createAutomationFromDescription: French words to one of the kinds Ardoise runs, created through
 * the automations service, or a plain French sentence saying why not (nothing is stored then).
 */
export async function createAutomationFromDescription(
  db: Db,
  { userId, description, now }: { userId: string; description: string; now: Date },
): Promise<Made> {
  const understood = await understand(db, userId, description, now);
  if ("refusal" in understood) return { refusal: understood.refusal };
  const input = createAutomationInput.parse(understood.input);
  // The assistant does not know the deployment mode, so a webhook target must be public, as in production.
  const rule = await createRule(db, { userId, input, description, now, targets: PUBLIC_ONLY });
  return { rule, kind: input.kind };
}

const daysBefore = (text: string, fallback: number) => {
  if (/\bla veille\b/.test(text)) return 1;
  const said = text.match(/\b(\d{1,2}) jours? (?:avant|plus tot)/);
  return said ? Number(said[1]) : fallback;
};

async function understand(
  db: Db,
  userId: string,
  description: string,
  now: Date,
): Promise<{ input: Record<string, unknown> } | { refusal: string }> {
  const text = fold(description);
  if (/webhook|https?:\/\//.test(text)) return eventWebhook(description, text);
  if (isRecurringInvoice(text)) return recurringInvoice(db, userId, description, text, now);
  if (/(relanc|rappel).*(factur|impaye|retard)|(factur|impaye|retard).*(relanc|rappel)/.test(text))
    return { input: { kind: "overdue_reminders" } };
  if (/devis.*(expir|relanc|suivi|validite)|(expir|validite).*devis/.test(text))
    return { input: { kind: "quote_expiring", daysBefore: daysBefore(text, QUOTE_EXPIRING_DAYS_BEFORE) } };
  if (/tache/.test(text) && /(rappel|previen|echeance|veille|avant)/.test(text))
    return { input: { kind: "task_due", daysBefore: daysBefore(text, TASK_DUE_DAYS_BEFORE) } };
  if (/bienvenue|nouveaux? clients?.*(mail|accueil)|accueill/.test(text))
    return { input: { kind: "client_welcome" } };
  if (/(remerci|merci).*(pay|regl|solde)|(pay|regl|solde).*(remerci|merci)/.test(text))
    return { input: { kind: "invoice_paid_thanks" } };
  if (
    /(resume|rapport|bilan|recap).*(semaine|hebdo)|(semaine|hebdo|lundi).*(resume|rapport|bilan|recap)/.test(
      text,
    )
  )
    return { input: { kind: "weekly_summary" } };
  return { refusal: `je n'ai pas compris quoi automatiser. Pour l'instant, ${KINDS_OFFERED}` };
}

/** The event a description names, by its French words or its API name; most specific first. */
const EVENT_WORDS: { event: WebhookEventName; pattern: RegExp }[] = [
  {
    event: "invoice.paid",
    pattern: /invoice\.paid|factur.*\b(payee|reglee|soldee)|\b(payee|reglee|soldee).*factur/,
  },
  { event: "invoice.overdue", pattern: /invoice\.overdue|factur.*retard|retard.*factur/ },
  { event: "invoice.issued", pattern: /invoice\.issued|factur.*\bemise?s?\b|emet.*factur/ },
  { event: "payment.received", pattern: /payment\.received|paiement/ },
  { event: "quote.accepted", pattern: /quote\.accepted|devis.*(accept|sign)|(accept|sign).*devis/ },
  { event: "quote.sent", pattern: /quote\.sent|devis.*envoy|envoi.*devis/ },
  { event: "client.created", pattern: /client\.created|(nouveau|ajout|cree).*client|client.*(ajout|cree)/ },
  { event: "expense.created", pattern: /expense\.created|depense/ },
];

/** "Envoie un webhook à https://… quand une facture est payée". */
function eventWebhook(
  description: string,
  text: string,
): { input: Record<string, unknown> } | { refusal: string } {
  const targetUrl = description.match(/https?:\/\/[^\s«»"<>]+/i)?.[0]?.replace(/[.,;:!?)]+$/, "");
  if (!targetUrl)
    return {
      refusal: "indiquez l'adresse qui doit recevoir le webhook (ex. : « https://hooks.zapier.com/… »).",
    };
  // The address is left out of the words read for the event (a path can say "invoice-paid" or "clients").
  const words = text.replace(/https?:\/\/\S+/g, " ");
  const event = EVENT_WORDS.find(({ pattern }) => pattern.test(words))?.event;
  if (!event)
    return {
      refusal:
        "dites sur quel événement envoyer le webhook : un nouveau client, un devis envoyé ou accepté, une facture émise, payée ou en retard, un paiement reçu ou une nouvelle dépense.",
    };
  return { input: { kind: "event_webhook", event, targetUrl } };
}

const FREQUENCY_WORDS = [
  { frequency: "quarterly", pattern: /chaque trimestre|tous les trimestres|trimestriel|tous les 3 mois/ },
  { frequency: "yearly", pattern: /chaque annee|chaque an\b|tous les ans|annuel|par an\b/ },
  { frequency: "monthly", pattern: /chaque mois|tous les mois|mensuel|par mois/ },
] as const;

const isRecurringInvoice = (text: string) =>
  /factur/.test(text) &&
  FREQUENCY_WORDS.some(({ pattern }) => pattern.test(text)) &&
  !/relanc|rappel/.test(text);

const LINE_LABELS = { monthly: "mensuelle", quarterly: "trimestrielle", yearly: "annuelle" } as const;

/** "Facture Dupont 500 € HT chaque mois le 1er [jusqu'au 31/12/2026] [en brouillon | et envoie-la]". */
async function recurringInvoice(
  db: Db,
  userId: string,
  description: string,
  text: string,
  now: Date,
): Promise<{ input: Record<string, unknown> } | { refusal: string }> {
  const frequency = FREQUENCY_WORDS.find(({ pattern }) => pattern.test(text))?.frequency ?? "monthly";
  const amount = description.match(/(\d[\d\s\u00a0\u202f]*(?:[,.]\d{1,2})?)\s*(?:€|euros?\b)/i);
  if (!amount?.[1]) return { refusal: "indiquez le montant de la facture (ex. : « 500 € HT »)." };
  const said = Math.round(Number(amount[1].replace(/[\s\u00a0\u202f]/g, "").replace(",", ".")) * 100);
  const clientName = description
    .slice(0, amount.index)
    .replace(/^.*?\bfactur\w*\s+/i, "")
    .replace(/^(?:à|a|au|aux|pour|le client|la cliente|de)\s+/i, "")
    .trim();
  if (!clientName)
    return { refusal: "indiquez le client à facturer (ex. : « Facture Dupont 500 € HT chaque mois »)." };
  const resolved = await resolveClientRef(db, userId, { client: clientName });
  if (resolved.question !== undefined) return { refusal: resolved.question };
  const client = await clientForRun(db, userId, resolved.input);
  const vatRateBp = await regimeVatRateBp(db, userId);
  // A TTC amount is turned into the HT unit price the line stores.
  const unitPriceCents = /\bttc\b/.test(text) ? Math.round((said * 10_000) / (10_000 + vatRateBp)) : said;
  const day = text.match(/\ble (\d{1,2})(?:er|e)?\b/);
  const endDate = endDateOf(text);
  return {
    input: {
      kind: "recurring_invoice",
      clientId: client.id,
      lines: [
        { description: `Prestation ${LINE_LABELS[frequency]}`, quantity: 1, unitPriceCents, vatRateBp },
      ],
      frequency,
      dayOfMonth: day ? Math.min(31, Math.max(1, Number(day[1]))) : 1,
      startDate: parisToday(now),
      ...(endDate ? { endDate } : {}),
      delivery: /brouillon/.test(text)
        ? "draft"
        : /envoi|envoie|envoyer|mail/.test(text)
          ? "send"
          : /emet|emission/.test(text)
            ? "issue"
            : "draft",
    },
  };
}

/** "jusqu'au 31/12/2026" or "jusqu'au 31 décembre 2026". */
function endDateOf(text: string): string | undefined {
  const numeric = text.match(/jusqu'?au (\d{1,2})\/(\d{1,2})\/(\d{4})/);
  const pad = (value: string | number) => String(value).padStart(2, "0");
  if (numeric) return `${numeric[3]}-${pad(numeric[2] ?? "")}-${pad(numeric[1] ?? "")}`;
  const months = MONTH_NAMES.map(fold).join("|");
  const words = text.match(new RegExp(`jusqu'?au (\\d{1,2})(?:er)? (${months}) (\\d{4})`));
  if (!words) return undefined;
  const month = MONTH_NAMES.map(fold).indexOf(words[2] ?? "") + 1;
  return `${words[3]}-${pad(month)}-${pad(words[1] ?? "")}`;
}
