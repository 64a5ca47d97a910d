import { index, pgTable, uuid } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns";
import { tenantPolicy, tenantUserId } from "./tenancy";

/**
 * The voice sockets open now, one row each, so that the per-user limit holds across instances (issue 26).
 * The instance holding a socket renews `expires_at` while it is open and deletes the row when it closes;
 * the row of a socket whose process was killed simply expires. Read and written as the owner role.
 */
export const voiceSessions = pgTable(
  "voice_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    expiresAt: tstz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [tenantPolicy(t.userId), index("voice_sessions_user_id_idx").on(t.userId)],
).enableRLS();
