import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { WebhookEvent } from "../../db/schema/index";
import type { Tx } from "../../db/tenant";

/**
 * Queues `event` for every active hook of the user on it, in the caller's transaction: the event is
 * delivered if and only if what it tells happened (commit), whatever path made it (REST, SPA, assistant,
 * jobs). Services call it right where the change is written. One statement; no hook, no row.
 */
export function emitEvent(tx: Tx | Db, userId: string, event: WebhookEvent, data: object, now = new Date()) {
  return emitEvents(tx, event, [{ userId, data }], now);
}

/**
 * `emitEvent` for many occurrences of one event at once (a job marking a batch of invoices), still in one
 * statement: each occurrence gets its own event id, shared by the hooks it is delivered to.
 */
export async function emitEvents(
  tx: Tx | Db,
  event: WebhookEvent,
  occurrences: { userId: string; data: object }[],
  now = new Date(),
): Promise<void> {
  if (occurrences.length === 0) return;
  const rows = occurrences.map(({ userId, data }) => ({ user_id: userId, event_id: randomUUID(), data }));
  await tx.execute(sql`
    insert into webhook_deliveries (user_id, subscription_id, event_id, event, data, event_created_at, next_attempt_at)
    select s.user_id, s.id, o.event_id, ${event}, o.data, ${now.toISOString()}::timestamptz,
      ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as o(user_id text, event_id uuid, data jsonb)
    join webhook_subscriptions s on s.user_id = o.user_id
    where s.event = ${event} and s.paused_at is null`);
}
