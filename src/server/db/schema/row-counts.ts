import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { tenantPolicy, tenantUserId } from "./tenancy";

/**
 * How many rows a user has in a table, kept by statement-level triggers (migration row-counts) so that a
 * list's unfiltered total is one indexed read instead of counting every row on every page (issue 15,
 * decision 014). Counted tables: invoices. A missing row means none.
 */
export const rowCounts = pgTable(
  "row_counts",
  {
    userId: tenantUserId(),
    tableName: text("table_name").notNull(),
    rowCount: integer("row_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tableName] }), tenantPolicy(t.userId)],
).enableRLS();
