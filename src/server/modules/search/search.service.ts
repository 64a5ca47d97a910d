import { fold } from "@shared/fold";
import { SEARCH_LIMIT_PER_KIND, type SearchResultsDto } from "@shared/schemas/search";
import { and, asc, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { clients, contracts, invoices, projects, quotes } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";

/**
 * A table's searched columns joined and folded by search_fold() (src/shared/fold.ts's rules), stored as the
 * generated column search_text with a trigram GIN index (migration 0023 search-text): clients by name, e-mail
 * and SIREN, invoices and credit notes by number and client, quotes by number and client, projects by name,
 * contracts by number and title. The column is not in the drizzle schema, so that no other query reads it.
 */
const searchText = (table: PgTable): SQL => sql`${table}.search_text`;

/** The LIKE patterns of one search, on text folded by `search_fold` (the term folded here by fold()). */
type Patterns = { startsText: string; startsWord: string; contains: string; isShort: boolean };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function patternsOf(q: string): Patterns {
  const term = escapeLike(fold(q).replace(/\s+/g, " ").trim());
  return {
    startsText: `${term}%`,
    startsWord: `% ${term}%`,
    contains: `%${term}%`,
    // A trigram index needs three characters in a row: two match only at the start of a word, which the
    // index still serves (the word's leading space counts as one).
    isShort: term.length < 3,
  };
}

/** Whether a table's search text matches, and how well: the text's start, then a word's start, then anywhere. */
function matching(text: SQL, patterns: Patterns) {
  const startsText = sql`${text} like ${patterns.startsText}`;
  const startsWord = sql`${text} like ${patterns.startsWord}`;
  return {
    where: patterns.isShort ? or(startsText, startsWord) : sql`${text} like ${patterns.contains}`,
    rank: sql`case when ${startsText} then 0 when ${startsWord} then 1 else 2 end`,
  };
}

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
  const clientMatch = matching(searchText(clients), patterns);
  const invoiceMatch = matching(searchText(invoices), patterns);
  const quoteMatch = matching(searchText(quotes), patterns);
  const projectMatch = matching(searchText(projects), patterns);
  const contractMatch = matching(searchText(contracts), patterns);
  return withTenant(db, userId, async (tx) => {
    // Sent together: on PostgreSQL the pooled connection pipelines them (one round trip).
    const [clientRows, invoiceRows, quoteRows, projectRows, contractRows] = await Promise.all([
      tx
        .select({ id: clients.id, name: clients.name, email: clients.email, siren: clients.siren })
        .from(clients)
        .where(and(eq(clients.userId, userId), clientMatch.where))
        .orderBy(clientMatch.rank, asc(clients.name))
        .limit(SEARCH_LIMIT_PER_KIND),
      tx
        .select({
          id: invoices.id,
          number: invoices.invoiceNumber,
          clientName: invoices.clientName,
          kind: invoices.kind,
          totalCents: invoices.totalCents,
          date: invoices.date,
        })
        .from(invoices)
        .where(and(eq(invoices.userId, userId), invoiceMatch.where))
        .orderBy(invoiceMatch.rank, desc(invoices.date), desc(invoices.createdAt))
        .limit(SEARCH_LIMIT_PER_KIND),
      tx
        .select({
          id: quotes.id,
          number: quotes.quoteNumber,
          clientName: quotes.clientName,
          totalCents: quotes.totalCents,
          date: quotes.date,
        })
        .from(quotes)
        .where(and(eq(quotes.userId, userId), quoteMatch.where))
        .orderBy(quoteMatch.rank, desc(quotes.date), desc(quotes.createdAt))
        .limit(SEARCH_LIMIT_PER_KIND),
      tx
        .select({ id: projects.id, name: projects.name, status: projects.status })
        .from(projects)
        .where(and(eq(projects.userId, userId), projectMatch.where))
        .orderBy(projectMatch.rank, desc(projects.createdAt))
        .limit(SEARCH_LIMIT_PER_KIND),
      tx
        .select({
          id: contracts.id,
          number: contracts.contractNumber,
          title: contracts.title,
          status: contracts.status,
        })
        .from(contracts)
        .where(and(eq(contracts.userId, userId), contractMatch.where))
        .orderBy(contractMatch.rank, desc(contracts.createdAt))
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
