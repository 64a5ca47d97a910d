import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { cents, checkIn, createdAt, tstz } from "./columns";

/*
 * The one-time 59 € registration payment. System tables (no row-level security): written by the
 * checkout function and the webhook handler, which run as the owner role.
 */

/**
 * Every verified provider event, keyed by the provider's event id so a replayed event is a no-op
 * (`insert … on conflict do nothing`). `user_id` has no foreign key on purpose: an event for a deleted
 * or unknown user must still be recorded, not rejected (which would make the provider retry forever).
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    checkoutSessionId: text("checkout_session_id"),
    userId: text("user_id"),
    amountCents: cents("amount_cents"),
    currency: text("currency"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    processedAt: tstz("processed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_events_checkout_session_id_idx").on(t.checkoutSessionId),
    index("payment_events_created_at_idx").on(t.createdAt),
  ],
);

export const paymentProviders = ["stripe", "local"] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

export const registrationPaymentStatuses = ["pending", "paid", "expired", "failed"] as const;
export type RegistrationPaymentStatus = (typeof registrationPaymentStatuses)[number];

/** One row per checkout session created for a user; fulfilment is idempotent by `checkout_session_id`. */
export const registrationPayments = pgTable(
  "registration_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    checkoutSessionId: text("checkout_session_id").notNull().unique(),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    amountCents: cents("amount_cents").notNull(),
    /** ISO 4217 as the provider sends it (Stripe: lowercase 'eur'); compare case-insensitively. */
    currency: text("currency").notNull(),
    status: text("status", { enum: registrationPaymentStatuses }).notNull().default("pending"),
    paidAt: tstz("paid_at"),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn("registration_payments_provider_check", t.provider, paymentProviders),
    checkIn("registration_payments_status_check", t.status, registrationPaymentStatuses),
    index("registration_payments_user_id_created_at_idx").on(t.userId, t.createdAt),
  ],
);
