import {
  AUTOMATION_KINDS,
  type AutomationKind,
  QUOTE_EXPIRING_DAYS_BEFORE,
  TASK_DUE_DAYS_BEFORE,
} from "@shared/domain/automations";
import { parisToday } from "@shared/domain/dates";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { automationRuns, automations } from "../../db/schema/index";
import type { RenderedEmail } from "../../email/layout";
import type { Mailer } from "../../email/mailer";
import {
  clientWelcomeEmail,
  invoiceThanksEmail,
  quoteExpiringEmail,
  taskDueEmail,
} from "../../email/templates/automation-emails";
import type { Logger } from "../../logger";

// Jobs run as the owner role, across users: they are the server's own work, not a tenant's request.

type Row = Record<string, unknown> & { automation_id: string; user_id: string; period: string; rule: string };
/** The e-mail, and the run log's line when it left and when it did not. */
type Delivery = { to: string; email: RenderedEmail; summary: string; failure: string };

/**
 * A rule that sends one e-mail per record it concerns (a quote, a client, an invoice, a task). `candidates`
 * selects, for every active rule of the kind, the records due today that the rule has not run for yet, as
 * rows with `automation_id`, `user_id`, `period` (the record's key, unique per rule) and what the e-mail
 * says. Only records whose moment comes on or after the day the rule was turned on count: a new or resumed
 * rule never sends a backlog.
 */
type EventRule = {
  kind: AutomationKind;
  candidates: (today: string) => SQL;
  deliver: (row: Row, appUrl: string) => Delivery;
};

const activeRules = (kind: AutomationKind) => sql`
  a.is_active and a.trigger->>'type' = ${AUTOMATION_KINDS[kind].trigger}
  and a.action->>'type' = ${AUTOMATION_KINDS[kind].action}`;
const activeSinceDay = sql`(a.active_since at time zone 'Europe/Paris')::date`;
const notRunYet = (period: SQL) =>
  sql`not exists (select 1 from automation_runs r where r.automation_id = a.id and r.period = ${period})`;
const noticeDays = (fallback: number) => sql`coalesce((a.trigger->>'daysBefore')::int, ${fallback})`;
/** The name a client knows the freelancer by. */
const sellerName = sql`coalesce(nullif(b.company_name, ''), b.legal_name, u.name)`;

const str = (value: unknown) => String(value ?? "");
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

const EVENT_RULES: EventRule[] = [
  {
    kind: "quote_expiring",
    candidates: (today) => {
      const period = sql`'quote:' || q.id`;
      const remindOn = sql`q.valid_until - ${noticeDays(QUOTE_EXPIRING_DAYS_BEFORE)}`;
      return sql`
        select a.id as automation_id, a.user_id, a.name as rule, ${period} as period, u.email as to_address,
          u.name as recipient, q.id as quote_id, q.quote_number, q.client_name, q.total_cents,
          q.valid_until::text as valid_until
        from automations a
        join "user" u on u.id = a.user_id
        join quotes q on q.user_id = a.user_id
        where ${activeRules("quote_expiring")} and q.status = 'envoyé' and q.quote_number is not null
          and q.valid_until >= ${today}::date and ${remindOn} <= ${today}::date and ${remindOn} >= ${activeSinceDay}
          and ${notRunYet(period)}`;
    },
    deliver: (row, appUrl) => ({
      to: str(row.to_address),
      summary: `Rappel envoyé pour le devis ${str(row.quote_number)} (${str(row.client_name)})`,
      failure: `Rappel non envoyé pour le devis ${str(row.quote_number)} (${str(row.client_name)})`,
      email: quoteExpiringEmail({
        name: row.recipient ? str(row.recipient) : null,
        appUrl,
        rule: row.rule,
        quoteId: str(row.quote_id),
        quoteNumber: str(row.quote_number),
        clientName: str(row.client_name),
        totalCents: Number(row.total_cents),
        validUntil: str(row.valid_until),
        daysLeft: daysBetween(str(row.today), str(row.valid_until)),
      }),
    }),
  },
  {
    kind: "client_welcome",
    candidates: () => {
      const period = sql`'client:' || c.id`;
      return sql`
        select a.id as automation_id, a.user_id, a.name as rule, ${period} as period, c.email as to_address,
          c.name as client_name, coalesce(c.contact_name, c.name) as recipient, ${sellerName} as seller_name,
          coalesce(b.email, u.email) as seller_email
        from automations a
        join "user" u on u.id = a.user_id
        left join business_identities b on b.user_id = a.user_id
        join clients c on c.user_id = a.user_id
        where ${activeRules("client_welcome")} and c.created_at >= a.active_since and coalesce(c.email, '') <> ''
          and ${notRunYet(period)}`;
    },
    deliver: (row) => ({
      to: str(row.to_address),
      summary: `E-mail de bienvenue envoyé à ${str(row.client_name)} (${str(row.to_address)})`,
      failure: `E-mail de bienvenue non envoyé à ${str(row.client_name)} (${str(row.to_address)})`,
      email: clientWelcomeEmail({
        recipientName: str(row.recipient),
        sellerName: str(row.seller_name),
        sellerEmail: row.seller_email ? str(row.seller_email) : null,
      }),
    }),
  },
  {
    kind: "invoice_paid_thanks",
    candidates: () => {
      const period = sql`'invoice:' || i.id`;
      return sql`
        select a.id as automation_id, a.user_id, a.name as rule, ${period} as period,
          coalesce(nullif(i.buyer->>'email', ''), c.email) as to_address, i.client_name,
          coalesce(i.buyer->>'contactName', i.client_name) as recipient, ${sellerName} as seller_name,
          i.invoice_number, i.total_cents
        from automations a
        join "user" u on u.id = a.user_id
        left join business_identities b on b.user_id = a.user_id
        join invoices i on i.user_id = a.user_id
        left join clients c on c.id = i.client_id and c.user_id = i.user_id
        where ${activeRules("invoice_paid_thanks")} and i.kind = 'facture' and i.status = 'payée'
          and i.invoice_number is not null and i.paid_at >= a.active_since
          and coalesce(nullif(i.buyer->>'email', ''), c.email, '') <> ''
          and ${notRunYet(period)}`;
    },
    deliver: (row) => ({
      to: str(row.to_address),
      summary: `Remerciement envoyé à ${str(row.client_name)} pour la facture ${str(row.invoice_number)}`,
      failure: `Remerciement non envoyé à ${str(row.client_name)} pour la facture ${str(row.invoice_number)}`,
      email: invoiceThanksEmail({
        recipientName: str(row.recipient),
        sellerName: str(row.seller_name),
        invoiceNumber: str(row.invoice_number),
        totalCents: Number(row.total_cents),
      }),
    }),
  },
  {
    kind: "task_due",
    candidates: (today) => {
      const period = sql`'task:' || t.id`;
      const remindOn = sql`t.due_date - ${noticeDays(TASK_DUE_DAYS_BEFORE)}`;
      return sql`
        select a.id as automation_id, a.user_id, a.name as rule, ${period} as period, u.email as to_address,
          u.name as recipient, t.title, t.due_date::text as due_date, p.id as project_id, p.name as project_name
        from automations a
        join "user" u on u.id = a.user_id
        join tasks t on t.user_id = a.user_id
        join projects p on p.id = t.project_id and p.user_id = t.user_id
        where ${activeRules("task_due")} and t.status <> 'terminee'
          and t.due_date >= ${today}::date and ${remindOn} <= ${today}::date and ${remindOn} >= ${activeSinceDay}
          and ${notRunYet(period)}`;
    },
    deliver: (row, appUrl) => ({
      to: str(row.to_address),
      summary: `Rappel envoyé pour la tâche « ${str(row.title)} » (${str(row.project_name)})`,
      failure: `Rappel non envoyé pour la tâche « ${str(row.title)} » (${str(row.project_name)})`,
      email: taskDueEmail({
        name: row.recipient ? str(row.recipient) : null,
        appUrl,
        rule: row.rule,
        projectId: str(row.project_id),
        title: str(row.title),
        projectName: str(row.project_name),
        dueDate: str(row.due_date),
        daysLeft: daysBetween(str(row.today), str(row.due_date)),
      }),
    }),
  },
];

