import { retentionEnd } from "@shared/domain/einvoicing";
import { formatDate, formatMoney, formatMoneyIn } from "@shared/format";
import {
  type ConfirmSupplierInvoiceData,
  moreLinesNote,
  type SupplierInvoiceDto,
  type SupplierInvoicePreviewDto,
} from "@shared/schemas/einvoicing";
import {
  type ExpenseDto,
  type ExpenseVatLine,
  importedExpenseFields,
  type SupplierDocumentKind,
  supplierDocumentKindLabels,
} from "@shared/schemas/expenses";
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
const ZERO_TOTAL = "Cette facture est d'un montant nul : il n'y a rien à enregistrer en dépense.";

/**
 * The rates French VAT law has (CGI art. 278 to 281 nonies; 8,5 %, 2,1 %, 1,75 % and 1,05 % in the overseas
 * departments, art. 296; 13 % and 0,9 % in Corsica, art. 297): only VAT at one of them can be deducted.
 */
const FRENCH_VAT_RATES_BP = new Set([2000, 1300, 1000, 850, 550, 210, 175, 105, 90, 0]);

type Supplier = SupplierInvoiceDto["supplier"];
type Draft = SupplierInvoicePreviewDto["draft"];

/** The supplier as the duplicate rule sees it: SIREN, else VAT number, else name (the unique index's key). */
const supplierKey = (supplier: Supplier) =>
  supplier.siren ?? supplier.vatNumber ?? (supplier.name ?? "").toLowerCase();
const sameSupplier = (supplier: Supplier) =>
  sql`coalesce(${expenses.supplierSiren}, ${expenses.supplierVatNumber}, lower(${expenses.supplier})) = ${supplierKey(supplier)}`;

/**
 * VAT invoiced by a seller established abroad is that country's VAT (or a French VAT the seller should not
 * have charged): it is not deductible on a French return. The VAT number's prefix says it first (Monaco's
 * are FR), else the address's country.
 */
function isForeignSeller({ vatNumber, country }: Supplier): boolean {
  if (vatNumber) return !vatNumber.startsWith("FR");
  return country !== null && country !== "FR" && country !== "MC";
}

/** cents × numerator / denominator, rounded half away from zero, exact (BigInt) whatever the sizes. */
function scaled(cents: number, numerator: bigint, denominator: bigint): number {
  const product = BigInt(cents) * numerator * 2n;
  const sign = product < 0n !== denominator < 0n ? -1n : 1n;
  const abs = (value: bigint) => (value < 0n ? -value : value);
  const half = (abs(product) / abs(denominator) + 1n) / 2n;
  return Number(sign * half);
}

/** A decimal text ("0,1342") as a fraction of integers. */
function fraction(rate: string): { numerator: bigint; denominator: bigint } {
  const [units, decimals = ""] = rate.replace(",", ".").split(".");
  return { numerator: BigInt(`${units}${decimals}`), denominator: 10n ** BigInt(decimals.length) };
}

type Conversion = { toEuros: (cents: number) => number; rate: string | null; vatCents?: number };

/**
 * How the invoice's amounts become euros: as they are in euros; at the rate its own BT-111 implies (the VAT
 * total in euros over the VAT total in the currency, BT-6 being the euro); or at the rate the user confirmed.
 * Undefined when none is known: the user must give one.
 */
function conversionOf(invoice: SupplierInvoiceDto, exchangeRate: string | undefined): Conversion | undefined {
  if (invoice.currency === "EUR") return { toEuros: (cents) => cents, rate: null };
  const { vatCents, accountingVatCents } = invoice.totals;
  if (invoice.taxCurrency === "EUR" && accountingVatCents !== null && vatCents !== 0) {
    const [numerator, denominator] = [BigInt(accountingVatCents), BigInt(vatCents)];
    return {
      toEuros: (cents) => scaled(cents, numerator, denominator),
      rate: (accountingVatCents / vatCents).toFixed(6),
      vatCents: accountingVatCents,
    };
  }
  if (!exchangeRate) return undefined;
  const { numerator, denominator } = fraction(exchangeRate);
  return { toEuros: (cents) => scaled(cents, numerator, denominator), rate: exchangeRate.replace(",", ".") };
}

