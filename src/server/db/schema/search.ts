import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The text the global search matches in a table (src/server/modules/search): the columns joined by spaces,
 * folded by `search_fold` (migration 0021: lower case and accents dropped as src/shared/fold.ts does).
 * A table's trigram index and the search's queries both use this one expression, so the planner matches them.
 */
export function searchText(...columns: AnyPgColumn[]): SQL {
  const parts = columns.map((column) => (column.notNull ? sql`${column}` : sql`coalesce(${column}, '')`));
  return sql`search_fold(${sql.join(parts, sql` || ' ' || `)})`;
}

/** The trigram GIN index on a table's search text: substring matching (LIKE '%…%') through an index. */
export const searchIndexExpression = (...columns: AnyPgColumn[]): SQL =>
  sql`${searchText(...columns)} gin_trgm_ops`;
