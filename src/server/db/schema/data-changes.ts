import { bigserial, index, integer, pgTable } from "drizzle-orm/pg-core";
import { tenantPolicy, tenantUserId } from "./tenancy";

/**
 * One row per statement that changed a user's business data, written by statement-level triggers
 * (migration data-changes) on every table the cached reads depend on. A user's data version is the sum of
 * their rows' `weight`: the number of committed statements that changed their data. Every commit adds to it,
 * and the compaction (jobs/data-changes-job.ts) replaces rows by one row carrying their summed weight in one
 * transaction, so the sum never goes back to an earlier value, whatever commits around it. The session lookup
 * reads it, and a cached response is served only when it was computed at the same version
 * (http/read-cache.ts, decision 014): no server instance serves a stale read.
 */
export const dataChanges = pgTable(
  "data_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: tenantUserId(),
    /** How many change statements the row stands for: 1, or more once compacted. */
    weight: integer("weight").notNull().default(1),
  },
  (t) => [index("data_changes_user_id_id_idx").on(t.userId, t.id), tenantPolicy(t.userId)],
).enableRLS();
