CREATE TABLE "mailchimp_connections" (
	"user_id" text PRIMARY KEY NOT NULL,
	"api_key_sealed" text NOT NULL,
	"key_end" text NOT NULL,
	"data_center" text NOT NULL,
	"account_name" text NOT NULL,
	"list_id" text,
	"list_name" text,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"key_refused_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mailchimp_connections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "mailchimp_members" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"list_id" text NOT NULL,
	"email" text NOT NULL,
	"client_version" timestamp with time zone NOT NULL,
	"member_status" text,
	"last_error" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mailchimp_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mailchimp_connections" ADD CONSTRAINT "mailchimp_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailchimp_members" ADD CONSTRAINT "mailchimp_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailchimp_members" ADD CONSTRAINT "mailchimp_members_client_fk" FOREIGN KEY ("client_id","user_id") REFERENCES "public"."clients"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailchimp_members_user_id_idx" ON "mailchimp_members" USING btree ("user_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "mailchimp_connections" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "mailchimp_members" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));