import { parisToday } from "@shared/domain/dates";
import {
  type CreateExpenseData,
  type ExpenseCategory,
  type ExpenseDto,
  type ExpenseStatus,
  type ExpenseVatLine,
  RECEIPT_FILE_TYPES,
  RECEIPT_TYPE_MESSAGE,
  type SupplierDocumentKind,
  type UpdateExpenseData,
  vatIncludedCents,
} from "@shared/schemas/expenses";
import type { ListResult } from "@shared/schemas/list";
import { and, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type PageExtras, pageTotal, pageWindow, totalOf } from "../../db/paging";
import { expenses, files, projects } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { deleteFile, readFile, saveFile } from "../../storage/file-storage";
import { containing, folded } from "../clients/text-search";
import { ownProject } from "../projects/own-project";
import { emitEvent } from "../public-api/events";

export const EXPENSE_NOT_FOUND = "Dépense introuvable.";
export const NO_RECEIPT_MESSAGE = "Aucun justificatif pour cette dépense.";

export const expenseNotFound = () => new AppError("not_found", EXPENSE_NOT_FOUND);

// Metadata only: a receipt's bytes (up to 10 MB) are read by the receipt route, never with the list.
const selection = {
  expense: expenses,
  projectName: projects.name,
  receiptId: files.id,
  receiptName: files.name,
  receiptMimeType: files.mimeType,
  receiptSizeBytes: files.sizeBytes,
};

type Selected = {
  expense: typeof expenses.$inferSelect;
  projectName: string | null;
  receiptId: string | null;
  receiptName: string | null;
  receiptMimeType: string | null;
  receiptSizeBytes: number | null;
};

export function toExpenseDto(row: Selected): ExpenseDto {
  const { expense } = row;
  return {
    id: expense.id,
    title: expense.title,
    description: expense.description,
    supplier: expense.supplier,
    amountCents: expense.amountCents,
    vatCents: expense.vatCents,
    vatRateBp: expense.vatRateBp,
    category: expense.category,
    date: expense.date,
    status: expense.status,
    projectId: expense.projectId,
    projectName: row.projectName,
    paymentMethod: expense.paymentMethod,
    receipt:
      row.receiptId && row.receiptName && row.receiptMimeType && row.receiptSizeBytes !== null
        ? {
            id: row.receiptId,
            name: row.receiptName,
            mimeType: row.receiptMimeType,
            sizeBytes: row.receiptSizeBytes,
          }
        : null,
    supplierSiren: expense.supplierSiren,
    supplierInvoiceNumber: expense.supplierInvoiceNumber,
    supplierDocumentKind: expense.supplierDocumentKind,
    vatLines: expense.vatLines,
    currency: expense.currency,
    originalAmountCents: expense.originalAmountCents,
    exchangeRate: expense.exchangeRate,
    relatedExpenseId: expense.relatedExpenseId,
    createdAt: expense.createdAt.toISOString(),
    updatedAt: expense.updatedAt.toISOString(),
  };
}

export type ExpenseFilters = { search?: string; status?: ExpenseStatus; category?: ExpenseCategory };

function listWhere(userId: string, { search, status, category }: ExpenseFilters): SQL | undefined {
  const pattern = search ? containing(search) : null;
  return and(
    eq(expenses.userId, userId),
    status ? eq(expenses.status, status) : undefined,
    category ? eq(expenses.category, category) : undefined,
    pattern
      ? or(
          ...[expenses.title, expenses.description, expenses.supplier].map(
            (column) => sql`${folded(column)} like ${pattern}`,
          ),
        )
      : undefined,
  );
}

export const selectExpenses = <Extra extends PageExtras = Record<never, never>>(
  tx: Tx,
  userId: string,
  extra = {} as Extra,
) =>
  tx
    .select({ ...selection, ...extra })
    .from(expenses)
    .leftJoin(projects, and(eq(projects.id, expenses.projectId), eq(projects.userId, userId)))
    .leftJoin(files, and(eq(files.id, expenses.receiptFileId), eq(files.userId, userId)));

