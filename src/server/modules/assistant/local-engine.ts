import {
  CLIENT_KIND_QUESTION_END,
  type ClientKind,
  clientKindAnswer,
  clientKindSaid,
} from "@shared/domain/client-kind";
import { type Interpretation, interpretCommand } from "@shared/domain/interpreter/interpret-command";
import { fold } from "@shared/fold";
import { escapeMarkdown } from "@shared/markdown";
import type { ChatMessageInput } from "@shared/schemas/assistant";
import { paymentMethodLabels } from "@shared/schemas/invoices";
import { eq } from "drizzle-orm";
import { clients } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import type { UnpaidScope } from "../invoices/unpaid-reminders.service";
import type { ActionRequest } from "./actions";
import { type Amendment, applyAmendment, readAmendment } from "./amendments";
import { asksForAnalysis, describeAnalysis } from "./analysis-answer";
import { type Breakdown, deriveState, listOf, readMessage, type Topic, topicOf } from "./conversation-state";
import { findPendingProposal, type PendingProposal } from "./executions";
import { answerFigures } from "./figures";
import { answerBreakdown, answerSuperlative, answerTotal } from "./follow-ups";
import { FEMININE, NOUNS } from "./list-words";
import { type RecordList, readRecords } from "./reads";
import { sayFiguresAloud, sayListAloud } from "./spoken-summary";
import { amend, perform, type Turn } from "./turn";

/**
 * The offline French engine (issue 5): no key, no network. The interpreter of spec §5 reads the request,
 * the same actions and reads as the model's tools act on it, and the answer is written from the user's
 * real data. `messages` is the conversation the client sends, the new message last: the earlier user
 * messages give the topic a follow-up completes (conversation-state.ts), and a correction replaces the
 * proposal waiting for consent (amendments.ts). Returns the answer's text (also streamed through `turn.emit`).
 */
export async function answerLocally(turn: Turn, messages: ChatMessageInput[]): Promise<string> {
  turn.emit({ type: "status", mode: "analyzing", progress: 50 });
  const answer = await answerInConversation(turn, messages);
  turn.emit({ type: "text", delta: answer });
  return answer;
}

async function answerInConversation(turn: Turn, messages: ChatMessageInput[]): Promise<string> {
  const text = messages.at(-1)?.content ?? "";
  const earlier = messages.slice(0, -1);
  // A first message has no conversation to complete it: it is read on its own, without a query more.
  if (earlier.length === 0) return respond(turn, text, interpretCommand(text, turn.now));
  const lastAnswer = earlier.findLast((message) => message.role === "assistant")?.content ?? "";
  const kind = lastAnswer.includes(CLIENT_KIND_QUESTION_END) ? clientKindAnswer(text) : undefined;
  const asked = earlier.findLast((message) => message.role === "user")?.content;
  // « Particulier » under the question: the request that asked it, now with its client's kind.
  if (kind && asked) return respond(turn, asked, interpretCommand(asked, turn.now), kind);
  const context = { now: turn.now, clientNames: await clientNames(turn) };
  const amendment = readAmendment(text, context);
  if (amendment) {
    const pending = await findPendingProposal(turn.db, turn.userId, {
      conversationId: turn.conversationId,
      lastAnswer,
    });
    if (pending) return correct(turn, pending, amendment);
  }
  const state = deriveState(
    earlier.filter((message) => message.role === "user").map((message) => message.content),
    context,
  );
  const reading = readMessage(state, text, context);
  const { db, userId, now } = turn;
  switch (reading.kind) {
    case "fresh":
      return respond(turn, text, reading.interpretation);
    case "topic":
      return answerTopic(turn, reading.topic);
    case "superlative":
      return answerSuperlative(db, { userId, now, list: reading.list, superlative: reading.superlative });
    case "total":
      return answerTotal(db, { userId, now, list: reading.list });
    case "breakdown":
      return breakDown(turn, reading.topic, reading.by);
    case "accept": {
      // A « oui » typed under a proposal answers its « Confirmez-vous ? »: consent is the button's.
      const pending = await findPendingProposal(db, userId, {
        conversationId: turn.conversationId,
        lastAnswer,
      });
      return pending ? CONFIRM_WITH_BUTTON : acceptOffer(turn, reading.topic);
    }
  }
}