const CLAIM_BATCH = 50;

/**
 * Runs the e-mail rules (quote expiring, welcome, thank-you, task due). For each kind one statement selects
 * what is due and inserts its run rows; `(automation_id, period)` is unique, so when two instances tick at
 * once the second one's insert finds the row and claims nothing. E-mails go out after that commit and the
 * run row then records the outcome; a run whose e-mail failed is logged as such and not retried (the
 * client must not get two welcomes because the first one's answer was lost).
 */
export async function runEventRules(
  { db, mailer, logger, appUrl }: { db: Db; mailer: Mailer; logger: Logger; appUrl: string },
  now = new Date(),
): Promise<number> {
  const today = parisToday(now);
  let sent = 0;
  for (const rule of EVENT_RULES) {
    const result = await db.execute(sql`
      with candidates as (${rule.candidates(today)} limit ${CLAIM_BATCH}),
      claimed as (
        insert into automation_runs (user_id, automation_id, period, started_at)
        select user_id, automation_id, period, ${now} from candidates
        on conflict (automation_id, period) do nothing
        returning id as run_id, automation_id, period)
      select claimed.run_id, ${today}::text as today, candidates.*
      from candidates join claimed using (automation_id, period)`);
    for (const row of (result as unknown as { rows: (Row & { run_id: string })[] }).rows) {
      const delivery = rule.deliver(row, appUrl);
      let error: string | null = null;
      try {
        await mailer.send({ to: delivery.to, userId: row.user_id, ...delivery.email });
        sent++;
      } catch (cause) {
        error = (cause as Error).message;
        logger.warn(
          { err: cause, automationId: row.automation_id, kind: rule.kind },
          "automation e-mail failed",
        );
      }
      await recordRun(db, {
        runId: row.run_id,
        automationId: row.automation_id,
        now,
        summary: error ? delivery.failure : delivery.summary,
        error,
      });
    }
  }
  return sent;
}

/** The run's outcome on its row, and the rule's counters. */
export async function recordRun(
  db: Db,
  {
    runId,
    automationId,
    now,
    summary,
    error,
  }: { runId: string; automationId: string; now: Date; summary: string; error: string | null },
) {
  await db
    .update(automationRuns)
    .set({ status: error ? "failed" : "succeeded", summary, error, finishedAt: now })
    .where(eq(automationRuns.id, runId));
  await db
    .update(automations)
    .set({ runCount: sql`${automations.runCount} + 1`, lastRunAt: now, lastError: error })
    .where(eq(automations.id, automationId));
}
