import { type Interpretation, interpretCommand } from "@shared/domain/interpreter/interpret-command";
import { matchByName } from "@shared/domain/name-match";
import { fold } from "@shared/fold";
import type { ExpenseCategory } from "@shared/schemas/expenses";
import type { FigureMetric } from "@shared/schemas/figures";
import type { InterpretedPeriod, ViewDataType } from "@shared/schemas/interpretation";

/**
 * What a conversation is about, derived again at every turn from the user's own earlier messages (never
 * from the assistant's text, which the client sends back and could be anything): each message is read with
 * the interpreter, and an elliptical one (« et le mois dernier ? », « et pour Dupont ? ») is completed from
 * the topic before it. The figures themselves are always recomputed from the database by the engine.
 */

/** A figure asked for: the metric and its slots. */
export type FigureTopic = {
  kind: "figure";
  metric: FigureMetric;
  period?: InterpretedPeriod;
  client?: string;
  category?: ExpenseCategory;
  compare?: true;
};
/** A list shown: its data type and filters; `statuses`: any of them (the unpaid are pending or late). */
export type ListTopic = {
  kind: "list";
  dataType: ViewDataType;
  statuses?: string[];
  client?: string;
  period?: InterpretedPeriod;
};
export type Topic = FigureTopic | ListTopic;

export type Superlative = { by: "date" | "amount"; order: "lowest" | "highest" };
export type Breakdown = "category" | "client" | "month";

/** How the engine answers a message, once the conversation so far is taken into account. */
export type Reading =
  | { kind: "fresh"; interpretation: Interpretation; text: string }
  | { kind: "topic"; topic: Topic }
  | { kind: "superlative"; list: ListTopic; superlative: Superlative }
  | { kind: "total"; list: ListTopic }
  | { kind: "breakdown"; topic: Topic; by: Breakdown }
  /** « Oui », « vas-y »: yes to what the answer about the topic offered (the voice agent's « Voulez-vous… ? »). */
  | { kind: "accept"; topic: Topic };

export type ConversationState = { topic?: Topic };

/** The user's earlier messages read back: a bounded window, the way a person remembers the last exchanges. */
export const REMEMBERED_TURNS = 12;

export type ReadingContext = { now: Date; clientNames: string[] };

export function deriveState(earlierUserTexts: string[], context: ReadingContext): ConversationState {
  return earlierUserTexts
    .slice(-REMEMBERED_TURNS)
    .reduce((state, text) => nextState(state, readMessage(state, text, context)), {} as ConversationState);
}

/** What the conversation is about after a message read as `reading`. */
export function nextState(state: ConversationState, reading: Reading): ConversationState {
  switch (reading.kind) {
    case "fresh":
      return {
        topic:
          topicOf(reading.interpretation, reading.text) ??
          (isCommand(reading.interpretation) ? undefined : state.topic),
      };
    case "topic":
      return { topic: reading.topic };
    case "superlative":
    case "total":
      return { topic: reading.list };
    case "breakdown":
    case "accept":
      return { topic: reading.topic };
  }
}

const isCommand = ({ action }: Interpretation) => action !== "view_data" && action !== "general";

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

/** The status a question's words ask for, when the interpreter gave none. */
function statusSaid(dataType: ViewDataType, text: string): string | undefined {
  const folded = fold(text);
  return STATUS_WORDS[dataType]?.find(([pattern]) => pattern.test(folded))?.[1];
}

/** The topic a fresh question opens, as the engine answers it (a metric, else a list). */
export function topicOf({ action, entities }: Interpretation, text: string): Topic | undefined {
  if (action !== "view_data") return undefined;
  const isActiveProjects = entities.dataType === "projects" && entities.status === "en-cours";
  // The expense list has no date filter: « mes dépenses de ce mois » is the month's total, by category
  // (listing all of them would answer another question).
  const isPeriodExpenses = entities.dataType === "expenses" && entities.period !== undefined;
  if (entities.metric || isActiveProjects || isPeriodExpenses)
    return {
      kind: "figure",
      metric:
        entities.metric ??
        (isActiveProjects
          ? "active_projects"
          : entities.category
            ? "expenses_total"
            : "expenses_by_category"),
      period: entities.period,
      client: entities.client,
      category: entities.category,
      compare: entities.compare,
    };
  const dataType = entities.dataType ?? "invoices";
  const status = entities.status ?? statusSaid(dataType, text);
  return {
    kind: "list",
    dataType,
    statuses: status ? [status] : undefined,
    client: entities.client,
    period: entities.period,
  };
}

