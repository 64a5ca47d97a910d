import { desc, type SQL } from "drizzle-orm";
import { invoices, quotes } from "../../db/schema/index";
import type { Tx } from "../../db/tenant";

// The invoices and quotes a detail page lists beside a record (client, project), newest first.

export function latestInvoices(tx: Tx, where: SQL | undefined, limit: number) {
  return tx
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.invoiceNumber,
      date: invoices.date,
      status: invoices.status,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
    })
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.date), desc(invoices.createdAt))
    .limit(limit);
}

export function latestQuotes(tx: Tx, where: SQL | undefined, limit: number) {
  return tx
    .select({
      id: quotes.id,
      number: quotes.quoteNumber,
      date: quotes.date,
      status: quotes.status,
      totalCents: quotes.totalCents,
    })
    .from(quotes)
    .where(where)
    .orderBy(desc(quotes.date), desc(quotes.createdAt))
    .limit(limit);
}
