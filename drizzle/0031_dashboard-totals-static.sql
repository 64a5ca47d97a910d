-- Custom SQL (issue 15): the dashboard_totals triggers of 0029 with static statements. 0029's one trigger
-- function built its statement with EXECUTE on every call, so PostgreSQL parsed and planned it again for each
-- insert, update or delete of an invoice, payment or expense (2-7 ms under load). A statement written in a
-- PL/pgSQL function is planned once per session and its plan kept; transition tables are read by static SQL
-- too. dashboard_figures_of stays the one definition of each figure: the trigger functions are written from
-- it here, so a migration that changes a figure calls dashboard_totals_install() after it.
DROP FUNCTION "dashboard_totals_maintain"() CASCADE;
--> statement-breakpoint
-- (Re)writes dashboard_totals_<table>_<insert|update|delete>() from dashboard_figures_of: what the new rows
-- add minus what the old rows added, per total; a statement that changes no figure (sending an invoice,
-- marking it overdue) touches no total, so it takes no lock here. Totals are written in key order, so two
-- statements never lock them in opposite orders. They run as the caller: under app_user, row-level security
-- admits only the tenant's own totals, as for the rows they sum. A DELETE only updates (a user's deletion
-- cascades to the totals too, in any order, and must not insert one back).
CREATE FUNCTION "dashboard_totals_install"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  source text;
  operation text;
  added text;
  removed text;
  delta text;
BEGIN
  FOREACH source IN ARRAY ARRAY['invoices', 'payments', 'expenses'] LOOP
    FOREACH operation IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      added := CASE WHEN operation IN ('insert', 'update') THEN "dashboard_figures_of"(source, 'new_rows') END;
      removed := CASE WHEN operation IN ('delete', 'update')
        THEN 'SELECT user_id, figure, day, -count AS count, -amount_cents AS amount_cents FROM ('
          || "dashboard_figures_of"(source, 'old_rows') || ') AS removed' END;
      delta := 'SELECT user_id, figure, day, sum(count) AS count, sum(amount_cents) AS amount_cents FROM ('
        || concat_ws(' UNION ALL ', added, removed)
        || ') AS changes GROUP BY user_id, figure, day HAVING sum(count) <> 0 OR sum(amount_cents) <> 0';
      EXECUTE format('CREATE OR REPLACE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS %L',
        'dashboard_totals_' || source || '_' || operation,
        'BEGIN ' || CASE operation
          WHEN 'delete' THEN
            'UPDATE "dashboard_totals" AS t SET "count" = t."count" + d.count, "amount_cents" = t."amount_cents" + d.amount_cents
              FROM (' || delta || ') AS d WHERE t."user_id" = d.user_id AND t."figure" = d.figure AND t."day" = d.day'
          ELSE
            'INSERT INTO "dashboard_totals" AS t ("user_id", "figure", "day", "count", "amount_cents") '
              || delta || ' ORDER BY user_id, figure, day
              ON CONFLICT ("user_id", "figure", "day") DO UPDATE
              SET "count" = t."count" + excluded."count", "amount_cents" = t."amount_cents" + excluded."amount_cents"'
        END || '; RETURN NULL; END');
    END LOOP;
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT "dashboard_totals_install"();
--> statement-breakpoint
-- A TRUNCATE (which nothing does) computes every user's totals again from the rows.
CREATE FUNCTION "dashboard_totals_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "dashboard_totals_refill"();
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  source text;
BEGIN
  FOREACH source IN ARRAY ARRAY['invoices', 'payments', 'expenses'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION %I()', source || '_dashboard_totals_insert', source, 'dashboard_totals_' || source || '_insert');
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION %I()', source || '_dashboard_totals_update', source, 'dashboard_totals_' || source || '_update');
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION %I()', source || '_dashboard_totals_delete', source, 'dashboard_totals_' || source || '_delete');
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_totals_truncated"()', source || '_dashboard_totals_truncate', source);
  END LOOP;
END
$$;
