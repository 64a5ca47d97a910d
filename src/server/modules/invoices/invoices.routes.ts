import { parisToday } from "@shared/domain/dates";
import { invoiceStatusLabel } from "@shared/domain/invoice-status";
import { formatAmount } from "@shared/format";
import {
  createCreditNoteInput,
  createInvoiceInput,
  invoiceListQuery,
  recordPaymentInput,
  recordRefundInput,
  sendInvoiceInput,
  updateInvoiceInput,
} from "@shared/schemas/invoices";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import type { Mailer } from "../../email/mailer";
import { type CsvColumn, csvResponse } from "../../http/csv";
import { pdfResponse } from "../../http/pdf";
import type { CachedJson } from "../../http/read-cache";
import { uuidParam, valid } from "../../http/validate";
import { getInvoicePdf } from "./invoice-pdf.service";
import {
  cancelInvoice,
  createCreditNote,
  createInvoiceDraft,
  deleteInvoiceDraft,
  duplicateInvoice,
  exportInvoices,
  getInvoice,
  type InvoiceExportRow,
  invoiceIssueReadiness,
  issueInvoice,
  listInvoiceReminders,
  listInvoices,
  recordPayment,
  recordRefund,
  updateInvoiceDraft,
} from "./invoices.service";
import { sendInvoice } from "./send-invoice.service";

const NOT_FOUND = "Facture introuvable.";

const exportColumns: CsvColumn<InvoiceExportRow>[] = [
  { header: "Numéro", value: (row) => row.invoiceNumber },
  {
    header: "Type",
    value: (row) => (row.kind === "avoir" ? "Avoir" : row.isDeposit ? "Facture d'acompte" : "Facture"),
  },
  { header: "Client", value: (row) => row.clientName },
  // A draft's date is only its creation day: it gets its issue date when issued.
  { header: "Date d'émission", value: (row) => (row.isIssued ? row.date : null) },
  { header: "Échéance", value: (row) => row.dueDate },
  { header: "Statut", value: (row) => invoiceStatusLabel(row) },
  { header: "Total HT (€)", value: (row) => formatAmount(row.subtotalCents) },
  { header: "TVA (€)", value: (row) => formatAmount(row.taxCents) },
  { header: "Total TTC (€)", value: (row) => formatAmount(row.totalCents) },
  { header: "Payé (€)", value: (row) => formatAmount(row.paidCents) },
  { header: "Reste dû (€)", value: (row) => formatAmount(row.dueCents) },
];

export function invoiceRoutes({
  db,
  mailer,
  cachedJson,
}: {
  db: Db;
  mailer: Mailer;
  cachedJson: CachedJson;
}) {
  return (
    new Hono<{ Variables: AuthVariables }>()
      .get("/", valid(invoiceListQuery, "query"), (c) => {
        const query = c.req.valid("query");
        const now = new Date();
        return cachedJson(c, `invoices ${JSON.stringify(query)} ${parisToday(now)}`, () =>
          listInvoices(db, { userId: c.get("user").id, query, now }),
        );
      })
      // Static paths come before /:id.
      .get("/export.csv", valid(invoiceListQuery, "query"), (c) =>
        csvResponse(c, db, {
          filename: `factures-${parisToday()}.csv`,
          columns: exportColumns,
          rows: () => exportInvoices(db, { userId: c.get("user").id, query: c.req.valid("query") }),
        }),
      )
      .post("/", valid(createInvoiceInput), async (c) =>
        c.json(await createInvoiceDraft(db, { userId: c.get("user").id, input: c.req.valid("json") }), 201),
      )
      .use("/:id", uuidParam(NOT_FOUND))
      .use("/:id/*", uuidParam(NOT_FOUND))
      .get("/:id", async (c) =>
        c.json(await getInvoice(db, { userId: c.get("user").id, id: c.req.param("id") })),
      )
      .patch("/:id", valid(updateInvoiceInput), async (c) =>
        c.json(
          await updateInvoiceDraft(db, {
            userId: c.get("user").id,
            id: c.req.param("id"),
            input: c.req.valid("json"),
          }),
        ),
      )
      .delete("/:id", async (c) => {
        await deleteInvoiceDraft(db, { userId: c.get("user").id, id: c.req.param("id") });
        return c.body(null, 204);
      })
      .get("/:id/reminders", async (c) =>
        c.json({
          items: await listInvoiceReminders(db, { userId: c.get("user").id, id: c.req.param("id") }),
        }),
      )
      .get("/:id/readiness", async (c) =>
        c.json(await invoiceIssueReadiness(db, { userId: c.get("user").id, id: c.req.param("id") })),
      )
      .post("/:id/issue", async (c) =>
        c.json(await issueInvoice(db, { userId: c.get("user").id, id: c.req.param("id") })),
      )
      .post("/:id/payments", valid(recordPaymentInput), async (c) =>
        c.json(
          await recordPayment(db, {
            userId: c.get("user").id,
            id: c.req.param("id"),
            input: c.req.valid("json"),
          }),
        ),
      )
      .post("/:id/refunds", valid(recordRefundInput), async (c) =>
        c.json(
          await recordRefund(db, {
            userId: c.get("user").id,
            id: c.req.param("id"),
            input: c.req.valid("json"),
          }),
        ),
      )
      .post("/:id/credit-notes", valid(createCreditNoteInput), async (c) =>
        c.json(
          await createCreditNote(db, {
            userId: c.get("user").id,
            id: c.req.param("id"),
            input: c.req.valid("json"),
          }),
          201,
        ),
      )
      .get("/:id/pdf", async (c) =>
        pdfResponse(c, await getInvoicePdf(db, { userId: c.get("user").id, id: c.req.param("id") })),
      )
      .post("/:id/send", valid(sendInvoiceInput), async (c) =>
        c.json(
          await sendInvoice(
            { db, mailer },
            { userId: c.get("user").id, id: c.req.param("id"), input: c.req.valid("json") },
          ),
        ),
      )
      .post("/:id/duplicate", async (c) =>
        c.json(await duplicateInvoice(db, { userId: c.get("user").id, id: c.req.param("id") }), 201),
      )
      .post("/:id/cancel", async (c) =>
        c.json(await cancelInvoice(db, { userId: c.get("user").id, id: c.req.param("id") }), 201),
      )
  );
}