const CONFIRM_WITH_BUTTON =
  "Pour l'accepter, cliquez sur « Confirmer » sous la proposition ; rien n'est fait sans ce clic.";

/**
 * « Oui » after an answer about unpaid invoices: the relances the voice agent offers (« Voulez-vous que je
 * prépare les relances ? »), proposed for confirmation like any of them; after another list, the list in
 * full, read as written (« Voulez-vous que je les détaille ? »).
 */
async function acceptOffer(turn: Turn, topic: Topic): Promise<string> {
  const scope = unpaidScopeOf(topic);
  if (scope) return act(turn, { type: "schedule_reminders", input: { invoices: scope } });
  return answerTopic(turn, topic, "", { aloud: "as-written" });
}

function unpaidScopeOf(topic: Topic): UnpaidScope | undefined {
  if (topic.kind === "figure") return topic.metric === "overdue" ? "en-retard" : undefined;
  if (topic.dataType !== "invoices" || !topic.statuses?.length) return undefined;
  if (topic.statuses.every((status) => status === "en-retard")) return "en-retard";
  return topic.statuses.every((status) => status === "en-retard" || status === "en-attente")
    ? "impayées"
    : undefined;
}

/** « Prépare les relances des impayées », « relance mes factures en retard »: which invoices, if any. */
function unpaidScopeIn(text: string): UnpaidScope | undefined {
  const folded = fold(text);
  if (/\bretard/.test(folded)) return "en-retard";
  return /impaye|non (?:payee|reglee)|en attente|\bfactures\b|\btoutes\b/.test(folded)
    ? "impayées"
    : undefined;
}

async function clientNames(turn: Turn): Promise<string[]> {
  const rows = await withTenant(turn.db, turn.userId, (tx) =>
    tx.select({ name: clients.name }).from(clients).where(eq(clients.userId, turn.userId)),
  );
  return rows.map((row) => row.name);
}

async function correct(turn: Turn, pending: PendingProposal, amendment: Amendment): Promise<string> {
  const corrected = applyAmendment(pending.request, amendment);
  if ("question" in corrected) return corrected.question;
  const performed = await amend(turn, pending, corrected);
  if ("settled" in performed)
    return "Cette proposition a déjà été confirmée ou annulée : dites-moi ce qu'il faut créer.";
  if (performed.question) return escapeMarkdown(performed.question);
  return `Proposition corrigée (elle remplace la précédente) : ${escapeMarkdown(performed.proposal?.summary ?? "")}.\n\n${CONFIRM}`;
}

/** « Et par catégorie ? »: the expenses of the topic's period by category; « par client », « par mois »: its list grouped. */
async function breakDown(turn: Turn, topic: Topic, by: Breakdown): Promise<string> {
  const { db, userId, now } = turn;
  if (by === "category" && !(topic.kind === "list" && topic.dataType !== "expenses"))
    return answerTopic(turn, { kind: "figure", metric: "expenses_by_category", period: topic.period });
  if (by === "client" && topic.kind === "figure" && topic.metric === "revenue_collected")
    return answerTopic(turn, { kind: "figure", metric: "best_clients", period: topic.period });
  const list = listOf(topic);
  if (!list) return "Je ne peux pas détailler cette réponse : demandez-moi une liste ou un chiffre précis.";
  return answerBreakdown(db, { userId, now, list, by });
}

/** `aloud: "as-written"`: no spoken summary of a list, the voice reads the answer itself (the detail asked for). */
async function answerTopic(
  turn: Turn,
  topic: Topic,
  scope = "",
  { aloud }: { aloud: "summary" | "as-written" } = { aloud: "summary" },
): Promise<string> {
  if (topic.kind === "figure") {
    const { metric, period, client, category, compare } = topic;
    const answer = await answerFigures(turn.db, {
      userId: turn.userId,
      now: turn.now,
      query: { metric, period, client, category, compare },
    });
    await sayFiguresAloud(turn, answer);
    return scope + answer.text;
  }
  const { dataType, period, client } = topic;
  const filters = (topic.statuses?.length ? topic.statuses : [undefined]).map((status) => ({
    status,
    search: client,
    period,
  }));
  const lists = await Promise.all(
    filters.map((filter) => readRecords(turn.db, turn.userId, dataType, filter, turn.now)),
  );
  // Only invoices are filtered by date: the answer names the period it applied.
  const when = dataType === "invoices" && period ? ` (émission ${period.label})` : "";
  const [only] = lists;
  if (only && lists.length === 1 && filters[0] && aloud === "summary")
    await sayListAloud(turn, only, filters[0], dataType === "invoices" ? period?.label : undefined);
  return scope + lists.map((list) => describeList(list, when)).join("\n\n");
}

