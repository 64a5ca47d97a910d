import type { Db } from "@server/db/client";
import { createQuote, transitionQuote } from "@server/modules/quotes/quotes.service";
import type { LineInput } from "@shared/schemas/invoices";
import type { QuoteStatus } from "@shared/schemas/quotes";
import { between, dayAgo, momentAgo } from "./calendar";
import { clientAt, type DemoClient } from "./clients";
import type { History } from "./history";
import { oddJobLines } from "./lines";
import type { DemoProject } from "./projects";
import type { DemoStory } from "./story";

/** The client's answer, days after the quote was sent. */
type Answer = { to: "accept" | "refuse"; afterDays: number };

type QuotePlan = {
  daysAgo: number;
  client: DemoClient;
  projectId?: string;
  lines: LineInput[];
  notes?: string;
  answer?: Answer;
  isSent: boolean;
  /** Accepted quotes turned into an invoice this many days after the answer. */
  convertAfterDays?: number;
  /** The invoice made from it is still a draft. */
  isInvoiceDraft?: boolean;
};

/** An accepted quote waiting for the invoice timeline to convert it (numbering must follow the dates). */
export type QuoteConversion = { quoteId: string; daysAgo: number; isDraft: boolean };

/** Each project starts from the quote its client accepted; the invoice follows at the start. */
function projectQuotes(projects: readonly DemoProject[]): QuotePlan[] {
  return projects.map((project) => ({
    daysAgo: project.startDaysAgo + 10,
    client: project.client,
    projectId: project.id,
    lines: project.quoteLines,
    notes: `Projet « ${project.name} » : facturation à la commande.`,
    isSent: true,
    answer: { to: "accept", afterDays: 6 },
    convertAfterDays: 4,
  }));
}

const randomDays = (count: number, newest: number, oldest: number) =>
  Array.from({ length: count }, () => between(newest, oldest));

/**
 * Small quotes between projects, in every status, with the days they are dated. Expiré is not stored: a
 * sent quote past its validity reads so (effectiveQuoteStatus). Of the accepted ones, newest first, the two
 * newest are not invoiced yet and the third only as a draft.
 */
const oddQuoteDays = (): Record<QuoteStatus, number[]> => ({
  accepté: [6, 12, 16, 70, 130, 200, 280],
  refusé: randomDays(8, 25, 340),
  expiré: randomDays(7, 45, 330),
  envoyé: randomDays(5, 2, 25),
  brouillon: randomDays(5, 0, 12),
});

const answerFor = (status: QuoteStatus): Answer | undefined =>
  status === "accepté"
    ? { to: "accept", afterDays: between(3, 8) }
    : status === "refusé"
      ? { to: "refuse", afterDays: between(5, 20) }
      : undefined;

function oddQuotes(clients: readonly DemoClient[]): QuotePlan[] {
  return Object.entries(oddQuoteDays()).flatMap(([status, days]) =>
    days.map((daysAgo, newestFirst): QuotePlan => {
      const isAccepted = status === "accepté";
      return {
        daysAgo,
        client: clientAt(clients, daysAgo, !isAccepted),
        lines: oddJobLines(),
        isSent: status !== "brouillon",
        answer: answerFor(status as QuoteStatus),
        convertAfterDays: isAccepted && newestFirst >= 2 ? 3 : undefined,
        isInvoiceDraft: isAccepted && newestFirst === 2,
      };
    }),
  );
}

/** Creates a quote, sends it and records the client's answer, each at its moment in the story. */
async function seedQuote(db: Db, userId: string, plan: QuotePlan, history: History) {
  const quote = await createQuote(db, {
    userId,
    now: momentAgo(plan.daysAgo),
    input: {
      clientId: plan.client.id,
      clientName: plan.client.name,
      projectId: plan.projectId,
      date: dayAgo(plan.daysAgo),
      notes: plan.notes,
      lines: plan.lines,
    },
  });
  history.record("quotes", quote.id, momentAgo(plan.daysAgo));
  if (plan.isSent)
    await transitionQuote(db, { userId, id: quote.id, to: "send", now: momentAgo(plan.daysAgo) });
  if (plan.answer) {
    const answeredAgo = Math.max(0, plan.daysAgo - plan.answer.afterDays);
    await transitionQuote(db, { userId, id: quote.id, to: plan.answer.to, now: momentAgo(answeredAgo) });
  }
  return quote.id;
}

/** 40 quotes, created in date order so the DEV- series stays chronological. */
export async function seedQuotes(
  db: Db,
  { userId, clients, projects, history }: DemoStory,
): Promise<{ count: number; conversions: QuoteConversion[] }> {
  const plans = [...projectQuotes(projects), ...oddQuotes(clients)].sort((a, b) => b.daysAgo - a.daysAgo);
  const conversions: QuoteConversion[] = [];
  for (const plan of plans) {
    const quoteId = await seedQuote(db, userId, plan, history);
    if (plan.answer && plan.convertAfterDays !== undefined)
      conversions.push({
        quoteId,
        daysAgo: Math.max(0, plan.daysAgo - plan.answer.afterDays - plan.convertAfterDays),
        isDraft: plan.isInvoiceDraft === true,
      });
  }
  return { count: plans.length, conversions };
}
