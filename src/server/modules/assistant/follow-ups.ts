import { MONTH_NAMES } from "@shared/domain/periods";
import { formatDate, formatMoney } from "@shared/format";
import { escapeMarkdown } from "@shared/markdown";
import { type ExpenseCategory, expenseCategoryLabels } from "@shared/schemas/expenses";
import type { ViewDataType } from "@shared/schemas/interpretation";
import type { Db } from "../../db/client";
import type { Breakdown, ListTopic, Superlative } from "./conversation-state";
import { FEMININE, NOUNS } from "./list-words";
import { type FactsDataType, type RecordFacts, readAllRecords } from "./reads";

/**
 * The answers over a list already shown, recomputed from the database with the list's own filters: its
 * extreme record (« la plus ancienne ? »), its total (« ça fait combien en tout ? »), its breakdown by client
 * or by month (« et par client ? »).
 */

const plural = (count: number, [one, many]: [string, string]) => `${count} ${count > 1 ? many : one}`;
const hasFacts = (dataType: ViewDataType): dataType is FactsDataType =>
  dataType !== "tasks" && dataType !== "payments";

/** Every record of the list, each status of it in turn, the period applied to dated records. */
async function factsOf(
  db: Db,
  userId: string,
  list: ListTopic,
  now: Date,
): Promise<RecordFacts[] | undefined> {
  if (!hasFacts(list.dataType)) return undefined;
  const dataType = list.dataType;
  const statuses = list.statuses?.length ? list.statuses : [undefined];
  const parts = await Promise.all(
    statuses.map((status) =>
      readAllRecords(db, userId, dataType, { status, search: list.client, period: list.period }, now),
    ),
  );
  // Only invoices are filtered by date in the services: the others' period is applied here.
  const { period } = list;
  return parts
    .flat()
    .filter(
      (fact) => !period || dataType === "invoices" || (fact.date >= period.from && fact.date <= period.to),
    );
}

const nothing = (list: ListTopic) =>
  `Aucun${FEMININE.has(list.dataType) ? "e" : ""} ${NOUNS[list.dataType][0]} ne correspond.`;
const CANNOT = "Je ne peux pas faire ce calcul sur cette liste : demandez-moi plutôt un chiffre précis.";

const ADJECTIVES: Record<`${Superlative["by"]}-${Superlative["order"]}`, [string, string]> = {
  "date-lowest": ["le plus ancien", "la plus ancienne"],
  "date-highest": ["le plus récent", "la plus récente"],
  "amount-highest": ["le plus élevé", "la plus élevée"],
  "amount-lowest": ["le plus faible", "la plus faible"],
};

export async function answerSuperlative(
  db: Db,
  {
    userId,
    now,
    list,
    superlative,
  }: { userId: string; now: Date; list: ListTopic; superlative: Superlative },
): Promise<string> {
  const facts = await factsOf(db, userId, list, now);
  if (!facts) return CANNOT;
  if (facts.length === 0) return nothing(list);
  const key = (fact: RecordFacts) => (superlative.by === "date" ? fact.date : fact.amountCents);
  const sign = superlative.order === "highest" ? 1 : -1;
  const best = facts.reduce((kept, fact) =>
    sign * (key(fact) > key(kept) ? 1 : key(fact) < key(kept) ? -1 : 0) > 0 ? fact : kept,
  );
  const [masculine, feminine] = ADJECTIVES[`${superlative.by}-${superlative.order}`];
  const adjective = FEMININE.has(list.dataType) ? feminine : masculine;
  const among = facts.length > 1 ? ` des ${plural(facts.length, NOUNS[list.dataType])}` : "";
  const what =
    superlative.by === "date" ? ` (du ${formatDate(best.date)})` : ` (${formatMoney(best.amountCents)})`;
  return `${capitalize(adjective)}${among}${what} : [${escapeMarkdown(best.line.label)}](${best.line.link}) — ${escapeMarkdown(best.line.detail)}`;
}

export async function answerTotal(
  db: Db,
  { userId, now, list }: { userId: string; now: Date; list: ListTopic },
): Promise<string> {
  const facts = await factsOf(db, userId, list, now);
  if (!facts || list.dataType === "clients" || list.dataType === "projects") return CANNOT;
  if (facts.length === 0) return nothing(list);
  const cents = facts.reduce((sum, fact) => sum + fact.amountCents, 0);
  const isOwed =
    list.dataType === "invoices" &&
    list.statuses?.every((status) => status === "en-attente" || status === "en-retard");
  return `En tout : ${formatMoney(cents)} ${isOwed ? "restant dû" : "TTC"} sur ${plural(facts.length, NOUNS[list.dataType])}${list.period ? ` (${list.period.label})` : ""}.`;
}

export async function answerBreakdown(
  db: Db,
  { userId, now, list, by }: { userId: string; now: Date; list: ListTopic; by: Breakdown },
): Promise<string> {
  const facts = await factsOf(db, userId, list, now);
  if (!facts || list.dataType === "clients" || list.dataType === "projects") return CANNOT;
  if (facts.length === 0) return nothing(list);
  const groupOf = (fact: RecordFacts) =>
    by === "client"
      ? fact.clientName
      : by === "month"
        ? monthLabel(fact.date)
        : fact.category && expenseCategoryLabels[fact.category as ExpenseCategory];
  const groups = new Map<string, { cents: number; count: number }>();
  for (const fact of facts) {
    const name = groupOf(fact);
    if (!name) return CANNOT;
    const group = groups.get(name) ?? { cents: 0, count: 0 };
    groups.set(name, { cents: group.cents + fact.amountCents, count: group.count + 1 });
  }
  const ordered = [...groups].sort(([, a], [, b]) => b.cents - a.cents);
  const total = facts.reduce((sum, fact) => sum + fact.amountCents, 0);
  const lines = ordered.map(
    ([name, group]) =>
      `- ${escapeMarkdown(name)} : ${formatMoney(group.cents)} (${plural(group.count, NOUNS[list.dataType])})`,
  );
  const how = { client: "par client", month: "par mois", category: "par catégorie" }[by];
  return [
    `${capitalize(plural(facts.length, NOUNS[list.dataType]))} pour ${formatMoney(total)}, ${how} :`,
    ...lines,
  ].join("\n");
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const monthLabel = (day: string) =>
  `${capitalize(MONTH_NAMES[Number(day.slice(5, 7)) - 1] ?? "")} ${day.slice(0, 4)}`;
