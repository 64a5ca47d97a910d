import { type Interpretation, interpretCommand } from "@shared/domain/interpreter/interpret-command";
import { fold } from "@shared/fold";
import { escapeMarkdown } from "@shared/markdown";
import type { ViewDataType } from "@shared/schemas/interpretation";
import { paymentMethodLabels } from "@shared/schemas/invoices";
import type { ActionRequest } from "./actions";
import { asksForAnalysis, describeAnalysis } from "./analysis-answer";
import { answerFigures } from "./figures";
import { type ReadFilter, type RecordList, readRecords } from "./reads";
import { sayFiguresAloud, sayListAloud } from "./spoken-summary";
import { perform, type Turn } from "./turn";

/**
 * The offline French engine (issue 5): no key, no network. The interpreter of spec §5 reads the request,
 * the same actions and reads as the model's tools act on it, and the answer is written from the user's
 * real data. Returns the answer's text (also streamed through `turn.emit`).
 */
export async function answerLocally(turn: Turn, text: string): Promise<string> {
  const interpretation = interpretCommand(text, turn.now);
  turn.emit({ type: "status", mode: "analyzing", progress: 50 });
  const answer = await respond(turn, text, interpretation);
  turn.emit({ type: "text", delta: answer });
  return answer;
}

async function respond(turn: Turn, text: string, { action, entities }: Interpretation): Promise<string> {
  switch (action) {
    case "create_invoice":
    case "create_quote": {
      if (!entities.client) return "Je n'ai pas pu identifier le nom du client. Pouvez-vous le préciser ?";
      if (entities.amount === undefined && !entities.lines)
        return `Quel est le montant ${action === "create_invoice" ? "de la facture" : "du devis"} pour ${escapeMarkdown(entities.client)} ?`;
      const document = {
        client: entities.client,
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
      // "Projets en cours" are the active ones, whichever of the two active statuses they carry.
      const isActiveProjects = entities.dataType === "projects" && entities.status === "en-cours";
      if (entities.metric || isActiveProjects) {
        const { period, client, category, compare } = entities;
        const metric = entities.metric ?? "active_projects";
        const answer = await answerFigures(turn.db, {
          userId: turn.userId,
          now: turn.now,
          query: { metric, period, client, category, compare },
        });
        await sayFiguresAloud(turn, answer);
        return scope + answer.text;
      }
      const dataType = entities.dataType ?? "invoices";
      const filter = {
        status: entities.status ?? statusFilter(dataType, text).status,
        search: entities.client,
        period: entities.period,
      };
      const list = await readRecords(turn.db, turn.userId, dataType, filter, turn.now);
      // Only invoices are filtered by date: the answer names the period it applied.
      const when = dataType === "invoices" && entities.period ? ` (émission ${entities.period.label})` : "";
      await sayListAloud(turn, list, filter, dataType === "invoices" ? entities.period?.label : undefined);
      return scope + describeList(list, when);
    }
    case "general": {
      const invoiceNumber = text.match(/\bINV-\d{4}-\d{4,}\b/i)?.[0];
      if (invoiceNumber && /rappel|relanc/i.test(text))
        return act(turn, { type: "schedule_reminders", input: { invoiceNumber } });
      if (ADVICE.test(fold(text))) return ADVICE_ANSWER;
      return asksForAnalysis(text) ? describeAnalysis(await turn.analyze()) : HELP;
    }
  }
}

async function act(turn: Turn, request: ActionRequest): Promise<string> {
  const performed = await perform(turn, request);
  // "Plusieurs clients correspondent…": the question is the answer, nothing was proposed nor done.
  if (performed.question) return escapeMarkdown(performed.question);
  if (performed.proposal)
    return `${escapeMarkdown(performed.proposal.summary)}.\n\nConfirmez-vous ? Rien n'est créé sans votre accord.`;
  // A result's message is the text of its Succès/Échec box, which shows it as plain text (never markdown):
  // returned as is, it keeps its paragraphs and addresses intact (a secret URL is in its link, not here).
  return performed.result.message;
}

/** Status words in a question ("en retard", "impayées", "acceptés"…) and the list filter they mean. */
const STATUS_WORDS: Partial<Record<ViewDataType, [RegExp, string][]>> = {
  invoices: [
    [/retard/, "en-retard"],
    [/impaye|en attente|a encaisser/, "en-attente"],
    [/payee|reglee|encaissee/, "payée"],
    [/brouillon/, "brouillon"],
  ],
  quotes: [
    [/accepte|signe/, "accepté"],
    [/refuse/, "refusé"],
    [/expire/, "expiré"],
    [/envoye|en attente/, "envoyé"],
    [/brouillon/, "brouillon"],
  ],
  clients: [
    [/prospect/, "prospect"],
    [/inactif/, "inactif"],
    [/actif/, "actif"],
  ],
  projects: [
    [/en pause/, "en-pause"],
    [/termine/, "terminé"],
  ],
};

export function statusFilter(dataType: ViewDataType, text: string): ReadFilter {
  const folded = fold(text);
  const status = STATUS_WORDS[dataType]?.find(([pattern]) => pattern.test(folded))?.[1];
  return status ? { status } : {};
}

export const FEMININE = new Set<ViewDataType>(["invoices", "expenses", "tasks"]);

export const NOUNS: Record<ViewDataType, [string, string]> = {
  invoices: ["facture", "factures"],
  quotes: ["devis", "devis"],
  clients: ["client", "clients"],
  expenses: ["dépense", "dépenses"],
  projects: ["projet", "projets"],
  tasks: ["tâche ouverte", "tâches ouvertes"],
  payments: ["paiement", "paiements"],
};

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
