import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { automations } from "./automations";
import { checkIn, createdAt, timestamps, tstz } from "./columns";
import { tenantPolicy, tenantReference, tenantUserId } from "./tenancy";

// The public API (decision 013): personal tokens for /api/v1 and REST hooks with their delivery queue.

export const apiTokenScopes = ["read", "write"] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

/**
 * Personal API tokens. Only the SHA-256 of the token is kept: a leaked table gives no usable token. A
 * request's token is looked up by its hash as the owner role (the tenant is not known yet).
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    name: text("name").notNull(),
    scope: text("scope", { enum: apiTokenScopes }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The token's first characters, shown in the list so the user can tell tokens apart. */
    tokenStart: text("token_start").notNull(),
    lastUsedAt: tstz("last_used_at"),
    revokedAt: tstz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("api_tokens_scope_check", t.scope, apiTokenScopes),
    index("api_tokens_user_id_created_at_idx").on(t.userId, t.createdAt),
  ],
).enableRLS();

export const webhookEvents = [
  "client.created",
  "quote.sent",
  "quote.accepted",
  "invoice.issued",
  "invoice.paid",
  "invoice.overdue",
  "payment.received",
  "expense.created",
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/**
 * REST hook subscriptions (Zapier's "subscribe"). `secret` signs deliveries, so it is kept as is (a hash
 * could not sign). A hook whose delivery failed every try is paused (`paused_at`) until the user resends.
 * A « webhook sur un événement » automation owns one (`automation_id`): its deliveries go through the same
 * queue and signing, and it goes when the rule is deleted.
 */
export const webhookSubscriptions = pgTable(
  "webhook_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    targetUrl: text("target_url").notNull(),
    event: text("event", { enum: webhookEvents }).notNull(),
    secret: text("secret").notNull(),
    pausedAt: tstz("paused_at"),
    automationId: uuid("automation_id"),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("webhook_subscriptions_event_check", t.event, webhookEvents),
    unique("webhook_subscriptions_id_user_id_key").on(t.id, t.userId),
    index("webhook_subscriptions_user_id_event_idx").on(t.userId, t.event),
    tenantReference(
      "webhook_subscriptions_automation_fk",
      [t.automationId, t.userId],
      automations,
      "cascade",
    ),
    uniqueIndex("webhook_subscriptions_automation_id_key").on(t.automationId),
  ],
).enableRLS();

export const deliveryStatuses = ["pending", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * The delivery queue: one row per event and hook, written in the transaction that made the event, claimed
 * by the job loop with FOR UPDATE SKIP LOCKED. `event_id` is the payload's `id`, the same on every try.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    subscriptionId: uuid("subscription_id").notNull(),
    eventId: uuid("event_id").notNull(),
    event: text("event", { enum: webhookEvents }).notNull(),
    data: jsonb("data").notNull(),
    eventCreatedAt: tstz("event_created_at").notNull(),
    status: text("status", { enum: deliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    lastAttemptAt: tstz("last_attempt_at"),
    responseStatus: integer("response_status"),
    lastError: text("last_error"),
    deliveredAt: tstz("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("webhook_deliveries_status_check", t.status, deliveryStatuses),
    tenantReference(
      "webhook_deliveries_subscription_fk",
      [t.subscriptionId, t.userId],
      webhookSubscriptions,
      "cascade",
    ),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index("webhook_deliveries_subscription_id_created_at_idx").on(t.subscriptionId, t.createdAt),
  ],
).enableRLS();
