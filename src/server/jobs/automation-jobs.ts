import { nextWeeklySummaryAt, OVERDUE_REMINDER_DAYS } from "@shared/domain/automations";
import { parisToday } from "@shared/domain/dates";
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { automations, user } from "../db/schema/index";
import type { Mailer } from "../email/mailer";
import { weeklySummaryEmail } from "../email/templates/weekly-summary";
import type { Logger } from "../logger";
import { getDashboard } from "../modules/dashboard/dashboard.service";

// Jobs run as the owner role, across users: they are the server's own work, not a tenant's request.

/**
 * What an active "Relance des factures en retard" rule does: for each of its user's unpaid invoices, a
 * relance 7, 15 and 30 days after the due date. Each is planned on the day it falls due and only if that day
 * is on or after the day the rule was turned on: a new or resumed rule never sends a backlog, and pausing
 * stops the next ones. When the job ran late, only the latest due one is planned, so a client gets one
 * relance at a time. sendDueReminders e-mails them like the J-7/J-3/J reminders. Each planned relance counts
 * as a run of the rule. The query starts from the (few) active rules and reaches invoices by user, so the
 * minute's run does not scan every user's invoices.
 */
export async function planOverdueReminders(db: Db, now = new Date()): Promise<number> {
  const today = parisToday(now);
  const offsets = sql.join(
    OVERDUE_REMINDER_DAYS.map((days) => sql`(${days}::int)`),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      insert into invoice_reminders (user_id, invoice_id, days_before_due, scheduled_for)
      select distinct on (i.id) i.user_id, i.id, -o.days, i.due_date + o.days
      from automations a
      join invoices i on i.user_id = a.user_id
      cross join (values ${offsets}) as o(days)
      where a.is_active
        and a.trigger->>'type' = 'invoice_overdue' and a.action->>'type' = 'send_reminder'
        and i.kind = 'facture'
        and i.status in ('en-attente', 'en-retard')
        and i.total_cents > i.paid_cents
        and i.due_date + o.days <= ${today}::date
        and i.due_date + o.days >= (a.active_since at time zone 'Europe/Paris')::date
      order by i.id, o.days desc
      on conflict (invoice_id, days_before_due) do nothing
      returning user_id`);
    const planned = (result as unknown as { rows: { user_id: string }[] }).rows;
    const perUser = new Map<string, number>();
    for (const { user_id: userId } of planned) perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
    for (const [userId, count] of perUser) {
      await tx.execute(sql`
        update automations
        set run_count = run_count + ${count}, last_run_at = ${now}
        where user_id = ${userId} and is_active
          and trigger->>'type' = 'invoice_overdue' and action->>'type' = 'send_reminder'`);
    }
    return planned.length;
  });
}

const SUMMARY_BATCH = 20;

/**
 * Sends the weekly summaries that are due: active "Bilan hebdomadaire" rules whose `next_run_at` has come
 * are claimed with FOR UPDATE SKIP LOCKED and moved to the next Monday in one short transaction, so
 * instances never send one twice; the figures are the user's dashboard, read in their tenant; e-mails go
 * out after the commit. A failed e-mail is logged and the next one goes the Monday after.
 */
export async function sendWeeklySummaries(
  { db, mailer, logger, appUrl }: { db: Db; mailer: Mailer; logger: Logger; appUrl: string },
  now = new Date(),
): Promise<number> {
  const isSummaryRule = and(
    eq(automations.isActive, true),
    sql`${automations.trigger}->>'type' = 'schedule'`,
    sql`${automations.action}->>'type' = 'send_summary'`,
  );
  // A rule stored without a date (made before summaries ran) starts next Monday, not at once.
  await db
    .update(automations)
    .set({ nextRunAt: nextWeeklySummaryAt(now) })
    .where(and(isSummaryRule, isNull(automations.nextRunAt)));
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: automations.id, userId: automations.userId, email: user.email, name: user.name })
      .from(automations)
      .innerJoin(user, eq(user.id, automations.userId))
      .where(and(isSummaryRule, lte(automations.nextRunAt, now)))
      .limit(SUMMARY_BATCH)
      .for("update", { of: automations, skipLocked: true });
    for (const rule of due) {
      await tx
        .update(automations)
        .set({
          nextRunAt: nextWeeklySummaryAt(now),
          lastRunAt: now,
          runCount: sql`${automations.runCount} + 1`,
        })
        .where(eq(automations.id, rule.id));
    }
    return due;
  });

  let sent = 0;
  for (const rule of claimed) {
    try {
      const dashboard = await getDashboard(db, { userId: rule.userId, now });
      const email = weeklySummaryEmail({ name: rule.name, appUrl, dashboard });
      await mailer.send({ to: rule.email, userId: rule.userId, ...email });
      sent++;
    } catch (error) {
      logger.warn({ err: error, automationId: rule.id }, "weekly summary failed; next one next Monday");
      await db
        .update(automations)
        .set({ lastError: (error as Error).message })
        .where(eq(automations.id, rule.id))
        .catch((cause) =>
          logger.error({ err: cause, automationId: rule.id }, "could not record the failure"),
        );
    }
  }
  return sent;
}
