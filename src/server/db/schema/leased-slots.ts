import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { checkIn, createdAt, tstz } from "./columns";
import { tenantPolicy, tenantUserId } from "./tenancy";

/** What a user holds a limited number of at once, on every instance together (issue 26). */
export const leasedSlotKinds = ["voice", "export"] as const;
export type LeasedSlotKind = (typeof leasedSlotKinds)[number];

/**
 * The slots held now, one row each (an open voice socket, a CSV export being downloaded), so that a
 * per-user limit holds across instances. The instance holding a slot renews `expires_at` while it is in use
 * and deletes the row when it ends; the row of a process that was killed simply expires. Read and written
 * as the owner role.
 */
export const leasedSlots = pgTable(
  "leased_slots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    kind: text("kind", { enum: leasedSlotKinds }).notNull(),
    expiresAt: tstz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("leased_slots_kind_check", t.kind, leasedSlotKinds),
    index("leased_slots_user_id_kind_idx").on(t.userId, t.kind),
  ],
).enableRLS();
