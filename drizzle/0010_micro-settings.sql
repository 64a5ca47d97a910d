CREATE TABLE "micro_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"activity" text NOT NULL,
	"frequency" text NOT NULL,
	"creation_date" date NOT NULL,
	"has_acre" boolean DEFAULT false NOT NULL,
	"has_versement_liberatoire" boolean DEFAULT false NOT NULL,
	"reminded_period" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "micro_settings_activity_check" CHECK ("activity" in ('vente', 'services-bic', 'bnc-ssi', 'bnc-cipav')),
	CONSTRAINT "micro_settings_frequency_check" CHECK ("frequency" in ('mensuelle', 'trimestrielle'))
);
--> statement-breakpoint
ALTER TABLE "micro_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "micro_settings" ADD CONSTRAINT "micro_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "micro_settings" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));