const kindOf = (invoice: SupplierInvoiceDto): SupplierDocumentKind =>
  invoice.documentType === "credit_note" ? "credit_note" : invoice.typeCode === "386" ? "deposit" : "invoice";

/**
 * The invoice's VAT per rate in euros, the deductible ones marked: VAT at a French rate from a seller in
 * France. The euro amounts add up to the euro VAT total (the invoice's BT-111 when it gives one).
 */
function vatLinesOf(invoice: SupplierInvoiceDto, conversion: Conversion, sign: number): ExpenseVatLine[] {
  const isForeign = isForeignSeller(invoice.supplier);
  const lines = invoice.vatBreakdown.map((group) => ({
    category: group.category,
    rateBp: group.rateBp,
    baseCents: sign * conversion.toEuros(group.baseCents),
    vatCents: sign * conversion.toEuros(group.vatCents),
    isDeductible: !isForeign && FRENCH_VAT_RATES_BP.has(group.rateBp),
  }));
  const total = sign * (conversion.vatCents ?? conversion.toEuros(invoice.totals.vatCents));
  const largest = [...lines].sort((a, b) => Math.abs(b.vatCents) - Math.abs(a.vatCents))[0];
  if (largest) largest.vatCents += total - lines.reduce((sum, line) => sum + line.vatCents, 0);
  return lines;
}

/** Another imported expense of the same supplier, by its invoice number. */
async function importedExpense(
  db: Db,
  userId: string,
  supplier: Supplier,
  where: { number?: string; citing?: string },
) {
  const [row] = await withTenant(db, userId, (tx) =>
    tx
      .select({
        id: expenses.id,
        title: expenses.title,
        date: expenses.date,
        number: expenses.supplierInvoiceNumber,
        kind: expenses.supplierDocumentKind,
        amountCents: expenses.amountCents,
        vatLines: expenses.vatLines,
        relatedExpenseId: expenses.relatedExpenseId,
      })
      .from(expenses)
      .where(
        and(
          eq(expenses.userId, userId),
          sameSupplier(supplier),
          where.number !== undefined ? eq(expenses.supplierInvoiceNumber, where.number) : undefined,
          where.citing !== undefined ? eq(expenses.citedInvoiceNumber, where.citing) : undefined,
        ),
      )
      .limit(1),
  );
  return row;
}

/** The deposit's lines taken off the final invoice's, rate by rate: what the final invoice adds. */
function withoutDeposit(lines: ExpenseVatLine[], deposit: ExpenseVatLine[]): ExpenseVatLine[] {
  const sameRate = (a: ExpenseVatLine, b: ExpenseVatLine) =>
    a.category === b.category && a.rateBp === b.rateBp;
  const remaining = lines.map((line) => {
    const paid = deposit.filter((other) => sameRate(line, other));
    const minus = (key: "baseCents" | "vatCents") => paid.reduce((sum, other) => sum - other[key], line[key]);
    return { ...line, baseCents: minus("baseCents"), vatCents: minus("vatCents") };
  });
  const unmatched = deposit
    .filter((other) => !lines.some((line) => sameRate(line, other)))
    .map((other) => ({ ...other, baseCents: -other.baseCents, vatCents: -other.vatCents }));
  return [...remaining, ...unmatched];
}

/**
 * The expense an invoice becomes. Its amount is the gross (TTC) in euros, negative for a credit note; its VAT
 * the deductible part, the other rates kept in `vatLines` and said in the description. A final invoice whose
 * deposit was imported counts only what it adds, so the registre des achats never counts the deposit twice.
 */
