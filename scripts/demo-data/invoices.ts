import type { Db } from "@server/db/client";
import { markOverdueInvoices } from "@server/jobs/invoice-jobs";
import {
  cancelInvoice,
  createInvoiceDraft,
  issueInvoice,
  recordPayment,
} from "@server/modules/invoices/invoices.service";
import { convertQuote } from "@server/modules/quotes/quotes.service";
import type { LineInput } from "@shared/schemas/invoices";
import { between, dayAgo, momentAgo, pick, random } from "./calendar";
import { clientAt, type DemoClient } from "./clients";
import type { History } from "./history";
import { line, oddJobLines } from "./lines";
import { named } from "./named";
import type { QuoteConversion } from "./quotes";
import type { DemoStory } from "./story";

const DEMO_INVOICE_COUNT = 120;
/** Odd jobs of the last days still being written up: drafts, not issued yet. */
const RECENT_DRAFTS = 4;
const DRAFT_WITHIN_DAYS = 10;
const DAY_MS = 86_400_000;

/** Monthly maintenance, invoiced on the 2nd for the month before. */
const RETAINERS = [
  { clientName: "Pharmacie Centrale", monthlyCents: 15000, sinceDaysAgo: 365 },
  { clientName: "Brasserie du Port", monthlyCents: 12000, sinceDaysAgo: 365 },
  { clientName: "Atelier Moreau", monthlyCents: 18000, sinceDaysAgo: 365 },
  // From the maintenance contract signed after the shop went live (contracts.ts).
  { clientName: "Fromagerie Vidal", monthlyCents: 22000, sinceDaysAgo: 186 },
];

type InvoicePlan =
  | { daysAgo: number; isDraft: boolean; quoteId: string }
  | { daysAgo: number; isDraft: boolean; client: DemoClient; lines: LineInput[] };

const monthName = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" });

/** The 2nd of each of the last twelve months, as days ago, with the month before it (what is billed). */
function monthlyBillingDays() {
  const today = new Date(`${dayAgo(0)}T00:00:00Z`);
  return Array.from({ length: 12 }, (_, monthsAgo) => {
    const billedOn = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsAgo, 2);
    const billedMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsAgo - 1, 1));
    return {
      daysAgo: Math.round((today.getTime() - billedOn) / DAY_MS),
      month: monthName.format(billedMonth),
    };
  }).filter(({ daysAgo }) => daysAgo >= 0);
}

function retainerInvoices(clients: readonly DemoClient[]): InvoicePlan[] {
  return RETAINERS.flatMap((retainer) =>
    monthlyBillingDays()
      .filter(({ daysAgo }) => daysAgo < retainer.sinceDaysAgo)
      .map(({ daysAgo, month }) => ({
        daysAgo,
        isDraft: false,
        client: named(clients, retainer.clientName),
        lines: [line(`Maintenance mensuelle du site – ${month}`, 1, "forfait", retainer.monthlyCents)],
      })),
  );
}

/** Odd jobs fill the year up to 120 invoices; the last few are still drafts. */
function oddJobInvoices(clients: readonly DemoClient[], count: number): InvoicePlan[] {
  return Array.from({ length: count }, (_, index) => {
    const isDraft = index < RECENT_DRAFTS;
    const daysAgo = isDraft ? between(0, DRAFT_WITHIN_DAYS) : between(DRAFT_WITHIN_DAYS + 1, 358);
    return { daysAgo, isDraft, client: clientAt(clients, daysAgo), lines: oddJobLines() };
  });
}

async function draftFor(db: Db, userId: string, plan: InvoicePlan) {
  const now = momentAgo(plan.daysAgo);
  if ("quoteId" in plan) return convertQuote(db, { userId, id: plan.quoteId, now });
  return createInvoiceDraft(db, {
    userId,
    now,
    input: { clientId: plan.client.id, clientName: plan.client.name, lines: plan.lines },
  });
}

type Counts = { issued: number; drafts: number; paid: number; partial: number; cancelled: number };
type Issued = { userId: string; invoice: { id: string; totalCents: number }; daysAgo: number };

/** About one issued invoice in 23 was a mistake (wrong client, duplicate) and is cancelled by a credit note. */
const CANCEL_EVERY = 23;

async function cancel(db: Db, { userId, invoice, daysAgo }: Issued, history: History) {
  const cancelledAgo = Math.max(0, daysAgo - 2);
  const creditNote = await cancelInvoice(db, { userId, id: invoice.id, now: momentAgo(cancelledAgo) });
  history.record("invoices", creditNote.id, momentAgo(cancelledAgo));
}

/**
 * Most invoices are paid within their terms, a few only in part, a few not at all; a payment that would
 * fall after today has not come yet, so recent invoices still wait.
 */
async function settle(db: Db, { userId, invoice, daysAgo }: Issued): Promise<"paid" | "partial" | null> {
  const roll = random();
  const paidAgo = daysAgo - between(8, 45);
  if (paidAgo < 0 || roll > 0.93) return null;
  const isPartial = roll > 0.88;
  await recordPayment(db, {
    userId,
    id: invoice.id,
    now: momentAgo(paidAgo),
    input: {
      amountCents: isPartial ? Math.round(invoice.totalCents * 0.4) : invoice.totalCents,
      method: pick(["virement", "virement", "virement", "cheque", "carte"] as const),
      paidOn: dayAgo(paidAgo),
    },
  });
  return isPartial ? "partial" : "paid";
}

/**
 * 120 invoices over the year: converted quotes, monthly maintenance and odd jobs, issued in date order
 * through the real issuing path, so the invoice series is continuous and chronological.
 */
export async function seedInvoices(
  db: Db,
  { userId, clients, history }: DemoStory,
  conversions: QuoteConversion[],
) {
  const fixed: InvoicePlan[] = [...conversions, ...retainerInvoices(clients)];
  const plans = [...fixed, ...oddJobInvoices(clients, DEMO_INVOICE_COUNT - fixed.length)].sort(
    (a, b) => b.daysAgo - a.daysAgo,
  );
  const counts: Counts = {
    issued: 0,
    drafts: 0,
    paid: 0,
    partial: 0,
    cancelled: 0,
  };
  for (const plan of plans) {
    const draft = await draftFor(db, userId, plan);
    history.record("invoices", draft.id, momentAgo(plan.daysAgo));
    if (plan.isDraft) {
      counts.drafts++;
      continue;
    }
    const invoice = await issueInvoice(db, { userId, id: draft.id, now: momentAgo(plan.daysAgo) });
    counts.issued++;
    const issued = { userId, invoice, daysAgo: plan.daysAgo };
    if (counts.issued % CANCEL_EVERY === 0) {
      await cancel(db, issued, history);
      counts.cancelled++;
      continue;
    }
    const outcome = await settle(db, issued);
    if (outcome) counts[outcome]++;
  }
  // What the server's job does on its next run: unpaid invoices past their due date become en-retard.
  await markOverdueInvoices(db);
  return counts;
}
