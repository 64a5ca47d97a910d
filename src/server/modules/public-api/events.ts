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
export async function emitEvent(
  tx: Tx | Db,
  userId: string,
  event: WebhookEvent,
  data: object,
  now = new Date(),
): Promise<void> {
  await tx.execute(sql`
    insert into webhook_deliveries (user_id, subscription_id, event_id, event, data, event_created_at, next_attempt_at)
    select user_id, id, ${randomUUID()}, ${event}, ${JSON.stringify(data)}::jsonb, ${now.toISOString()}::timestamptz,
      ${now.toISOString()}::timestamptz
    from webhook_subscriptions
    where user_id = ${userId} and event = ${event} and paused_at is null`);
}
