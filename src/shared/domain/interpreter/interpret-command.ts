import type {
  Interpretation,
  InterpretationAction,
  InterpretationEntities,
} from "../../schemas/interpretation";
import { parisToday } from "../dates";
import { takeAmount } from "./amounts";
import { findExpenseCategory } from "./categories";
import { takeEmail, takePhone } from "./contacts";
import { type DayMatch, takeDays } from "./day-expressions";
import { detectIntent, type Intent } from "./intent";
import { PLANNING } from "./lexicon";
import { displayName, isValidName, takeClientName, takeOwnName } from "./names";
import { takeResidualPhrase } from "./phrase";
import { createScan, type Scan } from "./scan";

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
  const scan = createScan(text);
  const today = parisToday(now);
  // Order matters: each extractor takes its characters, so an e-mail's digits are not a phone, a phone's
  // not a date, a date's ("15/12/2026") not an amount, and none of them a name or a title.
  const found: Found = {
    email: takeEmail(scan),
    phone: takePhone(scan),
    days: takeDays(scan, today),
    cents: takeAmount(scan)?.cents,
    category: findExpenseCategory(scan.folded),
    today,
  };
  const intent = detectIntent(scan, {
    hasAmount: found.cents !== undefined,
    hasSpendingWord: found.category !== undefined,
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
  days: DayMatch[];
  cents?: number;
  category?: InterpretationEntities["category"];
  today: string;
};

function readEntities(
  scan: Scan,
  intent: Intent,
  found: Found,
): { action: InterpretationAction; entities: InterpretationEntities } {
  const amount = found.cents === undefined ? undefined : found.cents / 100;
  switch (intent.action) {
    case "general":
      return { action: "general", entities: {} };
    case "use_integration":
      return { action: "use_integration", entities: { integration: intent.integration } };
    case "create_automation":
      return {
        action: "create_automation",
        entities: { title: phrase(scan), integration: intent.integration },
      };
    case "view_data":
      return { action: "view_data", entities: { dataType: intent.dataType, client: takeClientName(scan) } };
  }
  switch (intent.subject) {
    case "invoice":
    case "quote": {
      // "facture dupont 500 euros": with no "pour", the word after "facture" is the client.
      const client = takeClientName(scan, { adjacentTo: intent.span });
      const entities = {
        client,
        amount,
        title: phrase(scan),
        ...daysOf(found.days),
        integration: intent.integration,
      };
      return { action: intent.subject === "invoice" ? "create_invoice" : "create_quote", entities };
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
        entities: { name: phrase(scan), client, amount, ...daysOf(found.days) },
      };
    }
    case "client": {
      const own = takeOwnName(scan);
      const rest = own ? undefined : takeResidualPhrase(scan);
      const name = own ?? (rest && displayName(scan, rest));
      const entities = {
        name: name && isValidName(name) ? name : undefined,
        email: found.email,
        phone: found.phone,
      };
      return { action: "create_client", entities };
    }
  }
}

function phrase(scan: Scan): string | undefined {
  const span = takeResidualPhrase(scan);
  return span && scan.raw.slice(span.start, span.end);
}

/** A deadline ("échéance", "à payer avant", "dans 45 jours") is the due date; another day is the date. */
function daysOf(days: DayMatch[]): Pick<InterpretationEntities, "date" | "dueDate"> {
  return {
    date: days.find((day) => !day.isDue)?.resolve("nearest"),
    dueDate: days.find((day) => day.isDue)?.resolve("future"),
  };
}

function confidenceOf(action: InterpretationAction, entities: InterpretationEntities): number {
  if (action === "general") return CONFIDENCE.general;
  const isNewClient = action === "create_client";
  const hasClient = isNewClient ? entities.name : entities.client;
  const hasTitle =
    entities.title ?? entities.description ?? (action === "create_project" ? entities.name : undefined);
  let confidence = isNewClient ? CONFIDENCE.newClient : CONFIDENCE.recognised;
  if (hasClient) confidence += CONFIDENCE.client;
  if (entities.amount !== undefined) confidence += CONFIDENCE.amount;
  if (hasTitle) confidence += CONFIDENCE.title;
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
  return missing.filter((key) => key !== false).map((key) => AMBIGUITIES[key]);
}

function withoutEmpty(entities: InterpretationEntities): InterpretationEntities {
  return Object.fromEntries(
    Object.entries(entities).filter(([, value]) => value !== undefined),
  ) as InterpretationEntities;
}