async function draftOf(
  db: Db,
  userId: string,
  invoice: SupplierInvoiceDto,
  exchangeRate: string | undefined,
): Promise<Draft> {
  const kind = kindOf(invoice);
  const sign = kind === "credit_note" && invoice.totals.grossCents > 0 ? -1 : 1;
  const conversion = conversionOf(invoice, exchangeRate);
  const supplier = invoice.supplier.name ?? "";
  const notes: string[] = [];
  let relatedExpenseId: string | null = null;
  let vatLines = conversion ? vatLinesOf(invoice, conversion, sign) : [];
  let amountCents = sign * (conversion?.toEuros(invoice.totals.grossCents) ?? invoice.totals.grossCents);

  if (kind === "credit_note" && invoice.precedingInvoice) {
    const corrected = await importedExpense(db, userId, invoice.supplier, {
      number: invoice.precedingInvoice,
    });
    relatedExpenseId = corrected?.id ?? null;
    notes.push(
      corrected
        ? `Avoir sur la facture n° ${invoice.precedingInvoice} (dépense « ${corrected.title} » du ${formatDate(corrected.date)}).`
        : `Avoir sur la facture n° ${invoice.precedingInvoice} (non importée).`,
    );
  }
  if (kind === "invoice" && invoice.totals.prepaidCents > 0) {
    const prepaid = formatMoneyIn(invoice.totals.prepaidCents, invoice.currency);
    const deposit = invoice.precedingInvoice
      ? await importedExpense(db, userId, invoice.supplier, { number: invoice.precedingInvoice })
      : undefined;
    if (deposit?.kind === "deposit" && conversion) {
      relatedExpenseId = deposit.id;
      amountCents -= deposit.amountCents;
      vatLines = withoutDeposit(vatLines, deposit.vatLines);
      notes.push(
        `Facture finale : l'acompte n° ${deposit.number} (${prepaid}), déjà en dépense du ${formatDate(deposit.date)}, est déduit.`,
      );
    } else
      notes.push(
        `Acompte déjà versé : ${prepaid}${invoice.precedingInvoice ? ` (facture n° ${invoice.precedingInvoice}, non importée)` : ""} ; le total TTC de la facture est compté ici.`,
      );
  }

  const foreign = vatLines.filter((line) => !line.isDeductible && line.vatCents !== 0);
  if (foreign.length > 0)
    notes.push(
      `TVA non déductible en France (${isForeignSeller(invoice.supplier) ? "fournisseur établi hors de France" : "taux inconnu du droit français"}) : ${foreign.map((line) => `${formatRate(line.rateBp)} ${formatMoney(line.vatCents)}`).join(" ; ")}. La dépense est comptée TTC.`,
    );
  if (invoice.currency !== "EUR")
    notes.push(
      conversion
        ? `Montant d'origine : ${formatMoneyIn(invoice.totals.grossCents, invoice.currency)}, au taux de ${conversion.rate} € pour 1 ${invoice.currency}${conversion.vatCents !== undefined ? " (celui de la TVA en euros de la facture)" : ""}.`
        : `Facture en ${invoice.currency} (${formatMoneyIn(invoice.totals.grossCents, invoice.currency)}) sans sa TVA en euros : indiquez le taux de change.`,
    );

  const deductible = vatLines.filter((line) => line.isDeductible);
  const main = [...deductible].sort((a, b) => Math.abs(b.baseCents) - Math.abs(a.baseCents))[0];
  const lines = invoice.lines.map(
    (line) => `• ${line.description || "Ligne"} : ${formatMoneyIn(line.netCents, invoice.currency)} HT`,
  );
  const moreLines = moreLinesNote(invoice);
  if (moreLines) lines.push(moreLines);
  const rates =
    vatLines.length > 1
      ? [
          `TVA par taux : ${vatLines.map((line) => `${formatRate(line.rateBp)} ${formatMoney(line.vatCents)}`).join(" ; ")}`,
        ]
      : [];
  const due = invoice.dueDate ? [`Échéance : ${formatDate(invoice.dueDate)}`] : [];
  const label = supplierDocumentKindLabels[kind];
  return {
    title: `${label} ${invoice.number} – ${supplier}`.slice(0, 200),
    description: [...lines, ...rates, ...notes, ...due].join("\n").slice(0, 5000),
    supplier: supplier.slice(0, 200),
    amountCents,
    vatCents: deductible.reduce((sum, line) => sum + line.vatCents, 0),
    vatRateBp: main?.rateBp ?? 0,
    date: invoice.issueDate,
    kind,
    vatLines,
    currency: invoice.currency,
    originalAmountCents: invoice.currency === "EUR" ? null : sign * invoice.totals.grossCents,
    exchangeRate: conversion?.rate ?? null,
    needsExchangeRate: conversion === undefined,
    relatedExpenseId,
  };
}

