-- Custom SQL migration: the non-owner role that row-level security policies target (see
-- src/server/db/schema/tenancy.ts). Idempotent: the role may already exist (created by an administrator,
-- by another database of the same cluster, or concurrently).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'app_user') THEN
    CREATE ROLE app_user NOLOGIN;
  END IF;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN
    RAISE NOTICE 'role app_user already exists';
  WHEN insufficient_privilege THEN
    RAISE EXCEPTION 'role app_user is missing and % cannot create it', current_user
      USING HINT = 'Run "CREATE ROLE app_user NOLOGIN;" as an administrator, then migrate again.';
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app_user;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO app_user;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO app_user;
--> statement-breakpoint
-- A non-superuser migration/application role must be a member of app_user to `SET ROLE app_user`.
-- PostgreSQL 16+ separates membership from the SET option (a CREATEROLE creator gets ADMIN only), so
-- there the check is the SET privilege.
DO $$
DECLARE
  can_set_role boolean;
BEGIN
  IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN
    RETURN;
  END IF;
  IF current_setting('server_version_num')::int >= 160000 THEN
    can_set_role := pg_catalog.pg_has_role(current_user, 'app_user', 'SET');
  ELSE
    can_set_role := pg_catalog.pg_has_role(current_user, 'app_user', 'MEMBER');
  END IF;
  IF NOT can_set_role THEN
    EXECUTE format('GRANT app_user TO %I', current_user);
  END IF;
EXCEPTION
  WHEN insufficient_privilege THEN
    RAISE NOTICE 'cannot grant app_user to %: an administrator must run "GRANT app_user TO %I;"', current_user, current_user;
END
$$;
