CREATE TABLE "einvoice_outgoing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"status" text,
	"amount_cents" integer,
	"tracking_id" text NOT NULL,
	"platform" text NOT NULL,
	"flow_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "einvoice_outgoing_status_check" CHECK ("status" in ('deposee', 'emise', 'recue', 'mise_a_disposition', 'prise_en_charge', 'approuvee', 'approuvee_partiellement', 'en_litige', 'suspendue', 'completee', 'refusee', 'paiement_transmis', 'encaissee', 'rejetee'))
);
--> statement-breakpoint
ALTER TABLE "einvoice_outgoing" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "einvoice_inbox" DROP CONSTRAINT "einvoice_inbox_status_check";--> statement-breakpoint
ALTER TABLE "einvoice_status_events" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "einvoice_status_events" ADD COLUMN "lifecycle_flow_id" text;--> statement-breakpoint
ALTER TABLE "einvoice_outgoing" ADD CONSTRAINT "einvoice_outgoing_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_outgoing" ADD CONSTRAINT "einvoice_outgoing_invoice_fk" FOREIGN KEY ("invoice_id","user_id") REFERENCES "public"."invoices"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_outgoing_tracking_key" ON "einvoice_outgoing" USING btree ("tracking_id");--> statement-breakpoint
CREATE INDEX "einvoice_outgoing_invoice_id_idx" ON "einvoice_outgoing" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "einvoice_outgoing_retry_at_idx" ON "einvoice_outgoing" USING btree ("retry_at");--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_status_events_lifecycle_flow_key" ON "einvoice_status_events" USING btree ("user_id","lifecycle_flow_id");--> statement-breakpoint
ALTER TABLE "einvoice_inbox" ADD CONSTRAINT "einvoice_inbox_status_check" CHECK ("status" in ('mise_a_disposition', 'approuvee', 'refusee', 'en_litige'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "einvoice_outgoing" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));