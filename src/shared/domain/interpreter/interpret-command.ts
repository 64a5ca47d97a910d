import type {
  Interpretation,
  InterpretationAction,
  InterpretationEntities,
  InterpretedPeriod,
} from "../../schemas/interpretation";
import { parisToday } from "../dates";
import { takeAmount, takePriceBasis } from "./amounts";
import { findExpenseCategory } from "./categories";
import { takeEmail, takePhone } from "./contacts";
import { type DayMatch, type DayRange, takeDayRange, takeDays } from "./day-expressions";
import { detectIntent, type Intent } from "./intent";
import { PLANNING } from "./lexicon";
import { type LinesMatch, takeLines } from "./lines";
import { findMetric, findStatus, METRIC_DATA } from "./metrics";
import {
  displayName,
  isValidName,
  ownNameSpan,
  takeClientName,
  takeNameAfter,
  takeNameBefore,
  takeOwnName,
  takeProjectName,
} from "./names";
import { normalizeCommand } from "./normalize";
import { takeOtherAccount } from "./other-account";
import { payerMarker, takeInvoiceNumber, takePaymentMethod } from "./payments";
import { type PeriodMatch, takeComparison, takePeriod } from "./periods";
import { FILLERS, takeResidualPhrase } from "./phrase";
import { createScan, release, type Scan } from "./scan";

export type { Interpretation };

/**
 * Spec §5 confidence: 0.6 for a recognised action (0.5 for a new client, 0.5 for the general answer), plus
 * one increment per thing found that the record needs. A document with its client, amount and title is
 * certain (0.6 + 0.15 + 0.15 + 0.1 = 1); the client counts most with the amount, since a draft can be
 * created without a title but not without them. For a new client the "client" increment is its name; for a
 * project and an expense the "title" increment is the project's name and the expense's description.
 */
export const CONFIDENCE = {
  recognised: 0.6,
  newClient: 0.5,
  general: 0.5,
  client: 0.15,
  amount: 0.15,
  title: 0.1,
} as const;

/** Shown to the user as what is missing (spec §5: a missing client or amount is flagged). */
export const AMBIGUITIES = {
  client: "Client non spécifié",
  taskTitle: "Intitulé de la tâche non spécifié",
  invoice: "Facture non spécifiée",
  amount: "Montant non spécifié",
  description: "Description non spécifiée",
  projectName: "Nom du projet non spécifié",
  clientName: "Nom du client non spécifié",
} as const;

/**
 * The offline French command interpreter: the local engine's answer when no AI provider is configured, and
 * the fast first pass before one. Pure: `now` gives the day that "hier" and "dans 15 jours" count from, in
 * Paris terms.
 */
export function interpretCommand(text: string, now: Date): Interpretation {
  const scan = createScan(normalizeCommand(text));
  const today = parisToday(now);
  // Order matters: each extractor takes its characters, so an e-mail's digits are not a phone, a phone's
  // not a date, an invoice number's not an amount, "3 jours à 450 €" one line rather than a delay and an
  // amount, "par rapport au mois dernier" the compared period rather than the asked one, and none of them
  // a name or a title.
  const found: Found = {
    email: takeEmail(scan),
    phone: takePhone(scan),
    invoiceNumber: takeInvoiceNumber(scan),
    otherAccount: takeOtherAccount(scan),
    comparison: takeComparison(scan, today),
    lines: takeLines(scan),
    range: takeDayRange(scan, today),
    days: takeDays(scan, today),
    period: takePeriod(scan, today),
    cents: takeAmount(scan)?.cents,
    priceBasis: takePriceBasis(scan),
    category: findExpenseCategory(scan.folded),
    today,
  };
  // A figure word inside a billed line is the line's ("1 jour de recette à 400 €"), not a question.
  found.metric = findMetric(scan.folded, scan.raw, found.lines?.lines);
  const intent = detectIntent(scan, {
    hasAmount: found.cents !== undefined || found.lines !== undefined,
    hasSpendingWord: found.category !== undefined,
    hasMetric: found.metric !== undefined,
    isAboutOtherAccount: found.otherAccount !== undefined,
  });
  const { action, entities } = readEntities(scan, intent, found);
  return {
    action,
    confidence: confidenceOf(action, entities),
    entities: withoutEmpty(entities),
    ambiguities: ambiguitiesOf(action, entities),
    needsPlanning: PLANNING.test(scan.folded),
  };
}

type Found = {
  email?: string;
  phone?: string;
  invoiceNumber?: string;
  otherAccount?: string;
  comparison?: ReturnType<typeof takeComparison>;
  lines?: LinesMatch;
  range?: DayRange;
  days: DayMatch[];
  period?: PeriodMatch;
  cents?: number;
  priceBasis?: InterpretationEntities["priceBasis"];
  category?: InterpretationEntities["category"];
  metric?: InterpretationEntities["metric"];
  today: string;
};

