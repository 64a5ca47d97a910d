-- Custom SQL (issue 15, the global search): a substring search that uses an index under row-level security.
-- Under RLS PostgreSQL only lets a leakproof condition use an index, and LIKE is not one, so a tenant's
-- `search_text LIKE '%…%'` read every row of the user (0023). Each searched table now gets a function that
-- runs as its owner (SECURITY DEFINER, which row-level security does not restrict) and applies the tenant
-- rule itself: the user_id of the transaction's tenant setting (db/tenant.ts withTenant), nothing without it.
-- The planner can then use a GIN index on (user_id, search text) for both conditions in one scan: btree_gin
-- puts user_id in it, so one user's search never walks another user's matches.
-- The text is searched with a leading space, so a 2-character term matching at a word's start (including
-- the text's first word) is one LIKE '% ab%' that the index serves like a longer term (modules/search).
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DO $$
DECLARE
  kind text;
BEGIN
  FOREACH kind IN ARRAY ARRAY['clients', 'invoices', 'quotes', 'projects', 'contracts'] LOOP
    EXECUTE format(
      $sql$CREATE INDEX %I ON %I USING gin ("user_id", (' ' || "search_text") gin_trgm_ops)$sql$,
      kind || '_search_idx', kind);
    -- Named search_<table>(pattern): the tenant's rows whose text, after a space, is LIKE the pattern.
    -- search_path is pinned so that no object of another schema can stand in for the table or an operator.
    EXECUTE format(
      $sql$CREATE FUNCTION %I(text) RETURNS SETOF %I
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
        AS 'SELECT * FROM %I WHERE user_id = nullif(current_setting(''app.user_id'', true), '''')
              AND '' '' || search_text LIKE $1'$sql$,
      'search_' || kind, kind, kind);
    EXECUTE format('REVOKE ALL ON FUNCTION %I(text) FROM PUBLIC', 'search_' || kind);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %I(text) TO app_user', 'search_' || kind);
  END LOOP;
END
$$;
