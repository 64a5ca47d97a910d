CREATE TABLE "leased_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leased_slots_kind_check" CHECK ("kind" in ('voice', 'export'))
);
--> statement-breakpoint
ALTER TABLE "leased_slots" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "leased_slots" ADD CONSTRAINT "leased_slots_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leased_slots_user_id_kind_idx" ON "leased_slots" USING btree ("user_id","kind");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "leased_slots" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));