import { fold } from "@shared/fold";
import { SEARCH_LIMIT_PER_KIND, type SearchResultsDto } from "@shared/schemas/search";
import { asc, desc, eq, getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { clients, contracts, invoices, projects, quotes } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";

/**
 * A table's searched columns joined and folded by search_fold() (src/shared/fold.ts's rules), stored as the
 * generated column search_text (migration 0023): clients by name, e-mail and SIREN, invoices and credit notes
 * by number and client, quotes by number and client, projects by name, contracts by number and title. The
 * column is not in the drizzle schema, so that no other query reads it.
 */
const searchText = (table: PgTable): SQL => sql`${table}.search_text`;

/**
 * The rows of `table` whose search text, after a leading space, is LIKE `pattern`: read through the table's
 * search_<table>() function (migrations 0026, 0028, 0030) and named like the table, so that the table's
 * columns select, filter and sort them. Row-level security keeps LIKE from using an index (a tenant's search
 * read all of the user's rows); the function runs as the table's owner, keeps only the rows of the
 * transaction's tenant (withTenant's setting; none without it) and is served by a GIN index on
 * (user_id, ' ' || search_text).
 */
const matchingRows = (tx: Tx, table: PgTable, pattern: string) =>
  tx
    .$with(getTableName(table), getTableColumns(table))
    .as(sql`select * from ${sql.identifier(`search_${getTableName(table)}`)}(${pattern})`);

/** The LIKE patterns of one search, on text folded by `search_fold` (the term folded here by fold()). */
type Patterns = { filter: string; startsText: string; startsWord: string };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function patternsOf(q: string): Patterns {
  const words = fold(q).replace(/\s+/g, " ").trim();
  const term = escapeLike(words);
  return {
    // A trigram index needs three characters in a row: two match only at the start of a word, where the
    // space before it (the one matchingRows adds before the first word too) makes the third. Counted before
    // escaping: « a_ » is two characters, not three.
    filter: words.length < 3 ? `% ${term}%` : `%${term}%`,
    startsText: `${term}%`,
    startsWord: `% ${term}%`,
  };
}

/** How well a matching row matches: the text's start, then a word's start, then anywhere. */
const rankOf = (text: SQL, patterns: Patterns) =>
  sql`case when ${text} like ${patterns.startsText} then 0 when ${text} like ${patterns.startsWord} then 1 else 2 end`;

/**
 * The global search (the command palette): the user's clients, invoices and credit notes, quotes, projects
 * and contracts whose searched text contains `q`, ignoring case and accents; at most SEARCH_LIMIT_PER_KIND
 * per kind, best first, in one tenant transaction.
 */
export function searchRecords(
  db: Db,
  { userId, q }: { userId: string; q: string },
): Promise<SearchResultsDto> {
  const patterns = patternsOf(q);
  const rank = (table: PgTable) => rankOf(searchText(table), patterns);
  return withTenant(db, userId, async (tx) => {
    const clientMatches = matchingRows(tx, clients, patterns.filter);
    const invoiceMatches = matchingRows(tx, invoices, patterns.filter);
    const quoteMatches = matchingRows(tx, quotes, patterns.filter);
    const projectMatches = matchingRows(tx, projects, patterns.filter);
    const contractMatches = matchingRows(tx, contracts, patterns.filter);
    // Sent together: on PostgreSQL the pooled connection pipelines them (one round trip).
    const [clientRows, invoiceRows, quoteRows, projectRows, contractRows] = await Promise.all([
      tx
        .with(clientMatches)
        .select({ id: clients.id, name: clients.name, email: clients.email, siren: clients.siren })
        .from(clientMatches)
        .where(eq(clients.userId, userId))
        .orderBy(rank(clients), asc(clients.name))
        .limit(SEARCH_LIMIT_PER_KIND),
      tx
        .with(invoiceMatches)
        .select({
          id: invoices.id,
          number: invoices.invoiceNumber,
          clientName: invoices.clientName,
          kind: invoices.kind,
          totalCents: invoices.totalCents,
          date: invoices.date,
        })
        .from(invoiceMatches)
        .where(eq(invoices.userId, userId))
        .orderBy(rank(invoices), desc(invoices.date), desc(invoices.createdAt))
        .limit(SEARCH_LIMIT_PER_KIND),
      tx
        .with(quoteMatches)
        .select({
          id: quotes.id,
          number: quotes.quoteNumber,
          clientName: quotes.clientName,
          totalCents: quotes.totalCents,
          date: quotes.date,
        })
        .from(quoteMatches)
        .where(eq(quotes.userId, userId))
        .orderBy(rank(quotes), desc(quotes.date), desc(quotes.createdAt))
        .limit(SEARCH_LIMIT_PER_KIND),
      tx
        .with(projectMatches)
        .select({ id: projects.id, name: projects.name, status: projects.status })
        .from(projectMatches)
        .where(eq(projects.userId, userId))
        .orderBy(rank(projects), desc(projects.createdAt))
        .limit(SEARCH_LIMIT_PER_KIND),
      tx
        .with(contractMatches)
        .select({
          id: contracts.id,
          number: contracts.contractNumber,
          title: contracts.title,
          status: contracts.status,
        })
        .from(contractMatches)
        .where(eq(contracts.userId, userId))
        .orderBy(rank(contracts), desc(contracts.createdAt))
        .limit(SEARCH_LIMIT_PER_KIND),
    ]);
    return {
      clients: clientRows,
      invoices: invoiceRows.map(({ kind, ...row }) => ({ ...row, isCreditNote: kind === "avoir" })),
      quotes: quoteRows,
      projects: projectRows,
      contracts: contractRows,
    };
  });
}
