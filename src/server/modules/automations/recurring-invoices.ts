import {
  AUTOMATION_KINDS,
  nextOccurrenceAfter,
  occurrenceEnd,
  type Recurrence,
  recurringOccurrences,
} from "@shared/domain/automations";
import { addDays, parisToday } from "@shared/domain/dates";
import { formatDate, formatMoney } from "@shared/format";
import {
  type RecurringInvoiceAction,
  recurringInvoiceAction,
  recurringTrigger,
} from "@shared/schemas/automations";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { automationRuns, automations } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import type { Mailer } from "../../email/mailer";
import type { Logger } from "../../logger";
import { createInvoiceDraft, issueInvoice } from "../invoices/invoices.service";
import { sendInvoice } from "../invoices/send-invoice.service";

type Deps = { db: Db; mailer: Mailer; logger: Logger };
type Rule = typeof automations.$inferSelect;

/**
 * When a rule next looks at its occurrences: the first one on or after `now`'s day, at UTC midnight (which
 * falls on that day in Paris). Null once the end date is passed: an ended rule is never selected again.
 */
export function nextRecurringRunAt(recurrence: Recurrence, now: Date): Date | null {
  const next = nextOccurrenceAfter(recurrence, addDays(parisToday(now), -1));
  return next ? new Date(`${next}T00:00:00Z`) : null;
}

/**
 * Generates the invoices of the active recurring rules whose next occurrence has come. Every occurrence
 * from the day the rule was (last) turned on up to today that has no run yet is run, oldest first: a
 * server that was down catches up each missed period once, a paused rule does not invoice its pause.
 */
export async function runRecurringInvoices(deps: Deps, now = new Date()): Promise<number> {
  const today = parisToday(now);
  const { trigger, action } = AUTOMATION_KINDS.recurring_invoice;
  const due = await deps.db
    .select()
    .from(automations)
    .where(
      and(
        eq(automations.isActive, true),
        sql`${automations.trigger}->>'type' = ${trigger}`,
        sql`${automations.action}->>'type' = ${action}`,
        lte(automations.nextRunAt, now),
      ),
    );
  let generated = 0;
  for (const rule of due) {
    const recurrence = recurringTrigger.safeParse(rule.trigger);
    const template = recurringInvoiceAction.safeParse(rule.action);
    if (!recurrence.success || !template.success) {
      // Only a hand-edited row can get here: pause it rather than fail every minute.
      await deps.db
        .update(automations)
        .set({ isActive: false, lastError: "Règle de facture récurrente incomplète : recréez-la." })
        .where(eq(automations.id, rule.id));
      continue;
    }
    const done = new Set(
      (
        await deps.db
          .select({ period: automationRuns.period })
          .from(automationRuns)
          .where(eq(automationRuns.automationId, rule.id))
      ).map((run) => run.period),
    );
    const activeSince = parisToday(rule.activeSince);
    for (const date of recurringOccurrences(recurrence.data, today)) {
      if (date < activeSince || done.has(date)) continue;
      if (
        await runOccurrence(deps, { rule, recurrence: recurrence.data, template: template.data, date, now })
      )
        generated++;
    }
    const tomorrow = new Date(Date.parse(`${addDays(today, 1)}T12:00:00Z`));
    await deps.db
      .update(automations)
      .set({ nextRunAt: nextRecurringRunAt(recurrence.data, tomorrow) })
      .where(eq(automations.id, rule.id));
  }
  return generated;
}

/**
 * One period's invoice. The run row (unique per rule and period) is inserted first, in the same tenant
 * transaction as the draft, its number and the rule's counters: an instance that ticks at the same time
 * waits on that row and then finds it taken, and a failure rolls everything back, number included, so the
 * series keeps no gap. The invoice is dated the day it is made (numbers follow dates); the period it
 * covers is its service period. The e-mail leaves after the commit, through the invoices' own sending.
 */
