-- Custom SQL (issue 15, the global search): the search indexes of 0026 without GIN's pending list. With
-- fastupdate on, rows written since the last vacuum wait in an unsorted list that every search reads
-- whole, and the planner, counting that list, fell back to reading all of the user's rows: 10 000 invoices
-- seeded at once gave a sequential scan (3 to 12 ms) where the index answers in 0.3 ms. Writes to these
-- tables are single rows, so each pays a few index entries instead. The list left by 0026 is flushed here.
ALTER INDEX "clients_search_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "invoices_search_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "quotes_search_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "projects_search_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "contracts_search_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list(index_name::regclass)
FROM unnest(ARRAY['clients_search_idx', 'invoices_search_idx', 'quotes_search_idx', 'projects_search_idx',
                  'contracts_search_idx']) AS index_name;
