import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { timestamps, tstz } from "./columns";
import { tenantPolicy, tenantReference, tenantUserId } from "./tenancy";

/**
 * A user's Mailchimp account (issue 14 §2), one row per user. The API key is stored sealed with the server's
 * secret box (AES-256-GCM): a copy of the table gives no usable key. `key_refused_at` is set when Mailchimp
 * answered 401/403: the job stops calling with that key until the user reconnects or syncs by hand.
 */
export const mailchimpConnections = pgTable(
  "mailchimp_connections",
  {
    userId: tenantUserId().primaryKey(),
    apiKeySealed: text("api_key_sealed").notNull(),
    /** The key's last characters, shown so the user can tell which key is in use. */
    keyEnd: text("key_end").notNull(),
    /** Mailchimp's data center, the key's suffix (`…-us21`). */
    dataCenter: text("data_center").notNull(),
    accountName: text("account_name").notNull(),
    /** The audience clients are synced to; none chosen yet means nothing is synced. */
    listId: text("list_id"),
    listName: text("list_name"),
    lastSyncAt: tstz("last_sync_at"),
    lastError: text("last_error"),
    lastErrorAt: tstz("last_error_at"),
    keyRefusedAt: tstz("key_refused_at"),
    ...timestamps(),
  },
  (t) => [tenantPolicy(t.userId)],
).enableRLS();

/**
 * What was last sent to Mailchimp for a client: the audience, the address and the client's `updated_at`
 * then. A client whose `updated_at` is later, or with no row, or synced to another audience, is synced again
 * by the job. A refused member keeps its French error here and is retried only once the client changes.
 */
export const mailchimpMembers = pgTable(
  "mailchimp_members",
  {
    clientId: uuid("client_id").primaryKey(),
    userId: tenantUserId(),
    listId: text("list_id").notNull(),
    email: text("email").notNull(),
    clientVersion: tstz("client_version").notNull(),
    /** The member's status as Mailchimp reported it (subscribed, unsubscribed, cleaned, pending…). */
    memberStatus: text("member_status"),
    lastError: text("last_error"),
    syncedAt: tstz("synced_at").notNull().defaultNow(),
  },
  (t) => [
    tenantPolicy(t.userId),
    tenantReference("mailchimp_members_client_fk", [t.clientId, t.userId], clients, "cascade"),
    index("mailchimp_members_user_id_idx").on(t.userId),
  ],
).enableRLS();
