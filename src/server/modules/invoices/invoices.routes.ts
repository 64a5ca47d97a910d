import {
  createInvoiceInput,
  invoiceListQuery,
  recordPaymentInput,
  sendInvoiceInput,
  updateInvoiceInput,
} from "@shared/schemas/invoices";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import type { Mailer } from "../../email/mailer";
import { uuidParam, valid } from "../../http/validate";
import { getInvoicePdf } from "./invoice-pdf.service";
import {
  cancelInvoice,
  createInvoiceDraft,
  deleteInvoiceDraft,
  getInvoice,
  issueInvoice,
  listInvoices,
  recordPayment,
  updateInvoiceDraft,
} from "./invoices.service";
import { sendInvoice } from "./send-invoice.service";

const NOT_FOUND = "Facture introuvable.";

export function invoiceRoutes({ db, mailer }: { db: Db; mailer: Mailer }) {
  return new Hono<{ Variables: AuthVariables }>()
    .get("/", valid(invoiceListQuery, "query"), async (c) =>
      c.json(await listInvoices(db, { userId: c.get("user").id, query: c.req.valid("query") })),
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
    .get("/:id/pdf", async (c) => {
      const pdf = await getInvoicePdf(db, { userId: c.get("user").id, id: c.req.param("id") });
      c.header("content-type", "application/pdf");
      c.header("content-disposition", `attachment; filename="${pdf.filename}"`);
      c.header("cache-control", "private, no-cache");
      return c.body(new Uint8Array(pdf.bytes));
    })
    .post("/:id/send", valid(sendInvoiceInput), async (c) =>
      c.json(
        await sendInvoice(
          { db, mailer },
          { userId: c.get("user").id, id: c.req.param("id"), input: c.req.valid("json") },
        ),
      ),
    )
    .post("/:id/cancel", async (c) =>
      c.json(await cancelInvoice(db, { userId: c.get("user").id, id: c.req.param("id") }), 201),
    );
}
