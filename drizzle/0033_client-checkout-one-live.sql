ALTER TABLE "client_checkout_sessions" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_checkout_sessions" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "client_checkout_sessions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_checkout_sessions" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "client_checkout_sessions" ADD COLUMN "applied_cents" integer;--> statement-breakpoint
ALTER TABLE "client_checkout_sessions" ADD COLUMN "surplus_cents" integer;--> statement-breakpoint
ALTER TABLE "client_checkout_sessions" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "client_checkout_sessions" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "client_checkout_sessions" ADD COLUMN "refund_error" text;--> statement-breakpoint
ALTER TABLE "client_checkout_sessions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Custom SQL (issue 26 §5): sessions opened before this change are no longer handed out (each may still be
-- paid: the webhook then treats what is not due as a surplus). A session the invoice refused before
-- (result refused_by_invoice: the client was charged, nothing said so) becomes money to return, shown to
-- the freelancer, with its payment intent so Ardoise can still refund it through Stripe.
UPDATE "client_checkout_sessions" SET "status" = CASE WHEN "paid_at" IS NULL THEN 'expired' ELSE 'complete' END;--> statement-breakpoint
UPDATE "client_checkout_sessions" AS s SET
  "applied_cents" = 0,
  "surplus_cents" = s."amount_cents",
  "refund_status" = 'to_return',
  "refund_error" = 'Facture payée deux fois avant la mise à jour d''Ardoise : rien n''a été remboursé. Réessayez le remboursement, ou remboursez depuis votre tableau de bord Stripe puis indiquez-le ici.',
  "payment_intent_id" = e."payload" -> 'data' -> 'object' ->> 'payment_intent'
FROM "client_payment_events" AS e
WHERE e."checkout_session_id" = s."id" AND e."user_id" = s."user_id" AND e."result" = 'refused_by_invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "client_checkout_sessions_live_invoice_key" ON "client_checkout_sessions" USING btree ("invoice_id") WHERE status in ('creating', 'open');--> statement-breakpoint
CREATE INDEX "client_checkout_sessions_surplus_idx" ON "client_checkout_sessions" USING btree ("user_id") WHERE surplus_cents is not null;--> statement-breakpoint
ALTER TABLE "client_checkout_sessions" ADD CONSTRAINT "client_checkout_sessions_status_check" CHECK ("status" in ('creating', 'open', 'expired', 'complete'));--> statement-breakpoint
ALTER TABLE "client_checkout_sessions" ADD CONSTRAINT "client_checkout_sessions_refund_status_check" CHECK ("refund_status" in ('pending', 'refunded', 'to_return', 'returned'));--> statement-breakpoint
ALTER TABLE "client_checkout_sessions" ADD CONSTRAINT "client_checkout_sessions_surplus_check" CHECK ((surplus_cents is null) = (refund_status is null) and coalesce(surplus_cents, 1) > 0);