function readEntities(
  scan: Scan,
  intent: Intent,
  found: Found,
): { action: InterpretationAction; entities: InterpretationEntities } {
  // Said as lines ("3 jours à 450 €"), the amount is their total.
  const cents = found.lines?.cents ?? found.cents;
  const amount = cents === undefined ? undefined : cents / 100;
  const priced = { amount, lines: found.lines?.lines, priceBasis: found.priceBasis };
  switch (intent.action) {
    case "general":
      return { action: "general", entities: { invoiceNumber: found.invoiceNumber } };
    case "use_integration":
      return {
        action: "use_integration",
        entities: { integration: intent.integration, invoiceNumber: found.invoiceNumber, amount },
      };
    case "create_automation":
      return {
        action: "create_automation",
        entities: { title: phrase(scan), integration: intent.integration },
      };
    case "view_data":
      return { action: "view_data", entities: viewEntities(scan, intent.dataType, found) };
    case "record_payment": {
      const method = takePaymentMethod(scan);
      const payer = intent.report && payerMarker(scan, intent.report.end);
      return {
        action: "record_payment",
        entities: {
          invoiceNumber: found.invoiceNumber,
          client:
            takeClientName(scan, { adjacentTo: intent.span, party: "payer" }) ??
            (payer && takeClientName(scan, { adjacentTo: payer, party: "payer" })) ??
            payerBeforeVerb(scan),
          amount,
          paymentMethod: method,
          // A payment is reported after it happened: "le 12/03" is this year's, or last year's.
          date: found.days[0]?.resolve("past"),
        },
      };
    }
  }
  switch (intent.subject) {
    case "invoice":
    case "quote": {
      // "facture dupont 500 euros": with no "pour", the word after "facture" is the client.
      const client = takeClientName(scan, { adjacentTo: intent.span });
      const title = phrase(scan) ?? onlyLineDescription(found.lines);
      const days = daysOf(found.days, found.today);
      const isQuote = intent.subject === "quote";
      const entities = {
        client,
        ...priced,
        title,
        ...days,
        ...serviceDays(found),
        // The engine reads a quote's deadline as its validity (dueDate, kept as before); validUntil says it.
        validUntil: isQuote ? days.dueDate : undefined,
        integration: intent.integration,
      };
      return { action: isQuote ? "create_quote" : "create_invoice", entities };
    }
    case "contract": {
      const project = takeProjectName(scan);
      const client = takeClientName(scan, { adjacentTo: intent.span, party: "signatory" });
      const range = found.range?.resolve("nearest");
      return {
        action: "create_contract",
        entities: {
          client,
          project,
          ...priced,
          title: phrase(scan) ?? onlyLineDescription(found.lines),
          date: found.days.find((day) => !day.isDue)?.resolve("future"),
          serviceStartDate: range?.from,
          serviceEndDate: range?.to,
        },
      };
    }
    case "task": {
      // A task has a day, not a period: "vérifier les factures du mois" is what to do.
      if (found.period && /^(?:du|de|des|d')[\s']/.test(scan.folded.slice(found.period.start)))
        release(scan, found.period);
      const project = takeProjectName(scan);
      const client = takeClientName(scan, { only: "introduced" });
      const title = phrase(scan, { isTask: true });
      // A task is for a day ahead: "vendredi" is the next one. Its day is its deadline.
      const day = found.days[0]?.resolve("future");
      return {
        action: "create_task",
        entities: {
          title,
          client: client ?? (title && contactIn(title, scan.hasCaseSignal)),
          project,
          date: day,
          dueDate: day,
        },
      };
    }
    case "expense":
      return {
        action: "create_expense",
        entities: {
          amount,
          description: phrase(scan),
          category: found.category ?? "autre",
          // Spec §5: the expense date defaults to today; a day without a year is in the past.
          date: found.days[0]?.resolve("past") ?? found.today,
        },
      };
    case "project": {
      const client = takeClientName(scan);
      return {
        action: "create_project",
        entities: { name: phrase(scan), client, amount, ...daysOf(found.days, found.today) },
      };
    }
    case "client": {
      const own = takeOwnName(scan);
      const rest = own ? undefined : takeResidualPhrase(scan);
      const name = own ?? (rest && displayName(scan, ownNameSpan(scan, rest)));
      const entities = {
        name: name && isValidName(name) ? name : undefined,
        email: found.email,
        phone: found.phone,
      };
      return { action: "create_client", entities };
    }
  }
}

