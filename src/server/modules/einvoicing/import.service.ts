import { retentionEnd } from "@shared/domain/einvoicing";
import { VAT_RATES_BP } from "@shared/domain/money";
import { formatDate, formatMoney } from "@shared/format";
import type {
  ConfirmSupplierInvoiceData,
  SupplierInvoiceDto,
  SupplierInvoicePreviewDto,
} from "@shared/schemas/einvoicing";
import { type ExpenseDto, importedExpenseFields } from "@shared/schemas/expenses";
import { FILE_ERROR_MESSAGES, MAX_FILE_SIZE_BYTES } from "@shared/security/file-validation";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { expenses } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { deleteFile, saveFile } from "../../storage/file-storage";
import { handOver, workerPool } from "../../workers/pool";
import { createExpense } from "../expenses/expenses.service";
import { formatRate } from "./supplier-invoice";

/**
 * Supplier e-invoices into expenses (issue 13 §2): read and check the file, prefill the expense, and on the
 * user's confirmation create it with the file kept as its receipt for 10 years. Nothing is stored before
 * the confirmation; a refused file leaves nothing behind.
 */

const IMPORT_REFUSED = "Cette facture ne peut pas être importée en dépense.";
const DUPLICATE_CONSTRAINT = "expenses_supplier_invoice_key";

/** The supplier as the duplicate rule sees it: SIREN, else VAT number, else name (the unique index's key). */
const supplierKey = (supplier: SupplierInvoiceDto["supplier"]) =>
  supplier.siren ?? supplier.vatNumber ?? (supplier.name ?? "").toLowerCase();

/** An expense is in euros, positive, at one of the French rates: what else the file says is refused here. */
function checkImportable(invoice: SupplierInvoiceDto): number {
  const refuse = (path: string, message: string) => {
    throw new AppError("validation_failed", IMPORT_REFUSED, [{ path, message }]);
  };
  if (invoice.currency !== "EUR")
    refuse(
      "currency",
      `Seules les factures en euros peuvent devenir une dépense (devise : ${invoice.currency}).`,
    );
  if (invoice.documentType === "credit_note" || invoice.totals.grossCents <= 0)
    refuse(
      "documentType",
      "Un avoir fournisseur ne peut pas devenir une dépense : il réduit une dépense existante.",
    );
  // One rate per expense: the rate of the largest base, the VAT amount being the invoice's total.
  const main = [...invoice.vatBreakdown].sort((a, b) => b.baseCents - a.baseCents)[0];
  const rateBp = main?.rateBp ?? 0;
  if (!(VAT_RATES_BP as readonly number[]).includes(rateBp))
    refuse("vatBreakdown", `Taux de TVA non pris en charge pour une dépense : ${formatRate(rateBp)}.`);
  return rateBp;
}

/** The expense's own rules (amount ceiling, VAT not above it), said at the preview, not at the confirmation. */
function checkExpenseFields(draft: SupplierInvoicePreviewDto["draft"]) {
  const checked = importedExpenseFields.safeParse(draft);
  if (!checked.success)
    throw new AppError("validation_failed", IMPORT_REFUSED, AppError.fromZod(checked.error).issues);
}

function draftOf(invoice: SupplierInvoiceDto, vatRateBp: number): SupplierInvoicePreviewDto["draft"] {
  const supplier = invoice.supplier.name ?? "";
  const lines = invoice.lines.map(
    (line) => `• ${line.description || "Ligne"} : ${formatMoney(line.netCents)} HT`,
  );
  const rates =
    invoice.vatBreakdown.length > 1
      ? [
          `TVA par taux : ${invoice.vatBreakdown.map((group) => `${formatRate(group.rateBp)} ${formatMoney(group.vatCents)}`).join(" ; ")}`,
        ]
      : [];
  const due = invoice.dueDate ? [`Échéance : ${formatDate(invoice.dueDate)}`] : [];
  return {
    title: `Facture ${invoice.number} – ${supplier}`.slice(0, 200),
    description: [...lines, ...rates, ...due].join("\n").slice(0, 5000),
    supplier: supplier.slice(0, 200),
    amountCents: invoice.totals.grossCents,
    vatCents: invoice.totals.vatCents,
    vatRateBp,
    date: invoice.issueDate,
  };
}

function duplicate(invoice: SupplierInvoiceDto, existing?: { title: string; date: string }): AppError {
  const what = `La facture n° ${invoice.number} de ${invoice.supplier.name} a déjà été importée`;
  return new AppError(
    "conflict",
    existing ? `${what} (dépense « ${existing.title} » du ${formatDate(existing.date)}).` : `${what}.`,
  );
}

