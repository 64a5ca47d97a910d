import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
// Relative, not @shared: drizzle-kit loads this file without the TypeScript path aliases.
import type { ProfessionalInsurance } from "../../../shared/domain/legal-identity";
import { operationNatures } from "../../../shared/domain/operation-nature";
import { vatExemptions } from "../../../shared/domain/vat-exemptions";
import { clients } from "./clients";
import {
  cents,
  checkIn,
  createdAt,
  day,
  discountCheck,
  discountColumns,
  lineItemColumns,
  optionalFkIndex,
  parisToday,
  timestamps,
  tstz,
  vatRateCheck,
} from "./columns";
import { files } from "./files";
import type { VatRegime } from "./profiles";
import { projects } from "./projects";
import { quotes } from "./quotes";
import { tenantPolicy, tenantReference, tenantUserId } from "./tenancy";

export const invoiceKinds = ["facture", "avoir"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

export const invoiceStatuses = ["brouillon", "en-attente", "payée", "en-retard", "annulée"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

type PostalAddress = {
  line1: string | null;
  line2: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
};

/** Seller identity frozen on the invoice at issue (copied from business_identities). */
export type InvoiceSeller = {
  legalName: string;
  companyName: string | null;
  siren: string | null;
  siret: string | null;
  apeCode: string | null;
  registrationMention: string | null;
  address: PostalAddress;
  email: string | null;
  phone: string | null;
  vatRegime: VatRegime;
  vatNumber: string | null;
  vatOnDebits: boolean;
  iban: string | null;
  bic: string | null;
  latePenaltyRate: string | null;
  earlyPaymentDiscount: string | null;
  /** Absent on invoices frozen before it was recorded. */
  insurance?: ProfessionalInsurance | null;
};

/** Buyer identity frozen on the invoice at issue (copied from clients). */
export type InvoiceBuyer = {
  name: string;
  company: string | null;
  contactName: string | null;
  email: string | null;
  siren: string | null;
  siret: string | null;
  vatNumber: string | null;
  isBusiness: boolean;
  address: PostalAddress;
};

/**
 * An issued invoice still owed: credit notes, drafts, paid and cancelled invoices excluded. The dashboard's
 * pending and overdue figures (the triggers of migration dashboard-totals say the same in SQL) and its
 * partial index of unpaid invoices by due date.
 */
export const isUnpaidInvoice = sql`kind = 'facture' and status in ('en-attente', 'en-retard')`;

/**
 * What an issued invoice still asks for, in SQL: shared/domain/totals.ts amountDueCents (total less the
 * deposits it deducts, the credit notes against it and the payments received). The dashboard and the
 * business analysis; the dashboard's triggers say the same (migration dashboard-amount-due).
 */
export const invoiceAmountDueCents = sql`(total_cents - deposits_cents - credited_cents - paid_cents)`;

/**
 * Invoices and credit notes (kind 'avoir'). A draft has no number; issuing assigns the next number of the
 * user's series (numbering_counters) and freezes `seller` and `buyer`. An issued invoice is never edited
 * or deleted: an avoir pointing at it through `credited_invoice_id` cancels it.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    kind: text("kind", { enum: invoiceKinds }).notNull().default("facture"),
    clientId: uuid("client_id"),
    projectId: uuid("project_id"),
    quoteId: uuid("quote_id"),
    creditedInvoiceId: uuid("credited_invoice_id"),
    /** NULL while draft; unique per user (NULLs are distinct). */
    invoiceNumber: text("invoice_number"),
    clientName: text("client_name").notNull().default(""),
    buyer: jsonb("buyer").$type<InvoiceBuyer>(),
    seller: jsonb("seller").$type<InvoiceSeller>(),
    /** Issue date. */
    date: day("date").notNull().default(parisToday),
    /** Date (or first day) of the sale or service, a mandatory mention. */
    serviceDate: day("service_date"),
    serviceEndDate: day("service_end_date"),
    dueDate: day("due_date"),
    /** Goods, services or both; NULL on a draft means the seller's default, frozen at issue. */
    operationNature: text("operation_nature", { enum: operationNatures }),
    /** Why the 0 % lines carry no VAT (reverse charge, intra-EU supply, export, art. 261); NULL: none. */
    vatExemption: text("vat_exemption", { enum: vatExemptions }),
    /** Where the goods or services are delivered, when it is not the billing address. */
    deliveryAddress: jsonb("delivery_address").$type<PostalAddress>(),
    status: text("status", { enum: invoiceStatuses }).notNull().default("brouillon"),
    subtotalCents: cents("subtotal_cents").notNull().default(0),
    taxCents: cents("tax_cents").notNull().default(0),
    totalCents: cents("total_cents").notNull().default(0),
    ...discountColumns(),
    paidCents: cents("paid_cents").notNull().default(0),
    /** A « facture d'acompte » (type 386): a part of the price asked before the work is done. */
    isDeposit: boolean("is_deposit").notNull().default(false),
    /** On a deposit invoice: the final invoice that deducts it (a deposit is deducted once). */
    finalInvoiceId: uuid("final_invoice_id"),
    /** On a final invoice: the deposit invoices it deducts, incl. VAT (EN 16931 BT-113 with the payments). */
    depositsCents: cents("deposits_cents").notNull().default(0),
    /** What the partial or total credit notes of this invoice took off, incl. VAT. */
    creditedCents: cents("credited_cents").notNull().default(0),
    notes: text("notes"),
    /** Payment terms as printed ("Paiement à 30 jours par virement…"). */
    paymentTerms: text("payment_terms"),
    /** Online payment link sent to the client (Stripe payment link), if any. */
    paymentLinkUrl: text("payment_link_url"),
    pdfUrl: text("pdf_url"),
    pdfGeneratedAt: tstz("pdf_generated_at"),
    pdfFileId: uuid("pdf_file_id"),
    issuedAt: tstz("issued_at"),
    sentAt: tstz("sent_at"),
    paidAt: tstz("paid_at"),
    cancelledAt: tstz("cancelled_at"),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("invoices_kind_check", t.kind, invoiceKinds),
    checkIn("invoices_status_check", t.status, invoiceStatuses),
    checkIn("invoices_operation_nature_check", t.operationNature, operationNatures),
    checkIn("invoices_vat_exemption_check", t.vatExemption, vatExemptions),
    check("invoices_number_when_issued_check", sql`status = 'brouillon' or invoice_number is not null`),
    check(
      "invoices_credited_invoice_only_on_avoir_check",
      sql`credited_invoice_id is null or kind = 'avoir'`,
    ),
    check("invoices_paid_cents_check", sql`paid_cents >= 0`),
    discountCheck("invoices_discount_check"),
    check("invoices_final_invoice_only_on_deposit_check", sql`final_invoice_id is null or is_deposit`),
    unique("invoices_id_user_id_key").on(t.id, t.userId),
    tenantReference("invoices_client_fk", [t.clientId, t.userId], clients, "set null"),
    tenantReference("invoices_project_fk", [t.projectId, t.userId], projects, "set null"),
    tenantReference("invoices_quote_fk", [t.quoteId, t.userId], quotes, "set null"),
    // NO ACTION (not RESTRICT): an invoice with an avoir cannot be deleted alone, but deleting the
    // user still cascades through both in one statement.
    tenantReference("invoices_credited_invoice_fk", [t.creditedInvoiceId, t.userId], t, "no action"),
    tenantReference("invoices_pdf_file_fk", [t.pdfFileId, t.userId], files, "set null"),
    // Deleting a final invoice's draft frees its deposits for another one.
    tenantReference("invoices_final_invoice_fk", [t.finalInvoiceId, t.userId], t, "set null"),
    uniqueIndex("invoices_user_id_invoice_number_key").on(t.userId, t.invoiceNumber),
    // The list's order (newest first, id for ties) whole: a page's ids are read from this index alone,
    // however deep the page, and the export's keyset (created_at, id) seeks in it (issue 15).
    index("invoices_user_id_created_at_id_idx").on(t.userId, t.createdAt, t.id),
    index("invoices_user_id_status_idx").on(t.userId, t.status),
    index("invoices_user_id_due_date_idx").on(t.userId, t.dueDate),
    index("invoices_user_id_date_idx").on(t.userId, t.date),
    // The global search's generated column search_text (migration 0023 search-text) is left out of
    // drizzle on purpose, so that no other query reads it: see src/server/modules/search.
    // The dashboard's recent activity: the latest issued invoices and credit notes.
    index("invoices_user_id_kind_issued_at_idx").on(t.userId, t.kind, t.issuedAt),
    // For the job that turns overdue pending invoices into 'en-retard', across users.
    index("invoices_pending_due_date_idx").on(t.dueDate).where(sql`status = 'en-attente'`),
    // The dashboard's « à échéance » list: a user's next unpaid invoices by due date, without the others.
    index("invoices_user_id_unpaid_due_date_idx")
      .on(t.userId, t.dueDate, t.invoiceNumber)
      .where(isUnpaidInvoice),
    optionalFkIndex("invoices_client_id_idx", t.clientId),
    optionalFkIndex("invoices_project_id_idx", t.projectId),
    optionalFkIndex("invoices_quote_id_idx", t.quoteId),
    optionalFkIndex("invoices_credited_invoice_id_idx", t.creditedInvoiceId),
    optionalFkIndex("invoices_pdf_file_id_idx", t.pdfFileId),
    optionalFkIndex("invoices_final_invoice_id_idx", t.finalInvoiceId),
  ],
).enableRLS();

