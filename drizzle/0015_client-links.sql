CREATE TABLE "client_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"link_id" uuid,
	"provider" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_checkout_sessions_provider_check" CHECK ("provider" in ('stripe', 'local'))
);
--> statement-breakpoint
ALTER TABLE "client_checkout_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "client_payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"checkout_session_id" text,
	"result" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_payment_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "client_portal_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"is_auto_convert_on_acceptance" boolean DEFAULT false NOT NULL,
	"stripe_key_sealed" text,
	"stripe_key_end" text,
	"stripe_webhook_secret_sealed" text,
	"webhook_endpoint_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_portal_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "client_share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"quote_id" uuid,
	"invoice_id" uuid,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"quote_pdf" "bytea",
	"quote_pdf_sha256" text,
	"last_viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_share_links_id_user_id_key" UNIQUE("id","user_id"),
	CONSTRAINT "client_share_links_one_document_check" CHECK ((quote_id is null) <> (invoice_id is null))
);
--> statement-breakpoint
ALTER TABLE "client_share_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "quote_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"quote_id" uuid NOT NULL,
	"link_id" uuid,
	"decision" text NOT NULL,
	"signer_name" text NOT NULL,
	"has_consented" boolean DEFAULT false NOT NULL,
	"reason" text,
	"ip_address" text,
	"user_agent" text,
	"pdf_sha256" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_decisions_decision_check" CHECK ("decision" in ('accepted', 'refused')),
	CONSTRAINT "quote_decisions_consent_check" CHECK (decision <> 'accepted' or has_consented)
);
--> statement-breakpoint
ALTER TABLE "quote_decisions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "client_checkout_sessions" ADD CONSTRAINT "client_checkout_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_checkout_sessions" ADD CONSTRAINT "client_checkout_sessions_invoice_fk" FOREIGN KEY ("invoice_id","user_id") REFERENCES "public"."invoices"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_checkout_sessions" ADD CONSTRAINT "client_checkout_sessions_link_fk" FOREIGN KEY ("link_id","user_id") REFERENCES "public"."client_share_links"("id","user_id") ON DELETE set null (link_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_payment_events" ADD CONSTRAINT "client_payment_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_portal_settings" ADD CONSTRAINT "client_portal_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_share_links" ADD CONSTRAINT "client_share_links_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_share_links" ADD CONSTRAINT "client_share_links_quote_fk" FOREIGN KEY ("quote_id","user_id") REFERENCES "public"."quotes"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_share_links" ADD CONSTRAINT "client_share_links_invoice_fk" FOREIGN KEY ("invoice_id","user_id") REFERENCES "public"."invoices"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_decisions" ADD CONSTRAINT "quote_decisions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_decisions" ADD CONSTRAINT "quote_decisions_quote_fk" FOREIGN KEY ("quote_id","user_id") REFERENCES "public"."quotes"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_decisions" ADD CONSTRAINT "quote_decisions_link_fk" FOREIGN KEY ("link_id","user_id") REFERENCES "public"."client_share_links"("id","user_id") ON DELETE set null (link_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_checkout_sessions_invoice_id_idx" ON "client_checkout_sessions" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "client_checkout_sessions_link_id_idx" ON "client_checkout_sessions" USING btree ("link_id") WHERE link_id is not null;--> statement-breakpoint
CREATE INDEX "client_checkout_sessions_user_id_created_at_idx" ON "client_checkout_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "client_payment_events_user_id_idx" ON "client_payment_events" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_portal_settings_webhook_endpoint_id_key" ON "client_portal_settings" USING btree ("webhook_endpoint_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_share_links_token_hash_key" ON "client_share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "client_share_links_quote_id_idx" ON "client_share_links" USING btree ("quote_id") WHERE quote_id is not null;--> statement-breakpoint
CREATE INDEX "client_share_links_invoice_id_idx" ON "client_share_links" USING btree ("invoice_id") WHERE invoice_id is not null;--> statement-breakpoint
CREATE INDEX "client_share_links_user_id_idx" ON "client_share_links" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_decisions_quote_id_key" ON "quote_decisions" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quote_decisions_user_id_decided_at_idx" ON "quote_decisions" USING btree ("user_id","decided_at");--> statement-breakpoint
CREATE INDEX "quote_decisions_link_id_idx" ON "quote_decisions" USING btree ("link_id") WHERE link_id is not null;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "client_checkout_sessions" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "client_payment_events" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "client_portal_settings" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "client_share_links" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "quote_decisions" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));