const CONFIRM = "Confirmez-vous ? Rien n'est créé sans votre accord.";

/**
 * `clientKind`: the answer to « est-ce un particulier ou une entreprise ? » when this request was asked it
 * (otherwise read from the request's own words, if they say it).
 */
async function respond(
  turn: Turn,
  text: string,
  interpretation: Interpretation,
  clientKind?: ClientKind,
): Promise<string> {
  const { action, entities } = interpretation;
  switch (action) {
    case "create_invoice":
    case "create_quote": {
      if (!entities.client) return "Je n'ai pas pu identifier le nom du client. Pouvez-vous le préciser ?";
      if (entities.amount === undefined && !entities.lines)
        return `Quel est le montant ${action === "create_invoice" ? "de la facture" : "du devis"} pour ${escapeMarkdown(entities.client)} ?`;
      const document = {
        client: entities.client,
        clientKind: clientKind ?? clientKindSaid(text, entities.client),
        project: entities.project,
        description: entities.title ?? entities.description,
        ...(entities.lines ? { lines: entities.lines } : { amount: entities.amount }),
        priceBasis: entities.priceBasis,
      };
      return act(
        turn,
        action === "create_invoice"
          ? {
              type: action,
              input: {
                ...document,
                dueDate: entities.dueDate,
                serviceDate: entities.serviceStartDate ?? entities.date,
                serviceEndDate: entities.serviceEndDate,
              },
            }
          : { type: action, input: { ...document, validUntil: entities.validUntil ?? entities.dueDate } },
      );
    }
    case "create_task":
      if (!entities.title) return "Quelle est la tâche à ajouter ?";
      return act(turn, {
        type: action,
        input: {
          title: entities.title,
          dueDate: entities.dueDate ?? entities.date,
          project: entities.project,
          client: entities.client,
        },
      });
    case "create_contract":
      if (!entities.client) return "Pour quel client est ce contrat ?";
      return act(turn, {
        type: action,
        input: {
          client: entities.client,
          project: entities.project,
          title: entities.title,
          amount: entities.amount,
          startDate: entities.serviceStartDate ?? entities.date,
          endDate: entities.serviceEndDate,
        },
      });
    case "record_payment":
      if (!entities.invoiceNumber)
        return "Quelle facture a été payée ? Donnez son numéro (ex. : INV-2026-0042).";
      return act(turn, {
        type: action,
        input: {
          invoiceNumber: entities.invoiceNumber,
          amount: entities.amount,
          date: entities.date,
          method:
            entities.paymentMethod && entities.paymentMethod in paymentMethodLabels
              ? (entities.paymentMethod as keyof typeof paymentMethodLabels)
              : "autre",
        },
      });
    case "create_client":
      if (!entities.name) return "Quel est le nom du client à ajouter ?";
      return act(turn, {
        type: action,
        input: { name: entities.name, email: entities.email, phone: entities.phone },
      });
    case "create_expense": {
      const description = entities.description ?? entities.title;
      if (!description || entities.amount === undefined)
        return "Pour enregistrer une dépense, j'ai besoin de son montant et de sa description (ex. : « 45,90 € de train hier »).";
      return act(turn, {
        type: action,
        input: { description, amount: entities.amount, category: entities.category, date: entities.date },
      });
    }
    case "create_project":
      if (!entities.name || !entities.client) return "Le nom du projet et le client sont requis.";
      return act(turn, {
        type: action,
        input: { name: entities.name, client: entities.client, description: entities.description },
      });
    case "create_automation":
      return act(turn, { type: action, input: { description: text.trim().slice(0, 500) } });
    case "use_integration":
      if (!entities.integration)
        return "Quelle intégration voulez-vous utiliser : Zapier, Google Calendar, Mailchimp ou Stripe ?";
      return act(turn, {
        type: action,
        input: { integration: entities.integration, invoiceNumber: entities.invoiceNumber },
      });
    case "view_data": {
      // Only the signed-in user's data is ever readable: a question about someone else's account says so.
      const scope = entities.otherAccount
        ? `Je n'ai accès qu'à vos propres données, pas à celles de ${escapeMarkdown(entities.otherAccount)}. Voici les vôtres :\n\n`
        : "";
      const topic = topicOf(interpretation, text);
      return topic ? answerTopic(turn, topic, scope) : HELP;
    }
    case "general": {
      if (/rappel|relanc/i.test(text)) {
        const { invoiceNumber } = entities;
        if (invoiceNumber) return act(turn, { type: "schedule_reminders", input: { invoiceNumber } });
        const invoices = unpaidScopeIn(text);
        if (invoices) return act(turn, { type: "schedule_reminders", input: { invoices } });
      }
      if (ADVICE.test(fold(text))) return ADVICE_ANSWER;
      return asksForAnalysis(text) ? describeAnalysis(await turn.analyze()) : HELP;
    }
  }
}

