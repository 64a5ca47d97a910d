CREATE TABLE "einvoice_inbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"file_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"flow_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "einvoice_inbox" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "einvoice_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"status" text NOT NULL,
	"platform" text NOT NULL,
	"flow_id" text,
	"message" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "einvoice_status_events_status_check" CHECK ("status" in ('deposee', 'emise', 'recue', 'mise_a_disposition', 'prise_en_charge', 'approuvee', 'approuvee_partiellement', 'en_litige', 'suspendue', 'completee', 'refusee', 'paiement_transmis', 'encaissee', 'rejetee'))
);
--> statement-breakpoint
ALTER TABLE "einvoice_status_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "supplier_siren" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "supplier_vat_number" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "supplier_invoice_number" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "retain_until" date;--> statement-breakpoint
ALTER TABLE "einvoice_inbox" ADD CONSTRAINT "einvoice_inbox_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_inbox" ADD CONSTRAINT "einvoice_inbox_file_fk" FOREIGN KEY ("file_id","user_id") REFERENCES "public"."files"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_status_events" ADD CONSTRAINT "einvoice_status_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_status_events" ADD CONSTRAINT "einvoice_status_events_invoice_fk" FOREIGN KEY ("invoice_id","user_id") REFERENCES "public"."invoices"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "einvoice_inbox_user_id_received_at_idx" ON "einvoice_inbox" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE INDEX "einvoice_inbox_file_id_idx" ON "einvoice_inbox" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "einvoice_status_events_invoice_id_occurred_at_idx" ON "einvoice_status_events" USING btree ("invoice_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_supplier_invoice_key" ON "expenses" USING btree ("user_id",coalesce("supplier_siren", "supplier_vat_number", lower("supplier")),"supplier_invoice_number") WHERE "supplier_invoice_number" is not null;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "einvoice_inbox" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "einvoice_status_events" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));