CREATE TABLE "data_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "data_changes" ADD CONSTRAINT "data_changes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_changes_user_id_id_idx" ON "data_changes" USING btree ("user_id","id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "data_changes" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
-- Custom SQL (issue 15, decision 014): the triggers that record a change of a user's business data, one row
-- per statement (transition tables: a bulk insert of 100 000 invoices adds one row per user). They insert and
-- never update, so two transactions of one user never wait on each other here (an updated counter row would
-- be locked until commit and could deadlock with the rows those transactions then touch). SECURITY DEFINER:
-- the owner writes the row whatever role the statement runs as. A deletion whose user is being deleted with
-- it (the cascade of "user") records nothing, as there is no user left to cache anything for. TRUNCATE, which
-- names no user, records a change for every user.
CREATE FUNCTION "data_changes_record"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO "data_changes" ("user_id") SELECT "id" FROM "user";
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format(
      'INSERT INTO "data_changes" ("user_id") SELECT DISTINCT o.%1$I FROM "old_rows" o WHERE EXISTS (SELECT 1 FROM "user" u WHERE u."id" = o.%1$I)',
      TG_ARGV[0]);
  ELSE
    EXECUTE format('INSERT INTO "data_changes" ("user_id") SELECT DISTINCT %I FROM "new_rows"', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  watched text[][] := ARRAY[
    ['business_identities', 'user_id'], ['client_portal_settings', 'user_id'], ['client_share_links', 'user_id'],
    ['clients', 'user_id'], ['contracts', 'user_id'], ['einvoice_inbox', 'user_id'],
    ['einvoice_status_events', 'user_id'], ['expenses', 'user_id'], ['files', 'user_id'],
    ['invoice_items', 'user_id'], ['invoice_reminders', 'user_id'], ['invoices', 'user_id'],
    ['micro_settings', 'user_id'], ['payments', 'user_id'], ['profiles', 'id'], ['projects', 'user_id'],
    ['quote_decisions', 'user_id'], ['quote_items', 'user_id'], ['quotes', 'user_id'], ['tasks', 'user_id']];
  t text[];
BEGIN
  FOREACH t SLICE 1 IN ARRAY watched LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "data_changes_record"(%L)', t[1] || '_data_change_insert', t[1], t[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "data_changes_record"(%L)', t[1] || '_data_change_update', t[1], t[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "data_changes_record"(%L)', t[1] || '_data_change_delete', t[1], t[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "data_changes_record"(%L)', t[1] || '_data_change_truncate', t[1], t[2]);
  END LOOP;
END
$$;