async function act(turn: Turn, request: ActionRequest): Promise<string> {
  const performed = await perform(turn, request);
  // "Plusieurs clients correspondent…": the question is the answer, nothing was proposed nor done.
  if (performed.question) return escapeMarkdown(performed.question);
  if (performed.proposal) return `${escapeMarkdown(performed.proposal.summary)}.\n\n${CONFIRM}`;
  // A result's message is the text of its Succès/Échec box, which shows it as plain text (never markdown):
  // returned as is, it keeps its paragraphs and addresses intact (a secret URL is in its link, not here).
  return performed.result.message;
}

/** A short French answer with a markdown link to each record and to the full list; record text is escaped. */
export function describeList(list: RecordList, qualifier = ""): string {
  const [one, many] = NOUNS[list.dataType];
  if (list.total === 0) return `Aucun${FEMININE.has(list.dataType) ? "e" : ""} ${one} ne correspond.`;
  const heading =
    list.total === 1
      ? `1 ${one}${qualifier} :`
      : list.total > list.items.length
        ? `${list.total} ${many}${qualifier}, les ${list.items.length} plus récent${FEMININE.has(list.dataType) ? "es" : "s"} :`
        : `${list.total} ${many}${qualifier} :`;
  const lines = list.items.map(
    (item) => `- [${escapeMarkdown(item.label)}](${item.link}) — ${escapeMarkdown(item.detail)}`,
  );
  return [heading, ...lines, "", `[Voir la liste complète](${list.link})`].join("\n");
}

/** Requests for advice, which need a language model: the offline engine says so instead of listing data. */
const ADVICE =
  /\b(conseils?|astuces?|idees?|comment (trouver|fixer|augmenter|ameliorer|attirer|prospecter|negocier|calculer))\b/;
const ADVICE_ANSWER = [
  "Je fonctionne ici sans modèle de langage : je ne peux pas rédiger de conseils personnalisés.",
  "",
  "Je peux en revanche vous donner des faits pour décider :",
  "- « Qui sont mes meilleurs clients ? »",
  "- « Quels devis attendent une réponse ? »",
  "- « Quel est mon taux de conversion des devis ? »",
  "- « Fais-moi un bilan de mon activité »",
].join("\n");

const HELP = [
  "Je fonctionne ici sans modèle de langage : je comprends les demandes directes sur vos données.",
  "",
  "- « Crée une facture pour Dupont de 500 € »",
  "- « Nouveau devis pour Martin de 1 250 € pour la refonte du site »",
  "- « J'ai payé 45,90 € de train hier »",
  "- « Ajoute le client Jean Martin, jean.martin@gmail.com »",
  "- « Quelles factures sont en retard ? »",
  "- « Montre-moi mes dépenses »",
  "- « Fais-moi un bilan de mon activité »",
  "- « Programme les rappels de la facture INV-2026-0042 »",
].join("\n");
