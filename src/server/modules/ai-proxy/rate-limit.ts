import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimit } from "../../db/schema/index";

/** Calls to the AI providers a user may make per minute, whatever the entry point. */
export const AI_REQUESTS_PER_MINUTE = 20;
const WINDOW_MS = 60_000;

export type RateLimitSlot = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

/**
 * Counts one AI request in the user's fixed one-minute window. The counter lives in the database (the
 * `rate_limit` table better-auth already keeps, under an `ai:` key of ours), not in the process: several
 * server instances share one budget (ARCHITECTURE.md: the server is stateless). One upsert counts and reads
 * at once, so concurrent requests cannot all slip under the limit.
 */
export async function takeAiRequestSlot(db: Db, userId: string, now = new Date()): Promise<RateLimitSlot> {
  const nowMs = now.getTime();
  // `last_request` holds the start of the current window; an expired window starts again at this request.
  const isExpired = sql`${rateLimit.lastRequest} <= ${nowMs - WINDOW_MS}::bigint`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key: `ai:${userId}`, count: 1, lastRequest: nowMs })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${isExpired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${isExpired} then ${nowMs}::bigint else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  if (!row || row.count <= AI_REQUESTS_PER_MINUTE) return { isAllowed: true };
  return {
    isAllowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((row.windowStart + WINDOW_MS - nowMs) / 1000)),
  };
}
