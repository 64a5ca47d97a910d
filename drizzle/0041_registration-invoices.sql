CREATE TABLE "registration_invoice_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "registration_invoice_counters_pkey" PRIMARY KEY("series","year"),
	CONSTRAINT "registration_invoice_counters_series_check" CHECK ("series" in ('ARD', 'ESSAI')),
	CONSTRAINT "registration_invoice_counters_last_value_check" CHECK (last_value >= 0)
);
--> statement-breakpoint
CREATE TABLE "registration_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"checkout_session_id" text NOT NULL,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"is_test" boolean NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"description" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"pdf" "bytea",
	"pdf_generated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_invoices_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "registration_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "registration_invoices_vat_rate_bp_check" CHECK ("vat_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "registration_invoices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "registration_invoices_user_id_created_at_idx" ON "registration_invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "registration_invoices" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));