function viewEntities(
  scan: Scan,
  subjectType: InterpretationEntities["dataType"],
  found: Found,
): InterpretationEntities {
  // Tasks have no figures: "mes tâches en retard" is a list.
  const metric = subjectType === "tasks" ? undefined : found.metric;
  const dataType = subjectType ?? (metric ? METRIC_DATA[metric] : "invoices");
  const client =
    metric === "client_balance"
      ? clientAround(scan, BALANCE_VERB)
      : (takeClientName(scan, {
          isQuestion: true,
          party: LISTS_BY_CLIENT.has(dataType) ? "listed" : undefined,
        }) ??
        (metric === "revenue_collected" ? nameAround(scan, EARNED_VERB) : undefined) ??
        payerBeforeVerb(scan));
  return {
    dataType,
    client,
    metric,
    // A figure of money in or out is not a list filter ("encaissé" is no invoice status); these three are.
    status: !metric || STATUS_METRICS.has(metric) ? findStatus(dataType, scan.folded) : undefined,
    // "mes dépenses de transport", "combien j'ai dépensé en repas".
    category: dataType === "expenses" ? found.category : undefined,
    period: periodOf(found),
    compare: found.comparison?.compare,
    otherAccount: found.otherAccount,
    invoiceNumber: found.invoiceNumber,
  };
}

// The records listed by their client: "les factures de orion conseil" (an expense's "de" is what it was for).
const LISTS_BY_CLIENT = new Set<InterpretationEntities["dataType"]>(["invoices", "quotes", "payments"]);

const STATUS_METRICS = new Set<InterpretationEntities["metric"]>([
  "overdue",
  "pending_quotes",
  "active_projects",
]);

/** The period asked about: said as one, as a range of days, as days ("hier", "depuis le 3"), or the one compared from. */
function periodOf(found: Found): InterpretedPeriod | undefined {
  if (found.period) return { from: found.period.from, to: found.period.to, label: found.period.label };
  const range = found.range?.resolve("past");
  if (range) return { ...range, label: `du ${frenchDay(range.from)} au ${frenchDay(range.to)}` };
  // "depuis le 3 mars", "la semaine prochaine": days that stand for a stretch of them.
  const stretch = found.days[0]?.period;
  if (stretch) return stretch;
  const day = found.days[0]?.resolve("past");
  if (day) return { from: day, to: day, label: dayLabel(day, found.today) };
  return found.comparison?.following;
}

function dayLabel(day: string, today: string): string {
  if (day === today) return "aujourd'hui";
  return `le ${frenchDay(day)}`;
}

function frenchDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

const BALANCE_VERB = /(?:me|nous) doi(?:t|vent)(?:[- ](?:t-)?(?:il|elle|ils|elles))?(?:\s+encore)?/;
// "Combien m'a rapporté Nexa ?", "combien Nexa m'a rapporté cette année ?": what a client brought in.
const EARNED_VERB = /(?:m'a|m'ont|me|nous a|nous ont) rapporte(?:nt)?(?![\p{L}])/u;

/**
 * "Combien me doit Dupont ?", "Combien Dupont me doit-il ?", "Quel est le solde de la SARL Bonnet ?": a
 * balance is always some client's, so the name after "de" is read whatever its case ("le solde de webcraft").
 */
function clientAround(scan: Scan, verb: RegExp): string | undefined {
  return takeClientName(scan, { party: "payer" }) ?? nameAround(scan, verb);
}

/** The name just after the verb, else just before it. */
function nameAround(scan: Scan, verbPattern: RegExp): string | undefined {
  const verb = verbPattern.exec(scan.folded);
  if (!verb) return undefined;
  return takeNameAfter(scan, verb.index + verb[0].length) ?? takeNameBefore(scan, verb.index);
}

const PAYER_VERB =
  /(?:m'a|m'ont|ma|mont|nous a|nous ont|a|ont|vient de(?: me| nous)?|viennent de(?: me| nous)?)\s+(?:bien |enfin |finalement |deja )?(?:payer?|regler?|virer?|verser?|envoye|fait|solder?|donne|rembourse|acquitte)/;

/** "Dupont m'a réglé 500 €": the payer is named before the verb. */
function payerBeforeVerb(scan: Scan): string | undefined {
  const verb = PAYER_VERB.exec(scan.folded);
  return verb ? takeNameBefore(scan, verb.index) : undefined;
}

// "appeler Dupont", "relancer Mme Petit", "envoyer le devis à Martin": whom a task is about.
const CONTACT =
  /(?:appeler|rappeler|relancer|contacter|voir|rencontrer|recontacter|téléphoner à|telephoner a|écrire à|ecrire a|répondre à|repondre a|envoyer .{1,40}? à|envoyer .{1,40}? a|déjeuner avec|dejeuner avec|rdv avec|rendez-vous avec|réunion avec|reunion avec)\s+(?:(?:M\.|Mme|Mr|Mlle|Monsieur|Madame|Me|Dr)\s+)?(\p{Lu}[\p{L}'-]*(?:\s+(?:&\s+)?\p{Lu}[\p{L}'-]*){0,3})/u;