/**
 * The expense's own rules (amount ceiling, VAT not above it), said at the preview, not at the confirmation;
 * a credit note is checked on its absolute amounts. Unknown until a rate is given for another currency.
 */
function checkExpenseFields(draft: Draft) {
  if (draft.amountCents === 0 && draft.kind !== "credit_note")
    throw new AppError("validation_failed", IMPORT_REFUSED, [{ path: "totals.gross", message: ZERO_TOTAL }]);
  if (draft.needsExchangeRate) return;
  const checked = importedExpenseFields.safeParse({
    amountCents: Math.abs(draft.amountCents),
    vatCents: Math.abs(draft.vatCents),
    date: draft.date,
  });
  if (!checked.success)
    throw new AppError("validation_failed", IMPORT_REFUSED, AppError.fromZod(checked.error).issues);
}

function duplicate(invoice: SupplierInvoiceDto, existing?: { title: string; date: string }): AppError {
  const what = `La facture n° ${invoice.number} de ${invoice.supplier.name} a déjà été importée`;
  return new AppError(
    "conflict",
    existing ? `${what} (dépense « ${existing.title} » du ${formatDate(existing.date)}).` : `${what}.`,
  );
}

/** The same invoice again, or a deposit a final invoice already imported counts in full: refused. */
async function refuseCountedTwice(db: Db, userId: string, invoice: SupplierInvoiceDto) {
  const existing = await importedExpense(db, userId, invoice.supplier, { number: invoice.number });
  if (existing) throw duplicate(invoice, existing);
  if (kindOf(invoice) !== "deposit") return;
  const final = await importedExpense(db, userId, invoice.supplier, { citing: invoice.number });
  if (final && final.kind === "invoice" && final.relatedExpenseId === null)
    throw new AppError(
      "conflict",
      `La facture d'acompte n° ${invoice.number} est déjà comptée dans la facture finale n° ${final.number} (dépense « ${final.title} » du ${formatDate(final.date)}), importée avant elle avec son total TTC : l'importer compterait l'acompte deux fois.`,
    );
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
  if (invoice.totals.grossCents === 0)
    throw new AppError("validation_failed", IMPORT_REFUSED, [{ path: "totals.gross", message: ZERO_TOTAL }]);
  await refuseCountedTwice(db, userId, invoice);
  const draft = await draftOf(db, userId, invoice, undefined);
  checkExpenseFields(draft);
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
 * Creates the expense from a previewed invoice (at the user's exchange rate when it needed one) and a file
 * already stored (the caller's), mapping a concurrent import of the same invoice (the unique index) to the
 * same 409 as the check before it.
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
  const { invoice } = preview;
  const { exchangeRate, ...fields } = input;
  // Another currency without BT-111: the amounts are known once the user gives the rate.
  const draft =
    preview.draft.needsExchangeRate && exchangeRate
      ? await draftOf(db, userId, invoice, exchangeRate)
      : preview.draft;
  checkExpenseFields(draft);
  if (draft.needsExchangeRate)
    throw new AppError("validation_failed", IMPORT_REFUSED, [
      {
        path: "exchangeRate",
        message: `Indiquez le taux de change : cette facture est en ${draft.currency} et ne donne pas sa TVA en euros (euros pour 1 ${draft.currency}).`,
      },
    ]);
  try {
    return await createExpense(db, {
      userId,
      input: {
        ...fields,
        // Without the user's text, the draft's says what the invoice holds (foreign VAT, currency, deposit).
        description: fields.description ?? draft.description,
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
        supplierDocumentKind: draft.kind,
        citedInvoiceNumber: invoice.precedingInvoice,
        relatedExpenseId: draft.relatedExpenseId,
        vatLines: draft.vatLines,
        currency: draft.currency,
        originalAmountCents: draft.originalAmountCents,
        exchangeRate: draft.exchangeRate,
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
