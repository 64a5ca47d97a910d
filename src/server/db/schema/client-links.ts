import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { paymentSurplusStatuses } from "../../../shared/schemas/client-payments";
import { bytea, cents, checkIn, createdAt, timestamps, tstz } from "./columns";
import { invoices } from "./invoices";
import { quotes } from "./quotes";
import { tenantPolicy, tenantReference, tenantUserId } from "./tenancy";

/**
 * A secret link that shows one quote or invoice to the client, who has no account (issue 14 §1). Only the
 * SHA-256 of the token is stored: the link is shown once, at creation. A link opens nothing once revoked or
 * expired. A quote link keeps the PDF as it was rendered for it, so the SHA-256 shown to the signer and
 * recorded with the acceptance is the fingerprint of bytes anyone can download again.
 */
export const clientShareLinks = pgTable(
  "client_share_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    quoteId: uuid("quote_id"),
    invoiceId: uuid("invoice_id"),
    tokenHash: text("token_hash").notNull(),
    expiresAt: tstz("expires_at").notNull(),
    revokedAt: tstz("revoked_at"),
    quotePdf: bytea("quote_pdf"),
    quotePdfSha256: text("quote_pdf_sha256"),
    lastViewedAt: tstz("last_viewed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPolicy(t.userId),
    check("client_share_links_one_document_check", sql`(quote_id is null) <> (invoice_id is null)`),
    unique("client_share_links_id_user_id_key").on(t.id, t.userId),
    uniqueIndex("client_share_links_token_hash_key").on(t.tokenHash),
    tenantReference("client_share_links_quote_fk", [t.quoteId, t.userId], quotes, "cascade"),
    tenantReference("client_share_links_invoice_fk", [t.invoiceId, t.userId], invoices, "cascade"),
    index("client_share_links_quote_id_idx").on(t.quoteId).where(sql`quote_id is not null`),
    index("client_share_links_invoice_id_idx").on(t.invoiceId).where(sql`invoice_id is not null`),
    index("client_share_links_user_id_idx").on(t.userId),
  ],
).enableRLS();

export const quoteDecisionKinds = ["accepted", "refused"] as const;
export type QuoteDecisionKind = (typeof quoteDecisionKinds)[number];

/**
 * The client's answer to a quote through its link, kept as the audit trail of an online "Bon pour accord":
 * who (the name typed), that the box was ticked, when, from where (IP, user agent) and which document
 * (SHA-256 of the PDF shown). One decision per quote.
 */
