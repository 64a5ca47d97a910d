CREATE TABLE "dashboard_totals" (
	"user_id" text NOT NULL,
	"figure" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "dashboard_totals_user_id_figure_day_pk" PRIMARY KEY("user_id","figure","day"),
	CONSTRAINT "dashboard_totals_figure_check" CHECK ("figure" in ('revenue', 'expenses', 'unpaid', 'issued'))
);
--> statement-breakpoint
ALTER TABLE "dashboard_totals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "dashboard_totals" ADD CONSTRAINT "dashboard_totals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_user_id_unpaid_due_date_idx" ON "invoices" USING btree ("user_id","due_date","invoice_number") WHERE kind = 'facture' and status in ('en-attente', 'en-retard');--> statement-breakpoint
CREATE INDEX "quotes_user_id_accepted_at_idx" ON "quotes" USING btree ("user_id","accepted_at") WHERE accepted_at is not null;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "dashboard_totals" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
-- Custom SQL (issue 15): the triggers that keep dashboard_totals, then the totals of existing rows.
-- What rows of a table add to the dashboard's figures, as a query over `source` (a trigger's transition table,
-- or the table itself): the one definition of each figure (schema/dashboard-totals.ts says them in words).
CREATE FUNCTION "dashboard_figures_of"(table_name text, source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format(CASE table_name
    WHEN 'invoices' THEN
      'SELECT user_id, ''unpaid'' AS figure, coalesce(due_date, ''infinity'') AS day, 1 AS count,
         total_cents - paid_cents AS amount_cents
       FROM %1$I WHERE kind = ''facture'' AND status IN (''en-attente'', ''en-retard'')
       UNION ALL
       SELECT user_id, ''issued'', ''infinity'', 1, 0 FROM %1$I WHERE kind = ''facture'' AND invoice_number IS NOT NULL'
    WHEN 'payments' THEN
      'SELECT user_id, ''revenue'' AS figure, date_trunc(''month'', paid_on::timestamp)::date AS day, 1 AS count,
         amount_cents FROM %1$I'
    WHEN 'expenses' THEN
      'SELECT user_id, ''expenses'' AS figure, date_trunc(''month'', date::timestamp)::date AS day, 1 AS count,
         amount_cents FROM %1$I'
  END, source)
$$;
--> statement-breakpoint
-- Every user's totals computed again from the rows: the first fill, and after a TRUNCATE (which nothing does).
CREATE FUNCTION "dashboard_totals_refill"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "dashboard_totals";
  EXECUTE 'INSERT INTO "dashboard_totals" ("user_id", "figure", "day", "count", "amount_cents")
    SELECT user_id, figure, day, sum(count), sum(amount_cents) FROM ('
    || concat_ws(' UNION ALL ', "dashboard_figures_of"('invoices', 'invoices'),
         "dashboard_figures_of"('payments', 'payments'), "dashboard_figures_of"('expenses', 'expenses'))
    || ') AS figures GROUP BY user_id, figure, day';
END
$$;
--> statement-breakpoint
-- Statement-level with transition tables, as row_counts: a bulk insert updates each total once. What the new
-- rows add minus what the old rows added, per total; a statement that changes no figure (sending an invoice,
-- marking it overdue) touches no total, so it takes no lock here. Totals are written in key order, so two
-- statements never lock them in opposite orders. They run as the caller: under app_user, row-level security
-- admits only the tenant's own totals, as for the rows they sum. A DELETE only updates (a user's deletion
-- cascades to the totals too, in any order, and must not insert one back).
CREATE FUNCTION "dashboard_totals_maintain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN "dashboard_figures_of"(TG_TABLE_NAME, 'new_rows') END;
  removed text := CASE WHEN TG_OP IN ('DELETE', 'UPDATE')
    THEN 'SELECT user_id, figure, day, -count AS count, -amount_cents AS amount_cents FROM ('
      || "dashboard_figures_of"(TG_TABLE_NAME, 'old_rows') || ') AS removed' END;
  delta text := 'SELECT user_id, figure, day, sum(count) AS count, sum(amount_cents) AS amount_cents FROM ('
    || concat_ws(' UNION ALL ', added, removed)
    || ') AS changes GROUP BY user_id, figure, day HAVING sum(count) <> 0 OR sum(amount_cents) <> 0';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM "dashboard_totals_refill"();
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE 'UPDATE "dashboard_totals" AS t SET "count" = t."count" + d.count, "amount_cents" = t."amount_cents" + d.amount_cents
      FROM (' || delta || ') AS d WHERE t."user_id" = d.user_id AND t."figure" = d.figure AND t."day" = d.day';
  ELSE
    EXECUTE 'INSERT INTO "dashboard_totals" AS t ("user_id", "figure", "day", "count", "amount_cents") '
      || delta || ' ORDER BY user_id, figure, day
      ON CONFLICT ("user_id", "figure", "day") DO UPDATE
      SET "count" = t."count" + excluded."count", "amount_cents" = t."amount_cents" + excluded."amount_cents"';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  source text;
BEGIN
  FOREACH source IN ARRAY ARRAY['invoices', 'payments', 'expenses'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_totals_maintain"()', source || '_dashboard_totals_insert', source);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_totals_maintain"()', source || '_dashboard_totals_update', source);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_totals_maintain"()', source || '_dashboard_totals_delete', source);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_totals_maintain"()', source || '_dashboard_totals_truncate', source);
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT "dashboard_totals_refill"();
