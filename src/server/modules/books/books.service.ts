import type { Book, BookDto, BookEntry, BookQuery } from "@shared/schemas/books";
import { expenseCategoryLabels } from "@shared/schemas/expenses";
import { paymentMethodLabels } from "@shared/schemas/invoices";
import { and, asc, between, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businessIdentities, expenses, invoiceItems, invoices, payments } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import { workerPool } from "../../workers/pool";

/**
 * Livre des recettes: one entry per payment, on the day the money was received. The nature is the invoice's
 * first line, with the number of others: the book names what was sold, the invoice has the details.
 */
async function receiptEntries(tx: Tx, userId: string, { from, to }: BookQuery): Promise<BookEntry[]> {
  const firstLine = tx
    .select({
      invoiceId: invoiceItems.invoiceId,
      description:
        sql<string>`(array_agg(${invoiceItems.description} order by ${invoiceItems.position}))[1]`.as(
          "description",
        ),
      lineCount: sql<number>`count(*)::int`.as("line_count"),
    })
    .from(invoiceItems)
    .where(eq(invoiceItems.userId, userId))
    .groupBy(invoiceItems.invoiceId)
    .as("first_line");
  const rows = await tx
    .select({
      id: payments.id,
      date: payments.paidOn,
      number: invoices.invoiceNumber,
      client: invoices.clientName,
      description: firstLine.description,
      lineCount: firstLine.lineCount,
      amountCents: payments.amountCents,
      method: payments.method,
    })
    .from(payments)
    .innerJoin(invoices, and(eq(invoices.id, payments.invoiceId), eq(invoices.userId, payments.userId)))
    .leftJoin(firstLine, eq(firstLine.invoiceId, invoices.id))
    .where(and(eq(payments.userId, userId), between(payments.paidOn, from, to)))
    .orderBy(asc(payments.paidOn), asc(payments.createdAt), asc(payments.id));
  return rows.map((row) => {
    const sold =
      row.description && row.lineCount > 1
        ? `${row.description} (+ ${row.lineCount - 1} ligne${row.lineCount > 2 ? "s" : ""})`
        : (row.description ?? "");
    return {
      id: row.id,
      date: row.date,
      reference: row.number ?? "",
      party: row.client,
      // A refund is a negative payment: the book keeps its negative amount and says what it is, so that
      // the page, the CSV and the PDF (which all show this nature) do not read it as a mistyped receipt.
      nature: row.amountCents < 0 ? (sold ? `Remboursement — ${sold}` : "Remboursement") : sold,
      amountCents: row.amountCents,
      method: paymentMethodLabels[row.method],
      isCash: row.method === "especes",
    };
  });
}

/**
 * Registre des achats: the expenses of the period by date, with the supplier's invoice number when known and
 * how each was paid.
 */
async function purchaseEntries(tx: Tx, userId: string, { from, to }: BookQuery): Promise<BookEntry[]> {
  const rows = await tx
    .select({
      id: expenses.id,
      date: expenses.date,
      reference: expenses.supplierInvoiceNumber,
      supplier: expenses.supplier,
      title: expenses.title,
      category: expenses.category,
      amountCents: expenses.amountCents,
      method: expenses.paymentMethod,
    })
    .from(expenses)
    .where(and(eq(expenses.userId, userId), between(expenses.date, from, to)))
    .orderBy(asc(expenses.date), asc(expenses.createdAt), asc(expenses.id));
  return rows.map((row) => ({
    id: row.id,
    date: row.date,
    reference: row.reference ?? "",
    party: row.supplier ?? "",
    nature: `${row.title} (${expenseCategoryLabels[row.category]})`,
    amountCents: row.amountCents,
    // Expenses made before the field existed do not say how they were paid.
    method: row.method ? paymentMethodLabels[row.method] : null,
    isCash: row.method === "especes",
  }));
}

const READERS: Record<Book, typeof receiptEntries> = { recettes: receiptEntries, achats: purchaseEntries };

export async function getBook(
  db: Db,
  { userId, book, query }: { userId: string; book: Book; query: BookQuery },
) {
  const entries = await withTenant(db, userId, (tx) => READERS[book](tx, userId, query));
  return {
    book,
    from: query.from,
    to: query.to,
    entries,
    totalCents: entries.reduce((sum, entry) => sum + entry.amountCents, 0),
  } satisfies BookDto;
}

export const bookFileName = (book: Book, { from, to }: BookQuery, extension: "csv" | "pdf") =>
  `${book === "recettes" ? "livre-des-recettes" : "registre-des-achats"}-${from}-${to}.${extension}`;

/** The book as a PDF, headed with the seller's legal name (the account's name until the identity is set). */
export async function getBookPdf(
  db: Db,
  { userId, userName, book, query }: { userId: string; userName: string; book: Book; query: BookQuery },
) {
  const result = await getBook(db, { userId, book, query });
  const [identity] = await withTenant(db, userId, (tx) =>
    tx
      .select({ name: businessIdentities.legalName })
      .from(businessIdentities)
      .where(eq(businessIdentities.userId, userId)),
  );
  const bytes = await workerPool().run(
    "renderBookPdf",
    { book: result, ownerName: identity?.name ?? userName },
    { owner: userId },
  );
  return { filename: bookFileName(book, query, "pdf"), bytes };
}
