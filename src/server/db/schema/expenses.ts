import type { ExpenseVatLine } from "@shared/schemas/expenses";
import { supplierDocumentKinds } from "@shared/schemas/expenses";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { cents, checkIn, day, optionalFkIndex, parisToday, timestamps, vatRateCheck } from "./columns";
import { files } from "./files";
import { paymentMethods } from "./invoices";
import { projects } from "./projects";
import { tenantPolicy, tenantReference, tenantUserId } from "./tenancy";

export const expenseCategories = [
  "transport",
  "materiel",
  "formation",
  "repas",
  "hebergement",
  "autre",
] as const;
export type ExpenseCategory = (typeof expenseCategories)[number];

export const expenseStatuses = ["pending", "validee", "remboursee"] as const;
export type ExpenseStatus = (typeof expenseStatuses)[number];

export const expenses = pgTable(
  "expenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    title: text("title").notNull(),
    description: text("description"),
    /** Supplier as on the receipt. */
    supplier: text("supplier"),
    /** Amount including VAT (TTC). */
    amountCents: cents("amount_cents").notNull(),
    vatCents: cents("vat_cents").notNull().default(0),
    vatRateBp: integer("vat_rate_bp").notNull().default(0),
    category: text("category", { enum: expenseCategories }).notNull().default("autre"),
    date: day("date").notNull().default(parisToday),
    status: text("status", { enum: expenseStatuses }).notNull().default("pending"),
    projectId: uuid("project_id"),
    receiptFileId: uuid("receipt_file_id"),
    /** Set when the expense comes from a supplier e-invoice (issue 13 §2): the supplier's identifiers and number. */
    supplierSiren: text("supplier_siren"),
    supplierVatNumber: text("supplier_vat_number"),
    supplierInvoiceNumber: text("supplier_invoice_number"),
    supplierDocumentKind: text("supplier_document_kind", { enum: supplierDocumentKinds }),
    /** BT-25 of an imported credit note or final invoice: the invoice it corrects or the deposit it deducts. */
    citedInvoiceNumber: text("cited_invoice_number"),
    /** That invoice's expense, when it was imported. */
    relatedExpenseId: uuid("related_expense_id"),
    /** VAT per rate in euros (issue 28 §5); vatCents is the sum of the deductible lines. */
    vatLines: jsonb("vat_lines").$type<ExpenseVatLine[]>().notNull().default([]),
    /** The invoice's currency (ISO 4217); amountCents and vatCents are always in euros. */
    currency: text("currency").notNull().default("EUR"),
    originalAmountCents: cents("original_amount_cents"),
    /** Euros for one unit of the currency, as a decimal text (BT-111 / BT-110, or the user's rate). */
    exchangeRate: text("exchange_rate"),
    /** How the expense was paid (the registre des achats lists it, cash apart); null on older expenses. */
    paymentMethod: text("payment_method", { enum: paymentMethods }),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("expenses_category_check", t.category, expenseCategories),
    checkIn("expenses_status_check", t.status, expenseStatuses),
    checkIn("expenses_payment_method_check", t.paymentMethod, paymentMethods),
    checkIn("expenses_supplier_document_kind_check", t.supplierDocumentKind, supplierDocumentKinds),
    // The target of tenant references (a received e-invoice names the expense it became).
    unique("expenses_id_user_id_key").on(t.id, t.userId),
    vatRateCheck("expenses_vat_rate_bp_check", t.vatRateBp),
    tenantReference("expenses_project_fk", [t.projectId, t.userId], projects, "set null"),
    tenantReference("expenses_receipt_file_fk", [t.receiptFileId, t.userId], files, "set null"),
    tenantReference(
      "expenses_related_expense_fk",
      [t.relatedExpenseId, t.userId],
      { id: t.id, userId: t.userId },
      "set null",
    ),
    index("expenses_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("expenses_user_id_status_idx").on(t.userId, t.status),
    index("expenses_user_id_date_idx").on(t.userId, t.date),
    optionalFkIndex("expenses_project_id_idx", t.projectId),
    optionalFkIndex("expenses_receipt_file_id_idx", t.receiptFileId),
    optionalFkIndex("expenses_related_expense_id_idx", t.relatedExpenseId),
    // A supplier invoice is imported once: the supplier is its SIREN, else its VAT number, else its name.
    uniqueIndex("expenses_supplier_invoice_key")
      .on(
        t.userId,
        sql`coalesce(${sql.identifier(t.supplierSiren.name)}, ${sql.identifier(t.supplierVatNumber.name)}, lower(${sql.identifier(t.supplier.name)}))`,
        t.supplierInvoiceNumber,
      )
      .where(sql`${sql.identifier(t.supplierInvoiceNumber.name)} is not null`),
  ],
).enableRLS();
