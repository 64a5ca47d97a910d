ALTER TABLE "invoices" ADD COLUMN "operation_nature" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_exemption" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "business_identities" ADD COLUMN "operation_nature" text DEFAULT 'services' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_identities" ADD COLUMN "insurance" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "estimated_duration" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_operation_nature_check" CHECK ("operation_nature" in ('services', 'biens', 'mixte'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_vat_exemption_check" CHECK ("vat_exemption" in ('autoliquidation', 'livraison-intracommunautaire', 'exportation', 'formation-professionnelle', 'soins-medicaux'));--> statement-breakpoint
ALTER TABLE "business_identities" ADD CONSTRAINT "business_identities_operation_nature_check" CHECK ("operation_nature" in ('services', 'biens', 'mixte'));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_fee_cents_check" CHECK (fee_cents >= 0);