/** The list behind a figure, for a follow-up over it (« la plus ancienne ? » after the late invoices). */
export function listOf(topic: Topic): ListTopic | undefined {
  if (topic.kind === "list") return topic;
  const { period, client } = topic;
  switch (topic.metric) {
    case "overdue":
      return { kind: "list", dataType: "invoices", statuses: ["en-retard"], client };
    case "unpaid":
    case "client_balance":
      return { kind: "list", dataType: "invoices", statuses: ["en-attente", "en-retard"], client };
    case "revenue_invoiced":
    case "revenue_collected":
      return { kind: "list", dataType: "invoices", client, period };
    case "pending_quotes":
      return { kind: "list", dataType: "quotes", statuses: ["envoyé"], client };
    case "expenses_total":
    case "expenses_by_category":
      return { kind: "list", dataType: "expenses", period };
    default:
      return undefined;
  }
}

// Follow-up words, on folded text (lower case, no accents).
const SUPERLATIVES: [RegExp, Superlative][] = [
  [
    /\bplus (ancien|vieu|vieil)|\bplus en retard\b|^(?:et )?(?:la|le) premiere?$/,
    { by: "date", order: "lowest" },
  ],
  [/\bplus (recent|nouve)|^(?:et )?(?:la|le) derniere?$/, { by: "date", order: "highest" }],
  [
    /\bplus (gros|grand|cher|elev|important|forte?\b)|\bmontant le plus (haut|eleve)|\bmax(imum)?\b/,
    { by: "amount", order: "highest" },
  ],
  [
    /\bplus (petit|faible|bas)|\bmoins (cher|elev|important)|\bmin(imum)?\b/,
    { by: "amount", order: "lowest" },
  ],
];
const TOTAL =
  /\b(en tout|au total|le total|total|ca fait combien|ca fait quoi|ca represente combien|combien ca fait|la somme|ca monte a combien|combien au total|cumul)\b/;
