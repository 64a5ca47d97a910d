import { parisToday } from "@shared/domain/dates";
import { VAT_RATE_LABELS, type VatRateBp } from "@shared/domain/money";
import { formatAmount } from "@shared/format";
import { confirmSupplierInvoiceInput } from "@shared/schemas/einvoicing";
import {
  createExpenseInput,
  type ExpenseDto,
  expenseCategoryLabels,
  expenseListQuery,
  expenseStatusLabels,
  updateExpenseInput,
} from "@shared/schemas/expenses";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { type CsvColumn, csvResponse } from "../../http/csv";
import { uploadGuard } from "../../http/upload-guard";
import { uploadedFile } from "../../http/uploads";
import { uuidParam, valid } from "../../http/validate";
import { importSupplierInvoice, previewSupplierInvoice } from "../einvoicing/import.service";
import {
  attachReceipt,
  createExpense,
  deleteExpense,
  EXPENSE_NOT_FOUND,
  exportExpenses,
  getExpense,
  listExpenses,
  readReceipt,
  removeReceipt,
  updateExpense,
} from "./expenses.service";

/**
 * The receipt upload has a fixed path (the expense id in the query string): the global 1 MB body limit
 * is lifted by exact path in app.ts `UPLOAD_PATHS`, which cannot match a path with an id in it.
 */
export const EXPENSE_RECEIPT_UPLOAD_PATH = "/api/expenses/receipt";
/** Supplier e-invoice import (issue 13 §2): preview, then confirmation with the same file. */
export const EXPENSE_IMPORT_UPLOAD_PATHS = ["/api/expenses/import", "/api/expenses/import/confirm"];

// A missing or malformed id names no expense: the same 404 as an unknown one or another user's.
const uploadQuery = z.object({ expenseId: z.string().optional() });
const isUuid = (value: string | undefined): value is string => z.uuid().safeParse(value).success;

/** The confirmation's expense fields travel as one JSON text beside the file. */
function confirmedFields(value: unknown) {
  let json: unknown;
  try {
    json = typeof value === "string" ? JSON.parse(value) : {};
  } catch {
    json = null;
  }
  const parsed = confirmSupplierInvoiceInput.safeParse(json);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  return parsed.data;
}

const exportColumns: CsvColumn<ExpenseDto>[] = [
  { header: "Date", value: (row) => row.date },
  { header: "Intitulé", value: (row) => row.title },
  { header: "Fournisseur", value: (row) => row.supplier },
  { header: "Catégorie", value: (row) => expenseCategoryLabels[row.category] },
  { header: "Statut", value: (row) => expenseStatusLabels[row.status] },
  { header: "Montant HT (€)", value: (row) => formatAmount(row.amountCents - row.vatCents) },
  { header: "TVA (€)", value: (row) => formatAmount(row.vatCents) },
  {
    header: "Taux de TVA",
    value: (row) => VAT_RATE_LABELS[row.vatRateBp as VatRateBp] ?? `${row.vatRateBp / 100} %`,
  },
  { header: "Montant TTC (€)", value: (row) => formatAmount(row.amountCents) },
  { header: "Projet", value: (row) => row.projectName },
  { header: "Justificatif", value: (row) => (row.receipt ? "Oui" : "Non") },
  { header: "Description", value: (row) => row.description },
];

/** /api/expenses: mounted behind the 401/402 guard (app.ts `businessModules`). */
export function expenseRoutes(db: Db) {
  return (
    new Hono<{ Variables: AuthVariables }>()
      .get("/", valid(expenseListQuery, "query"), async (c) =>
        c.json(await listExpenses(db, { userId: c.get("user").id, ...c.req.valid("query") })),
      )
      // Static paths come before /:id.
      .get("/export.csv", valid(expenseListQuery, "query"), async (c) => {
        const { search, status, category } = c.req.valid("query");
        return csvResponse(c, db, {
          filename: `depenses-${parisToday()}.csv`,
          columns: exportColumns,
          rows: () => exportExpenses(db, { userId: c.get("user").id, search, status, category }),
        });
      })
      .post("/receipt", uploadGuard(db), valid(uploadQuery, "query"), async (c) => {
        const { expenseId } = c.req.valid("query");
        if (!isUuid(expenseId)) throw new AppError("not_found", EXPENSE_NOT_FOUND);
        const userId = c.get("user").id;
        const { file } = await uploadedFile(c, userId);
        const expense = await attachReceipt(db, {
          userId,
          id: expenseId,
          name: file.name,
          mimeType: file.type,
          bytes: file.bytes,
        });
        return c.json(expense, 201);
      })
      .post("/import", uploadGuard(db), async (c) => {
        const userId = c.get("user").id;
        const { file } = await uploadedFile(c, userId);
        // Nothing reads the file after its preview: it moves to the worker instead of being copied.
        return c.json(await previewSupplierInvoice(db, { userId, bytes: file.bytes, isHandedOver: true }));
      })
      .post("/import/confirm", uploadGuard(db), async (c) => {
        const userId = c.get("user").id;
        const { file, fields } = await uploadedFile(c, userId);
        const input = confirmedFields(fields.expense);
        const expense = await importSupplierInvoice(db, {
          userId,
          name: file.name,
          bytes: file.bytes,
          input,
        });
        return c.json(expense, 201);
      })
      .post("/", valid(createExpenseInput), async (c) =>
        c.json(await createExpense(db, { userId: c.get("user").id, input: c.req.valid("json") }), 201),
      )
      .use("/:id", uuidParam(EXPENSE_NOT_FOUND))
      .use("/:id/*", uuidParam(EXPENSE_NOT_FOUND))
      .get("/:id", async (c) =>
        c.json(await getExpense(db, { userId: c.get("user").id, id: c.req.param("id") })),
      )
      .patch("/:id", valid(updateExpenseInput), async (c) =>
        c.json(
          await updateExpense(db, {
            userId: c.get("user").id,
            id: c.req.param("id"),
            input: c.req.valid("json"),
          }),
        ),
      )
      .delete("/:id", async (c) => {
        await deleteExpense(db, { userId: c.get("user").id, id: c.req.param("id") });
        return c.body(null, 204);
      })
      .get("/:id/receipt", async (c) => {
        const receipt = await readReceipt(db, { userId: c.get("user").id, id: c.req.param("id") });
        // Only verified types are stored (never HTML or SVG), so showing it inline is safe; ?download=1 saves it.
        const disposition = c.req.query("download") ? "attachment" : "inline";
        const filename = encodeURIComponent(receipt.name);
        return c.body(receipt.bytes as Uint8Array<ArrayBuffer>, 200, {
          "content-type": receipt.mimeType,
          "content-length": String(receipt.sizeBytes),
          "content-disposition": `${disposition}; filename*=UTF-8''${filename}`,
          "cache-control": "private, no-cache",
          etag: `"${receipt.sha256}"`,
        });
      })
      .delete("/:id/receipt", async (c) =>
        c.json(await removeReceipt(db, { userId: c.get("user").id, id: c.req.param("id") })),
      )
  );
}