/** A page of the user's expenses, latest date first, with the total matching the filters. */
export async function listExpenses(
  db: Db,
  params: { userId: string; page: number; pageSize: number } & ExpenseFilters,
): Promise<ListResult<ExpenseDto>> {
  const { userId, page, pageSize } = params;
  const where = listWhere(userId, params);
  const { limit, offset } = pageWindow({ page, pageSize });
  return withTenant(db, userId, async (tx) => {
    const counting = tx.select({ n: count() }).from(expenses).where(where);
    const rows = await selectExpenses(tx, userId, { total: totalOf(counting) })
      .where(where)
      .orderBy(desc(expenses.date), desc(expenses.createdAt), desc(expenses.id))
      .limit(limit)
      .offset(offset);
    return { items: rows.map(toExpenseDto), total: await pageTotal(rows, counting, offset), page, pageSize };
  });
}

/** Every expense matching the filters (no paging), for the CSV export. */
export async function exportExpenses(
  db: Db,
  params: { userId: string } & ExpenseFilters,
): Promise<ExpenseDto[]> {
  const { userId } = params;
  return withTenant(db, userId, async (tx) => {
    const rows = await selectExpenses(tx, userId)
      .where(listWhere(userId, params))
      .orderBy(desc(expenses.date), desc(expenses.createdAt), desc(expenses.id));
    return rows.map(toExpenseDto);
  });
}

async function findOwn(tx: Tx, userId: string, id: string): Promise<ExpenseDto> {
  const [row] = await selectExpenses(tx, userId).where(and(eq(expenses.id, id), eq(expenses.userId, userId)));
  if (!row) throw expenseNotFound();
  return toExpenseDto(row);
}

export async function getExpense(db: Db, { userId, id }: { userId: string; id: string }) {
  return withTenant(db, userId, (tx) => findOwn(tx, userId, id));
}

/**
 * What an expense made from a supplier e-invoice keeps of it: the stored file, the invoice's identity, its
 * VAT per rate and currency, and the imported invoice it corrects or deducts.
 */
export type ImportedInvoice = {
  receiptFileId: string;
  supplierSiren: string | null;
  supplierVatNumber: string | null;
  supplierInvoiceNumber: string;
  supplierDocumentKind: SupplierDocumentKind;
  citedInvoiceNumber: string | null;
  relatedExpenseId: string | null;
  vatLines: ExpenseVatLine[];
  currency: string;
  originalAmountCents: number | null;
  exchangeRate: string | null;
};

export async function createExpense(
  db: Db,
  {
    userId,
    input,
    imported,
    now = new Date(),
  }: { userId: string; input: CreateExpenseData; imported?: ImportedInvoice; now?: Date },
): Promise<ExpenseDto> {
  return withTenant(db, userId, async (tx) => {
    await ownProject(tx, userId, input.projectId);
    const [row] = await tx
      .insert(expenses)
      .values({
        userId,
        title: input.title,
        description: input.description ?? null,
        supplier: input.supplier ?? null,
        amountCents: input.amountCents,
        vatRateBp: input.vatRateBp,
        vatCents: input.vatCents ?? vatIncludedCents(input.amountCents, input.vatRateBp),
        category: input.category,
        date: input.date ?? parisToday(now),
        status: input.status,
        projectId: input.projectId ?? null,
        paymentMethod: input.paymentMethod ?? null,
        ...imported,
      })
      .returning({ id: expenses.id });
    if (!row) throw new Error("insert into expenses returned no row");
    const expense = await findOwn(tx, userId, row.id);
    await emitEvent(tx, userId, "expense.created", expense);
    return expense;
  });
}