// Typed all in lower case, the word after the verb is the name: "relancer nexa"; after an elided article it
// is a common noun: "relancer l'imprimeur".
const LOWERCASE_CONTACT =
  /(?:appeler|rappeler|relancer|contacter|recontacter|voir|rencontrer)\s+(?:(?:m|mr|mme|monsieur|madame)\.?\s+)?(?![ld]')(\p{L}[\p{L}'-]+)/u;

function contactIn(title: string, hasCaseSignal: boolean): string | undefined {
  const found = hasCaseSignal ? CONTACT.exec(title)?.[1] : LOWERCASE_CONTACT.exec(title)?.[1];
  if (!found || !isValidName(found) || FILLERS.has(found.toLowerCase())) return undefined;
  return hasCaseSignal ? found : found[0]?.toUpperCase() + found.slice(1);
}

function onlyLineDescription(lines: LinesMatch | undefined): string | undefined {
  return lines?.lines.length === 1 ? lines.lines[0]?.description : undefined;
}

/** "pour la prestation du 2 au 6 mars", "intervention du 12/03", "pour les prestations de février". */
function serviceDays(found: Found): Pick<InterpretationEntities, "serviceStartDate" | "serviceEndDate"> {
  const range = found.range?.resolve("nearest");
  if (range) return { serviceStartDate: range.from, serviceEndDate: range.to };
  const day = found.days.find((match) => match.isService)?.resolve("past");
  if (day) return { serviceStartDate: day, serviceEndDate: day };
  if (found.period) return { serviceStartDate: found.period.from, serviceEndDate: found.period.to };
  return {};
}

function phrase(scan: Scan, options: { isTask?: boolean } = {}): string | undefined {
  const span = takeResidualPhrase(scan, options);
  return span && scan.raw.slice(span.start, span.end);
}

/**
 * A deadline ("échéance", "à payer avant", "dans 45 jours") is the due date; another day is the date (a
 * service day is the service's, not the document's). "Payable à réception" is due on the document's date.
 */
function daysOf(days: DayMatch[], today: string): Pick<InterpretationEntities, "date" | "dueDate"> {
  const date = days.find((day) => !day.isDue && !day.isService)?.resolve("nearest");
  const due = days.find((day) => day.isDue);
  return { date, dueDate: due?.isOnReceipt ? (date ?? today) : due?.resolve("future") };
}

function confidenceOf(action: InterpretationAction, entities: InterpretationEntities): number {
  if (action === "general") return CONFIDENCE.general;
  const isNewClient = action === "create_client";
  const hasClient = isNewClient ? entities.name : (entities.client ?? entities.invoiceNumber);
  const hasTitle =
    entities.title ?? entities.description ?? (action === "create_project" ? entities.name : undefined);
  let confidence = isNewClient ? CONFIDENCE.newClient : CONFIDENCE.recognised;
  if (hasClient) confidence += CONFIDENCE.client;
  if (entities.amount !== undefined) confidence += CONFIDENCE.amount;
  if (hasTitle || (action === "record_payment" && (entities.date ?? entities.paymentMethod)))
    confidence += CONFIDENCE.title;
  return Math.min(1, Math.round(confidence * 100) / 100);
}

/** Spec §5: an invoice or quote needs a client and an amount, an expense an amount and a description, a
 * project a name (and a client, §5 "Project creation requires a name and a client"), a client a name. */
function ambiguitiesOf(action: InterpretationAction, entities: InterpretationEntities): string[] {
  const missing: (keyof typeof AMBIGUITIES | false)[] = [];
  if (action === "create_invoice" || action === "create_quote")
    missing.push(!entities.client && "client", entities.amount === undefined && "amount");
  if (action === "create_expense")
    missing.push(entities.amount === undefined && "amount", !entities.description && "description");
  if (action === "create_project")
    missing.push(!entities.name && "projectName", !entities.client && "client");
  if (action === "create_client") missing.push(!entities.name && "clientName");
  if (action === "create_contract") missing.push(!entities.client && "client");
  if (action === "create_task") missing.push(!entities.title && "taskTitle");
  // The payment's amount may be left out: it is then what remains due on the invoice.
  if (action === "record_payment") missing.push(!entities.invoiceNumber && !entities.client && "invoice");
  return missing.filter((key) => key !== false).map((key) => AMBIGUITIES[key]);
}

function withoutEmpty(entities: InterpretationEntities): InterpretationEntities {
  return Object.fromEntries(
    Object.entries(entities).filter(([, value]) => value !== undefined),
  ) as InterpretationEntities;
}
