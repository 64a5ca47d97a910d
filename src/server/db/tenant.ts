import { sql } from "drizzle-orm";
import type { Db } from "./client";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Runs `work` in one transaction as the non-owner role `app_user` with `app.user_id` set, so row-level
 * security hides and refuses every row of another user even if a query forgets its `user_id` filter.
 * Both settings are transaction-local: the pooled connection goes back clean.
 */
export function withTenant<T>(db: Db, userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (!userId) throw new Error("withTenant requires the session's user id");
  return db.transaction(async (tx) => {
    // One round trip for both (set_config('role', …, true) is SET LOCAL ROLE).
    await tx.execute(
      sql`select set_config('role', 'app_user', true), set_config('app.user_id', ${userId}, true)`,
    );
    return work(tx);
  });
}