async function refuseDuplicate(db: Db, userId: string, invoice: SupplierInvoiceDto) {
  const [existing] = await withTenant(db, userId, (tx) =>
    tx
      .select({ title: expenses.title, date: expenses.date })
      .from(expenses)
      .where(
        and(
          eq(expenses.userId, userId),
          eq(expenses.supplierInvoiceNumber, invoice.number),
          sql`coalesce(${expenses.supplierSiren}, ${expenses.supplierVatNumber}, lower(${expenses.supplier})) = ${supplierKey(invoice.supplier)}`,
        ),
      )
      .limit(1),
  );
  if (existing) throw duplicate(invoice, existing);
}

/**
 * Reads and checks the file and answers the expense it would become; stores nothing. A caller done with
 * `bytes` hands them over (`isHandedOver`): they move to the worker instead of being copied there.
 */
export async function previewSupplierInvoice(
  db: Db,
  { userId, bytes, isHandedOver = false }: { userId: string; bytes: Uint8Array; isHandedOver?: boolean },
): Promise<SupplierInvoicePreviewDto> {
  // The upload route stops a larger body earlier; this also holds for files received from the platform.
  if (bytes.byteLength > MAX_FILE_SIZE_BYTES)
    throw new AppError("payload_too_large", FILE_ERROR_MESSAGES.tooLarge, [
      { path: "file", message: FILE_ERROR_MESSAGES.tooLarge },
    ]);
  const invoice = await workerPool().run("readSupplierInvoice", bytes, {
    owner: userId,
    transfer: isHandedOver ? handOver(bytes) : [],
  });
  const draft = draftOf(invoice, checkImportable(invoice));
  checkExpenseFields(draft);
  await refuseDuplicate(db, userId, invoice);
  return { invoice, draft };
}

const isUniqueViolation = (error: unknown, constraint: string): boolean => {
  for (
    let cause = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    cause;
    cause = cause.cause as typeof cause
  )
    if (cause.code === "23505" && cause.constraint === constraint) return true;
  return false;
};

/**
 * Creates the expense from a previewed invoice and a file already stored (the caller's), mapping a
 * concurrent import of the same invoice (the unique index) to the same 409 as the check before it.
 */
export async function expenseFromInvoice(
  db: Db,
  {
    userId,
    preview,
    fileId,
    input,
  }: {
    userId: string;
    preview: SupplierInvoicePreviewDto;
    fileId: string;
    input: ConfirmSupplierInvoiceData;
  },
): Promise<ExpenseDto> {
  const { invoice, draft } = preview;
  try {
    return await createExpense(db, {
      userId,
      input: {
        ...input,
        supplier: draft.supplier,
        amountCents: draft.amountCents,
        vatCents: draft.vatCents,
        vatRateBp: draft.vatRateBp,
        date: draft.date,
      },
      imported: {
        receiptFileId: fileId,
        supplierSiren: invoice.supplier.siren,
        supplierVatNumber: invoice.supplier.vatNumber,
        supplierInvoiceNumber: invoice.number,
      },
    });
  } catch (error) {
    if (isUniqueViolation(error, DUPLICATE_CONSTRAINT)) throw duplicate(invoice);
    throw error;
  }
}

/** Stores the file as a receipt to keep 10 years from the invoice's year, then creates the expense. */
export async function storeInvoiceFile(
  db: Db,
  {
    userId,
    invoice,
    name,
    bytes,
  }: { userId: string; invoice: SupplierInvoiceDto; name: string; bytes: Uint8Array },
) {
  return saveFile(db, {
    userId,
    name,
    // The content is checked again by the storage; XML is kept and served as plain text, never as markup.
    mimeType: invoice.format === "factur-x" ? "application/pdf" : "text/plain",
    bytes,
    kind: "receipt",
    retainUntil: retentionEnd(invoice.issueDate),
  });
}

/** The user confirmed the draft of an uploaded file: the file is read again, never trusted from the preview. */
export async function importSupplierInvoice(
  db: Db,
  {
    userId,
    name,
    bytes,
    input,
  }: { userId: string; name: string; bytes: Uint8Array; input: ConfirmSupplierInvoiceData },
): Promise<ExpenseDto> {
  const preview = await previewSupplierInvoice(db, { userId, bytes });
  const saved = await storeInvoiceFile(db, { userId, invoice: preview.invoice, name, bytes });
  try {
    return await expenseFromInvoice(db, { userId, preview, fileId: saved.id, input });
  } catch (error) {
    await deleteFile(db, { userId, id: saved.id });
    throw error;
  }
}