export const invoiceItems = pgTable(
  "invoice_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    invoiceId: uuid("invoice_id").notNull(),
    ...lineItemColumns(),
  },
  (t) => [
    tenantPolicy(t.userId),
    vatRateCheck("invoice_items_vat_rate_bp_check", t.vatRateBp),
    discountCheck("invoice_items_discount_check"),
    tenantReference("invoice_items_invoice_fk", [t.invoiceId, t.userId], invoices, "cascade"),
    index("invoice_items_invoice_id_position_idx").on(t.invoiceId, t.position),
  ],
).enableRLS();

export const paymentMethods = ["virement", "carte", "cheque", "especes", "stripe", "autre"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * Money received against an invoice (cash basis: what micro-entrepreneurs declare to URSSAF); a refund to
 * the client is a negative payment, a negative receipt in the livre des recettes.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    invoiceId: uuid("invoice_id").notNull(),
    amountCents: cents("amount_cents").notNull(),
    paidOn: day("paid_on").notNull().default(parisToday),
    method: text("method", { enum: paymentMethods }).notNull().default("virement"),
    reference: text("reference"),
    notes: text("notes"),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("payments_method_check", t.method, paymentMethods),
    check("payments_amount_cents_check", sql`amount_cents <> 0`),
    tenantReference("payments_invoice_fk", [t.invoiceId, t.userId], invoices, "cascade"),
    index("payments_invoice_id_idx").on(t.invoiceId),
    index("payments_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("payments_user_id_paid_on_idx").on(t.userId, t.paidOn),
  ],
).enableRLS();