export const quoteDecisions = pgTable(
  "quote_decisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    quoteId: uuid("quote_id").notNull(),
    linkId: uuid("link_id"),
    decision: text("decision", { enum: quoteDecisionKinds }).notNull(),
    signerName: text("signer_name").notNull(),
    /** The explicit checkbox "Je donne mon accord…" (true for every acceptance). */
    hasConsented: boolean("has_consented").notNull().default(false),
    reason: text("reason"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    pdfSha256: text("pdf_sha256").notNull(),
    decidedAt: tstz("decided_at").notNull().defaultNow(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("quote_decisions_decision_check", t.decision, quoteDecisionKinds),
    check("quote_decisions_consent_check", sql`decision <> 'accepted' or has_consented`),
    uniqueIndex("quote_decisions_quote_id_key").on(t.quoteId),
    tenantReference("quote_decisions_quote_fk", [t.quoteId, t.userId], quotes, "cascade"),
    tenantReference("quote_decisions_link_fk", [t.linkId, t.userId], clientShareLinks, "set null"),
    index("quote_decisions_user_id_decided_at_idx").on(t.userId, t.decidedAt),
    index("quote_decisions_link_id_idx").on(t.linkId).where(sql`link_id is not null`),
  ],
).enableRLS();

/**
 * What the freelancer chose for the client's side: convert an accepted quote at once, and their own Stripe
 * account (decision 016): the secret or restricted key and the webhook signing secret, both sealed with the
 * server's secret box. `webhook_endpoint_id` names the account in the webhook URL given to Stripe.
 */
export const clientPortalSettings = pgTable(
  "client_portal_settings",
  {
    userId: tenantUserId().primaryKey(),
    isAutoConvertOnAcceptance: boolean("is_auto_convert_on_acceptance").notNull().default(false),
    stripeKeySealed: text("stripe_key_sealed"),
    stripeKeyEnd: text("stripe_key_end"),
    stripeWebhookSecretSealed: text("stripe_webhook_secret_sealed"),
    webhookEndpointId: uuid("webhook_endpoint_id").notNull().defaultRandom(),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy(t.userId),
    uniqueIndex("client_portal_settings_webhook_endpoint_id_key").on(t.webhookEndpointId),
  ],
).enableRLS();

export const clientCheckoutProviders = ["stripe", "local"] as const;
/**
 * creating: reserved, its Stripe session being created (id provisional); open: the client can pay it at
 * `url`; expired: replaced or past its time (a payment of it still counts, as a surplus if nothing is due);
 * complete: paid.
 */
export const clientCheckoutStatuses = ["creating", "open", "expired", "complete"] as const;

/**
 * A Checkout Session opened by the client for an invoice: what was asked (the amount due then), so the
 * webhook pays only a session we opened, for that invoice and that amount. At most one is live (creating or
 * open) per invoice (issue 26 §5): « Payer » hands it out again, or replaces it, rather than charging twice.
 * Money it brought beyond what was due is its surplus, refunded through Stripe (or to return).
 */
export const clientCheckoutSessions = pgTable(
  "client_checkout_sessions",
  {
    id: text("id").primaryKey(),
    userId: tenantUserId(),
    invoiceId: uuid("invoice_id").notNull(),
    linkId: uuid("link_id"),
    provider: text("provider", { enum: clientCheckoutProviders }).notNull(),
    amountCents: cents("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: clientCheckoutStatuses }).notNull().default("open"),
    /** Stripe's hosted page (a local session's URL carries the link's token, so it is not kept). */
    url: text("url"),
    expiresAt: tstz("expires_at"),
    paidAt: tstz("paid_at"),
    paymentIntentId: text("payment_intent_id"),
    appliedCents: cents("applied_cents"),
    surplusCents: cents("surplus_cents"),
    refundStatus: text("refund_status", { enum: paymentSurplusStatuses }),
    refundId: text("refund_id"),
    refundError: text("refund_error"),
    refundedAt: tstz("refunded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("client_checkout_sessions_provider_check", t.provider, clientCheckoutProviders),
    checkIn("client_checkout_sessions_status_check", t.status, clientCheckoutStatuses),
    checkIn("client_checkout_sessions_refund_status_check", t.refundStatus, paymentSurplusStatuses),
    check(
      "client_checkout_sessions_surplus_check",
      sql`(surplus_cents is null) = (refund_status is null) and coalesce(surplus_cents, 1) > 0`,
    ),
    tenantReference("client_checkout_sessions_invoice_fk", [t.invoiceId, t.userId], invoices, "cascade"),
    tenantReference("client_checkout_sessions_link_fk", [t.linkId, t.userId], clientShareLinks, "set null"),
    // The one live session of an invoice: concurrent « Payer » cannot open a second, on any instance.
    uniqueIndex("client_checkout_sessions_live_invoice_key")
      .on(t.invoiceId)
      .where(sql`status in ('creating', 'open')`),
    index("client_checkout_sessions_invoice_id_idx").on(t.invoiceId),
    index("client_checkout_sessions_link_id_idx").on(t.linkId).where(sql`link_id is not null`),
    index("client_checkout_sessions_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("client_checkout_sessions_surplus_idx").on(t.userId).where(sql`surplus_cents is not null`),
  ],
).enableRLS();

/** Each Stripe event of a freelancer's account, once (its id is the idempotency key), and what it did. */
export const clientPaymentEvents = pgTable(
  "client_payment_events",
  {
    id: text("id").primaryKey(),
    userId: tenantUserId(),
    type: text("type").notNull(),
    checkoutSessionId: text("checkout_session_id"),
    result: text("result"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [tenantPolicy(t.userId), index("client_payment_events_user_id_idx").on(t.userId)],
).enableRLS();
