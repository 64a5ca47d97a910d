import { parisToday } from "@shared/domain/dates";
import { formatAmount } from "@shared/format";
import {
  createDepositInput,
  createQuoteInput,
  type QuoteDto,
  quoteListQuery,
  quoteStatusLabels,
  sendQuoteInput,
  updateQuoteInput,
} from "@shared/schemas/quotes";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import type { Mailer } from "../../email/mailer";
import { type CsvColumn, csvResponse } from "../../http/csv";
import { pdfResponse } from "../../http/pdf";
import type { CachedJson } from "../../http/read-cache";
import { uuidParam, valid } from "../../http/validate";
import { getQuotePdf } from "./quote-pdf.service";
import {
  convertQuote,
  createDepositInvoice,
  createQuote,
  deleteQuote,
  duplicateQuote,
  exportQuotes,
  getQuote,
  listQuotes,
  QUOTE_NOT_FOUND,
  transitionQuote,
  updateQuote,
} from "./quotes.service";
import { sendQuote } from "./send-quote.service";

const exportColumns: CsvColumn<QuoteDto>[] = [
  { header: "Numéro", value: (row) => row.quoteNumber },
  { header: "Client", value: (row) => row.clientName },
  { header: "Date", value: (row) => row.date },
  { header: "Valable jusqu'au", value: (row) => row.validUntil },
  { header: "Statut", value: (row) => quoteStatusLabels[row.status] },
  { header: "Total HT (€)", value: (row) => formatAmount(row.subtotalCents) },
  { header: "TVA (€)", value: (row) => formatAmount(row.taxCents) },
  { header: "Total TTC (€)", value: (row) => formatAmount(row.totalCents) },
  { header: "Facture", value: (row) => row.invoice?.invoiceNumber ?? (row.invoice ? "Brouillon" : "") },
];

/** /api/quotes: mounted behind the 401/402 guard (app.ts `businessModules`). */
export function quoteRoutes({ db, mailer, cachedJson }: { db: Db; mailer: Mailer; cachedJson: CachedJson }) {
  return (
    new Hono<{ Variables: AuthVariables }>()
      .get("/", valid(quoteListQuery, "query"), (c) => {
        const query = c.req.valid("query");
        const now = new Date();
        return cachedJson(c, `quotes ${JSON.stringify(query)} ${parisToday(now)}`, () =>
          listQuotes(db, { userId: c.get("user").id, query, now }),
        );
      })
      // Static paths come before /:id.
      .get("/export.csv", valid(quoteListQuery, "query"), async (c) => {
        return csvResponse(c, db, {
          filename: `devis-${parisToday()}.csv`,
          columns: exportColumns,
          rows: () => exportQuotes(db, { userId: c.get("user").id, query: c.req.valid("query") }),
        });
      })
      .post("/", valid(createQuoteInput), async (c) =>
        c.json(await createQuote(db, { userId: c.get("user").id, input: c.req.valid("json") }), 201),
      )
      .use("/:id", uuidParam(QUOTE_NOT_FOUND))
      .use("/:id/*", uuidParam(QUOTE_NOT_FOUND))
      .get("/:id", async (c) =>
        c.json(await getQuote(db, { userId: c.get("user").id, id: c.req.param("id") })),
      )
      .patch("/:id", valid(updateQuoteInput), async (c) =>
        c.json(
          await updateQuote(db, {
            userId: c.get("user").id,
            id: c.req.param("id"),
            input: c.req.valid("json"),
          }),
        ),
      )
      .delete("/:id", async (c) => {
        await deleteQuote(db, { userId: c.get("user").id, id: c.req.param("id") });
        return c.body(null, 204);
      })
      // E-mails the PDF and marks the quote sent; an empty body sends the default message to the client.
      .post("/:id/send", valid(sendQuoteInput), async (c) =>
        c.json(
          await sendQuote(
            { db, mailer },
            { userId: c.get("user").id, id: c.req.param("id"), input: c.req.valid("json") },
          ),
        ),
      )
      // A draft handed over otherwise (in person, by post): envoyé without an e-mail.
      .post("/:id/mark-sent", async (c) =>
        c.json(await transitionQuote(db, { userId: c.get("user").id, id: c.req.param("id"), to: "send" })),
      )
      .post("/:id/accept", async (c) =>
        c.json(await transitionQuote(db, { userId: c.get("user").id, id: c.req.param("id"), to: "accept" })),
      )
      .post("/:id/refuse", async (c) =>
        c.json(await transitionQuote(db, { userId: c.get("user").id, id: c.req.param("id"), to: "refuse" })),
      )
      .post("/:id/duplicate", async (c) =>
        c.json(await duplicateQuote(db, { userId: c.get("user").id, id: c.req.param("id") }), 201),
      )
      .post("/:id/deposit", valid(createDepositInput), async (c) =>
        c.json(
          await createDepositInvoice(db, {
            userId: c.get("user").id,
            id: c.req.param("id"),
            input: c.req.valid("json"),
          }),
          201,
        ),
      )
      .post("/:id/convert", async (c) =>
        c.json(await convertQuote(db, { userId: c.get("user").id, id: c.req.param("id") }), 201),
      )
      .get("/:id/pdf", async (c) =>
        pdfResponse(c, await getQuotePdf(db, { userId: c.get("user").id, id: c.req.param("id") })),
      )
  );
}
