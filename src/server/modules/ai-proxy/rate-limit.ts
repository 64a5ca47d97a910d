import type { Db } from "../../db/client";
import { type RateLimitSlot, takeRateLimitSlot } from "../../security/rate-limit";

/** Calls to the AI providers a user may make per minute, whatever the entry point. */
export const AI_REQUESTS_PER_MINUTE = 20;

/** Counts one AI request in the user's fixed one-minute window, shared by every server instance. */
export function takeAiRequestSlot(db: Db, userId: string, now = new Date()): Promise<RateLimitSlot> {
  return takeRateLimitSlot(db, { key: `ai:${userId}`, limit: AI_REQUESTS_PER_MINUTE, windowMs: 60_000 }, now);
}
