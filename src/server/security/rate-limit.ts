import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimit } from "../db/schema/index";

export type RateLimitSlot = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

/**
 * Counts one request under `key` in a fixed window of `windowMs`, allowing `limit` per window. The counter
 * lives in the database (the `rate_limit` table better-auth already keeps, under keys of ours such as `ai:`),
 * not in the process: several server instances share one budget (ARCHITECTURE.md: the server is stateless).
 * One upsert counts and reads at once, so concurrent requests cannot all slip under the limit.
 */
export async function takeRateLimitSlot(
  db: Db,
  { key, limit, windowMs }: { key: string; limit: number; windowMs: number },
  now = new Date(),
): Promise<RateLimitSlot> {
  const nowMs = now.getTime();
  // `last_request` holds the start of the current window; an expired window starts again at this request.
  const isExpired = sql`${rateLimit.lastRequest} <= ${nowMs - windowMs}::bigint`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: nowMs })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${isExpired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${isExpired} then ${nowMs}::bigint else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  if (!row || row.count <= limit) return { isAllowed: true };
  return {
    isAllowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((row.windowStart + windowMs - nowMs) / 1000)),
  };
}
