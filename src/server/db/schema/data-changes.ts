import { bigserial, index, pgTable } from "drizzle-orm/pg-core";
import { tenantPolicy, tenantUserId } from "./tenancy";

/**
 * One row per statement that changed a user's business data, written by statement-level triggers
 * (migration data-changes) on every table the cached reads depend on. A user's data version is
 * `max(id).count(*)` of their rows: a commit adds a row, so the pair changes, whichever transaction took
 * its id first; a compaction (jobs) replaces a user's rows by one with a new, higher id, so an older pair
 * never comes back. The session lookup reads it, and a cached response is served only when it was computed
 * at the same version (http/read-cache.ts, decision 014): no server instance serves a stale read.
 */
export const dataChanges = pgTable(
  "data_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: tenantUserId(),
  },
  (t) => [index("data_changes_user_id_id_idx").on(t.userId, t.id), tenantPolicy(t.userId)],
).enableRLS();
