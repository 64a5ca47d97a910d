import type { Db } from "@server/db/client";
import { sql } from "drizzle-orm";
import { dayAgo, seedStartedAt } from "./calendar";

type DatedTable = "clients" | "projects" | "tasks" | "quotes" | "invoices" | "expenses" | "contracts";

/**
 * The services stamp `created_at` with the wall clock, so a seeded year would read as created today: the
 * dashboard's activity feed and every "newest first" list would be wrong. The builders record when each
 * record was made in the story; `apply` moves the stamps there once everything exists.
 */
export class History {
  private readonly moments = new Map<DatedTable, Map<string, Date>>();

  record(table: DatedTable, id: string, at: Date) {
    const rows = this.moments.get(table) ?? new Map<string, Date>();
    rows.set(id, at);
    this.moments.set(table, rows);
  }

  async apply(db: Db, userId: string) {
    const startedAt = seedStartedAt().toISOString();
    for (const [table, rows] of this.moments) {
      const story = JSON.stringify([...rows].map(([id, at]) => ({ id, at: at.toISOString() })));
      // updated_at set by a service with a past `now` (a contract's status change) is already in the story.
      await db.execute(sql`
        update ${sql.identifier(table)} as target set
          created_at = story.at,
          updated_at = case when target.updated_at >= ${startedAt}::timestamptz then story.at else target.updated_at end
        from json_to_recordset(${story}::json) as story(id uuid, at timestamptz)
        where target.id = story.id and target.user_id = ${userId}`);
    }
    // recordPayment returns the invoice, not the payment: a payment is stamped on the day it was received.
    await db.execute(sql`
      update payments set created_at = (paid_on + time '10:30') at time zone 'Europe/Paris'
      where user_id = ${userId}`);
    // The reminders due before today went out at the time (as the job would have sent them): starting the
    // server must not send a year of them at once.
    await db.execute(sql`
      update invoice_reminders set status = 'sent', sent_at = (scheduled_for + time '08:00') at time zone 'Europe/Paris'
      where user_id = ${userId} and status = 'pending' and scheduled_for < ${dayAgo(0)}`);
  }
}