const BREAKDOWNS: [RegExp, Breakdown][] = [
  [/\bpar (categorie|type|poste|nature)\b/, "category"],
  [/\bpar (client|cliente|clients|societe)\b/, "client"],
  [/\bpar mois\b|\bmois par mois\b/, "month"],
];
/** Words that open an elliptical follow-up: « et… », « mais… », « pareil pour… ». */
const ELLIPSIS = /^(et|mais|puis|ensuite|pareil|idem|meme chose|meme question|alors|ok et|d'accord et)\b/;
/** Prepositions before a client said alone: « et pour Dupont ? », « et chez Martin ? ». */
const CLIENT_LEAD =
  /^(?:(?:et|mais|puis|alors|pareil|idem|meme chose)\s+)*(?:(?:pour|chez|de|du|a|au|aux|avec|concernant|cote)\s+|d')?(?:(?:le client|la cliente|la societe)\s+)?/;

/** Reads one message, given what the conversation was about before it. */
export function readMessage(state: ConversationState, text: string, context: ReadingContext): Reading {
  const interpretation = interpretCommand(text, context.now);
  const fresh: Reading = { kind: "fresh", interpretation, text };
  const { topic } = state;
  if (!topic || isCommand(interpretation)) return fresh;
  const folded = fold(text)
    .trim()
    .replace(/[?!.\s]+$/, "");
  const isElliptical =
    ELLIPSIS.test(folded) || (interpretation.action === "general" && wordCount(folded) <= 6);
  if (!isElliptical && hasOwnSubject(interpretation)) return fresh;

  if (AGREEMENT.test(folded)) return { kind: "accept", topic };
  const list = listOf(topic);
  const superlative = SUPERLATIVES.find(([pattern]) => pattern.test(folded))?.[1];
  if (superlative && list && interpretation.entities.metric !== "best_clients")
    return { kind: "superlative", list, superlative };
  const breakdown = BREAKDOWNS.find(([pattern]) => pattern.test(folded))?.[1];
  if (breakdown) return { kind: "breakdown", topic, by: breakdown };
  if (TOTAL.test(folded) && list && !interpretation.entities.metric) return { kind: "total", list };
  if (!isElliptical) return fresh;
  const completed = complete(topic, folded, text, interpretation, context);
  return completed ? { kind: "topic", topic: completed } : fresh;
}

/** A plain yes, alone or with a word of politeness (folded, end punctuation removed). */
const AGREEMENT =
  /^(?:oui|ouais|ok|okay|d'accord|dac|volontiers|allez|vas-y|allez-y|go|bien sur|avec plaisir)(?:[ ,]+(?:oui|vas-y|allez-y|merci|s'il (?:te|vous) plait|stp|svp|je veux bien|volontiers|fais-le|faites-le|prepare-les|detaille-les))*$/;

const wordCount = (folded: string) => folded.split(/\s+/).filter(Boolean).length;

/** A question that names its own subject (a metric, or a list with a filter) stands on its own. */
const hasOwnSubject = ({ action, entities }: Interpretation) =>
  action === "view_data" &&
  (entities.metric !== undefined || entities.status !== undefined || entities.client !== undefined);

/**
 * The earlier topic with what the elliptical message changes: a period, a client, a category, another
 * metric or another data type. The message's slots are read by the interpreter in a carrier sentence of
 * the topic's kind (« Combien ai-je encaissé » + « le mois dernier »), so the slot grammar is its, not ours.
 */
function complete(
  topic: Topic,
  folded: string,
  raw: string,
  interpretation: Interpretation,
  context: ReadingContext,
): Topic | undefined {
  const fragment = raw
    .trim()
    .replace(/^\s*(et|mais|puis|ensuite|alors)\b[\s,]*/i, "")
    .replace(/[?!.\s]+$/, "");
  const own = interpretation.entities;
  const period = own.period ?? periodSaid(fragment, context.now);
  const category =
    own.category ??
    (period
      ? undefined
      : interpretCommand(`Combien ai-je dépensé en ${fragment} ?`, context.now).entities.category);
  const client = period ? undefined : (knownClient(folded, context.clientNames) ?? own.client);
  const changes = { period, client, category: folded.includes("categor") ? undefined : category };

  if (own.metric) return withSlots({ kind: "figure", metric: own.metric }, topic, changes);
  if (own.dataType && own.dataType !== "clients") {
    const base = topic.kind === "list" ? topic : listOf(topic);
    return {
      kind: "list",
      dataType: own.dataType,
      statuses: own.status ? [own.status] : undefined,
      client: changes.client ?? base?.client,
      period: changes.period ?? base?.period,
    };
  }
  if (!period && !client && !(changes.category && isAboutExpenses(topic))) return undefined;
  return withSlots(topic, topic, changes);
}

/**
 * The period a fragment names, read in a carrier question; « sur » and « pour » before it are tried away
 * first (« sur le mois dernier »), then kept (« sur janvier »).
 */
function periodSaid(fragment: string, now: Date): InterpretedPeriod | undefined {
  const bare = fragment.replace(/^(sur|pour|durant|pendant)\s+/i, "");
  const read = (said: string) => interpretCommand(`Combien ai-je encaissé ${said} ?`, now).entities.period;
  return read(bare) ?? (bare === fragment ? undefined : read(fragment));
}

const isAboutExpenses = (topic: Topic) =>
  topic.kind === "figure" ? topic.metric.startsWith("expenses") : topic.dataType === "expenses";

/** The client a short reply names among the user's clients: « et Dupont ? », « et pour la menuiserie girard ? ». */
function knownClient(folded: string, clientNames: string[]): string | undefined {
  const said = folded.replace(CLIENT_LEAD, "").trim();
  if (said.length < 2) return undefined;
  const [best, second] = matchByName(said, clientNames, (name) => name);
  if (!best || (second && second.score === best.score)) return undefined;
  return best.item;
}

/** The figures computed for one client when a client is named. */
const CLIENT_SCOPED_METRICS = new Set<FigureMetric>([
  "client_balance",
  "revenue_collected",
  "revenue_invoiced",
]);

type Changes = { period?: InterpretedPeriod; client?: string; category?: ExpenseCategory };

/** `target` with the slots of `from` it keeps and the message's changes over them. */
function withSlots(target: Topic, from: Topic, changes: Changes): Topic {
  const period = changes.period ?? from.period;
  const client = changes.client ?? from.client;
  if (target.kind === "list") return { ...target, period, client };
  const category = changes.category ?? (from.kind === "figure" ? from.category : undefined);
  // A client's own figure: what is owed is their balance; what they paid or were invoiced, the same figure
  // for them alone; any other, the list of their invoices.
  if (changes.client && !CLIENT_SCOPED_METRICS.has(target.metric)) {
    if (target.metric === "unpaid" || target.metric === "overdue")
      return { kind: "figure", metric: "client_balance", client };
    const list = listOf({ ...target, client, period });
    if (list) return list;
  }
  return { ...target, period, client, category, compare: from.kind === "figure" ? from.compare : undefined };
}