export const reminderStatuses = ["pending", "sent", "cancelled"] as const;
export type ReminderStatus = (typeof reminderStatuses)[number];

/**
 * Payment reminders, claimed by the job loop with `FOR UPDATE SKIP LOCKED` on
 * (status = 'pending', scheduled_for <= today). The job runs as the owner role, across users.
 */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    invoiceId: uuid("invoice_id").notNull(),
    /** Days before the due date (negative: after it, e.g. -7 for a reminder a week late). */
    daysBeforeDue: integer("days_before_due").notNull(),
    scheduledFor: day("scheduled_for").notNull(),
    status: text("status", { enum: reminderStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    sentAt: tstz("sent_at"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("invoice_reminders_status_check", t.status, reminderStatuses),
    tenantReference("invoice_reminders_invoice_fk", [t.invoiceId, t.userId], invoices, "cascade"),
    // One reminder per offset and invoice: re-planning reminders cannot send the same one twice.
    uniqueIndex("invoice_reminders_invoice_id_days_before_due_key").on(t.invoiceId, t.daysBeforeDue),
    index("invoice_reminders_status_scheduled_for_idx").on(t.status, t.scheduledFor),
    index("invoice_reminders_user_id_created_at_idx").on(t.userId, t.createdAt),
  ],
).enableRLS();