async function runOccurrence(
  { db, mailer, logger }: Deps,
  {
    rule,
    recurrence,
    template,
    date,
    now,
  }: { rule: Rule; recurrence: Recurrence; template: RecurringInvoiceAction; date: string; now: Date },
): Promise<boolean> {
  const { userId } = rule;
  const servicePeriod = `du ${formatDate(date)} au ${formatDate(occurrenceEnd(recurrence, date))}`;
  let made: { runId: string; invoiceId: string; summary: string } | null;
  try {
    made = await withTenant(db, userId, async (tx) => {
      const [run] = await tx
        .insert(automationRuns)
        .values({ userId, automationId: rule.id, period: date, startedAt: now })
        .onConflictDoNothing()
        .returning({ id: automationRuns.id });
      if (!run) return null;
      const draft = await createInvoiceDraft(tx, {
        userId,
        now,
        input: {
          clientId: template.clientId,
          clientName: template.clientName,
          serviceDate: date,
          serviceEndDate: occurrenceEnd(recurrence, date),
          lines: template.lines,
        },
      });
      const invoice =
        template.delivery === "draft" ? draft : await issueInvoice(tx, { userId, id: draft.id, now });
      const summary =
        template.delivery === "draft"
          ? `Brouillon de facture préparé pour ${template.clientName} (${formatMoney(invoice.totalCents)} TTC), période ${servicePeriod}`
          : `Facture ${invoice.invoiceNumber} émise pour ${template.clientName} (${formatMoney(invoice.totalCents)} TTC), période ${servicePeriod}`;
      await tx
        .update(automationRuns)
        .set({ status: "succeeded", invoiceId: invoice.id, summary, finishedAt: now })
        .where(eq(automationRuns.id, run.id));
      await tx
        .update(automations)
        .set({ runCount: sql`${automations.runCount} + 1`, lastRunAt: now, lastError: null })
        .where(eq(automations.id, rule.id));
      return { runId: run.id, invoiceId: invoice.id, summary };
    });
  } catch (error) {
    // The period is logged as failed once and not retried every minute: the user sees why on the page
    // (an incomplete identity, a deleted client) and makes that invoice by hand.
    const message = (error as Error).message;
    logger.warn({ err: error, automationId: rule.id, period: date }, "recurring invoice failed");
    await withTenant(db, userId, (tx) =>
      tx
        .insert(automationRuns)
        .values({
          userId,
          automationId: rule.id,
          period: date,
          status: "failed",
          startedAt: now,
          finishedAt: now,
          summary: `Facture de la période ${servicePeriod} non générée`,
          error: message,
        })
        .onConflictDoNothing(),
    );
    await db
      .update(automations)
      .set({ lastRunAt: now, lastError: message })
      .where(eq(automations.id, rule.id));
    return false;
  }
  if (!made) return false;
  if (template.delivery === "send") {
    try {
      const sent = await sendInvoice(
        { db, mailer },
        {
          userId,
          id: made.invoiceId,
          now,
          input: { message: recurringMessage(servicePeriod), issueDraft: false },
        },
      );
      await db
        .update(automationRuns)
        .set({ summary: `${made.summary}, envoyée à ${sent.buyer?.email ?? ""}` })
        .where(eq(automationRuns.id, made.runId));
    } catch (error) {
      // The invoice stands (issued, numbered); only its e-mail is missing: the user sends it from the invoice.
      const message = (error as Error).message;
      logger.warn({ err: error, automationId: rule.id, period: date }, "recurring invoice e-mail failed");
      await db
        .update(automationRuns)
        .set({ status: "failed", summary: `${made.summary} ; e-mail non envoyé`, error: message })
        .where(eq(automationRuns.id, made.runId));
      await db.update(automations).set({ lastError: message }).where(eq(automations.id, rule.id));
    }
  }
  return true;
}

const recurringMessage = (servicePeriod: string) =>
  `Bonjour,\n\nVeuillez trouver ci-joint la facture de la période ${servicePeriod}.\n\nCordialement,`;
