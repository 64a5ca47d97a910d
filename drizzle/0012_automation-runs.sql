CREATE TABLE "automation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"automation_id" uuid NOT NULL,
	"period" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"summary" text,
	"error" text,
	"invoice_id" uuid,
	CONSTRAINT "automation_runs_automation_id_period_key" UNIQUE("automation_id","period"),
	CONSTRAINT "automation_runs_status_check" CHECK ("status" in ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "automation_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_id_user_id_key" UNIQUE("id","user_id");--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_automation_fk" FOREIGN KEY ("automation_id","user_id") REFERENCES "public"."automations"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_invoice_fk" FOREIGN KEY ("invoice_id","user_id") REFERENCES "public"."invoices"("id","user_id") ON DELETE set null (invoice_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_runs_user_id_started_at_idx" ON "automation_runs" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "automation_runs" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));