export async function updateExpense(
  db: Db,
  { userId, id, input }: { userId: string; id: string; input: UpdateExpenseData },
): Promise<ExpenseDto> {
  return withTenant(db, userId, async (tx) => {
    const current = await findOwn(tx, userId, id);
    await ownProject(tx, userId, input.projectId);
    const amountCents = input.amountCents ?? current.amountCents;
    const vatRateBp = input.vatRateBp ?? current.vatRateBp;
    // A new amount or rate without a VAT figure recomputes the VAT; the rule holds on the merged record.
    const isVatStale = input.amountCents !== undefined || input.vatRateBp !== undefined;
    const vatCents =
      input.vatCents ?? (isVatStale ? vatIncludedCents(amountCents, vatRateBp) : current.vatCents);
    // A credit note's amount and VAT are both negative: the rule holds on their sizes.
    if (Math.abs(vatCents) > Math.abs(amountCents))
      throw new AppError("validation_failed", "Certaines informations sont invalides.", [
        { path: "vatCents", message: "La TVA ne peut pas dépasser le montant TTC." },
      ]);
    const { date, ...rest } = input;
    await tx
      .update(expenses)
      .set({
        ...rest,
        ...(date ? { date } : {}),
        amountCents,
        vatRateBp,
        vatCents,
        // The imported VAT per rate no longer describes an expense whose amounts were changed by hand.
        ...(isVatStale || input.vatCents !== undefined ? { vatLines: [] } : {}),
      })
      .where(and(eq(expenses.id, id), eq(expenses.userId, userId)));
    return findOwn(tx, userId, id);
  });
}

/** Deletes the expense, then its receipt through the storage interface. */
export async function deleteExpense(db: Db, { userId, id }: { userId: string; id: string }) {
  const [deleted] = await withTenant(db, userId, (tx) =>
    tx
      .delete(expenses)
      .where(and(eq(expenses.id, id), eq(expenses.userId, userId)))
      .returning({ receiptFileId: expenses.receiptFileId }),
  );
  if (!deleted) throw expenseNotFound();
  if (deleted.receiptFileId) await deleteFile(db, { userId, id: deleted.receiptFileId });
}

async function lockReceiptId(tx: Tx, userId: string, id: string): Promise<string | null> {
  const [row] = await tx
    .select({ receiptFileId: expenses.receiptFileId })
    .from(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.userId, userId)))
    .for("update");
  if (!row) throw expenseNotFound();
  return row.receiptFileId;
}

/**
 * Stores a receipt (spec §5 rules, content sniffing, JPEG/PNG/WebP/PDF) and attaches it, replacing the
 * previous one. The expense is checked first so another user's id never stores a file; the file is saved
 * outside the swap transaction (an object store could not join it) and removed again if the swap fails.
 */
export async function attachReceipt(
  db: Db,
  {
    userId,
    id,
    name,
    mimeType,
    bytes,
  }: { userId: string; id: string; name: string; mimeType: string; bytes: Uint8Array },
): Promise<ExpenseDto> {
  await getExpense(db, { userId, id });
  const saved = await saveFile(db, {
    userId,
    name,
    mimeType,
    bytes,
    kind: "receipt",
    accept: { types: RECEIPT_FILE_TYPES, message: RECEIPT_TYPE_MESSAGE },
  });
  let swap: { expense: ExpenseDto; previous: string | null };
  try {
    swap = await withTenant(db, userId, async (tx) => {
      const previous = await lockReceiptId(tx, userId, id);
      await tx
        .update(expenses)
        .set({ receiptFileId: saved.id })
        .where(and(eq(expenses.id, id), eq(expenses.userId, userId)));
      return { expense: await findOwn(tx, userId, id), previous };
    });
  } catch (error) {
    await deleteFile(db, { userId, id: saved.id });
    throw error;
  }
  if (swap.previous) await deleteFile(db, { userId, id: swap.previous });
  return swap.expense;
}

export async function readReceipt(db: Db, { userId, id }: { userId: string; id: string }) {
  const expense = await getExpense(db, { userId, id });
  if (!expense.receipt) throw new AppError("not_found", NO_RECEIPT_MESSAGE);
  return readFile(db, { userId, id: expense.receipt.id });
}

export async function removeReceipt(db: Db, { userId, id }: { userId: string; id: string }) {
  const { expense, previous } = await withTenant(db, userId, async (tx) => {
    const previous = await lockReceiptId(tx, userId, id);
    if (!previous) throw new AppError("not_found", NO_RECEIPT_MESSAGE);
    await tx
      .update(expenses)
      .set({ receiptFileId: null })
      .where(and(eq(expenses.id, id), eq(expenses.userId, userId)));
    return { expense: await findOwn(tx, userId, id), previous };
  });
  await deleteFile(db, { userId, id: previous });
  return expense;
}
