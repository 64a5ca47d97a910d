import { formatAmount, formatDate } from "@shared/format";
import {
  type Book,
  type BookEntry,
  bookHeaders,
  bookQuery,
  bookSections,
  books,
} from "@shared/schemas/books";
import { Hono, type MiddlewareHandler } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { type CsvColumn, csvResponse } from "../../http/csv";
import { pdfResponse } from "../../http/pdf";
import { valid } from "../../http/validate";
import { bookFileName, getBook, getBookPdf } from "./books.service";

const isBook = (value: string | undefined): value is Book => books.includes(value as Book);

/** An unknown book is a page that does not exist (404), like an unknown id. */
const knownBook: MiddlewareHandler = async (c, next) => {
  if (!isBook(c.req.param("book"))) throw new AppError("not_found", "Ce livre n'existe pas.");
  await next();
};

const csvColumns = (book: Book): CsvColumn<BookEntry>[] => {
  const headers = bookHeaders[book];
  return [
    { header: headers.date, value: (entry) => formatDate(entry.date) },
    { header: headers.reference, value: (entry) => entry.reference },
    { header: headers.party, value: (entry) => entry.party },
    { header: headers.nature, value: (entry) => entry.nature },
    { header: headers.amountCents, value: (entry) => formatAmount(entry.amountCents) },
    { header: headers.method, value: (entry) => entry.method },
  ];
};

/** /api/books/:book (recettes | achats) for a period: on screen, as CSV (French Excel) and as PDF. */
export function bookRoutes(db: Db) {
  const query = valid(bookQuery, "query");
  return new Hono<{ Variables: AuthVariables }>()
    .get("/:book", knownBook, query, async (c) =>
      c.json(
        await getBook(db, {
          userId: c.get("user").id,
          book: c.req.param("book") as Book,
          query: c.req.valid("query"),
        }),
      ),
    )
    .get("/:book/export.csv", knownBook, query, async (c) => {
      const book = c.req.param("book") as Book;
      const period = c.req.valid("query");
      return csvResponse(c, db, {
        filename: bookFileName(book, period, "csv"),
        columns: csvColumns(book),
        rows: async () => {
          const result = await getBook(db, { userId: c.get("user").id, book, query: period });
          // Cash apart, as on the page: its rows come after the others.
          return bookSections(result).flatMap((section) => section.entries);
        },
      });
    })
    .get("/:book/export.pdf", knownBook, query, async (c) => {
      const user = c.get("user");
      const book = c.req.param("book") as Book;
      return pdfResponse(
        c,
        await getBookPdf(db, { userId: user.id, userName: user.name, book, query: c.req.valid("query") }),
      );
    });
}
