DROP INDEX "clients_search_idx";--> statement-breakpoint
DROP INDEX "contracts_search_idx";--> statement-breakpoint
DROP INDEX "invoices_search_idx";--> statement-breakpoint
DROP INDEX "projects_search_idx";--> statement-breakpoint
DROP INDEX "quotes_search_idx";--> statement-breakpoint
-- Custom SQL (issue 15, the global search): the searched text of each kind, folded once when a row is written
-- rather than on every search (search_fold() costs about 0.2 ms a row on PGlite: seconds for 100 000 invoices).
-- The trigram indexes of 0021 are dropped above: under row-level security PostgreSQL only uses an index for a
-- leakproof condition, and LIKE is not one, so the search reads the user's rows through their user_id index.
-- The column is left out of the drizzle schema on purpose, so that no other query reads it (modules/search).
ALTER TABLE "clients" ADD COLUMN "search_text" text NOT NULL
  GENERATED ALWAYS AS (search_fold("name" || ' ' || coalesce("email", '') || ' ' || coalesce("siren", ''))) STORED;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "search_text" text NOT NULL
  GENERATED ALWAYS AS (search_fold(coalesce("invoice_number", '') || ' ' || "client_name")) STORED;
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "search_text" text NOT NULL
  GENERATED ALWAYS AS (search_fold(coalesce("quote_number", '') || ' ' || "client_name")) STORED;
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_text" text NOT NULL
  GENERATED ALWAYS AS (search_fold("name")) STORED;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "search_text" text NOT NULL
  GENERATED ALWAYS AS (search_fold(coalesce("contract_number", '') || ' ' || "title")) STORED;
