import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import type { DocumentBuyer, DocumentSeller } from "../../../shared/domain/commercial-document";
import { bytea, cents, checkIn, createdAt, day, tstz, vatRateCheck } from "./columns";
import { tenantPolicy } from "./tenancy";

/*
 * The invoice Ardoise's operator issues for the 59 € registration (issue 31 item 23). The seller is the
 * deployment's operator, not the user: its numbers are one series for the whole deployment, counted here
 * rather than in the per-user numbering_counters.
 */

export const registrationInvoiceSeries = ["ARD", "ESSAI"] as const;
export type RegistrationInvoiceSeries = (typeof registrationInvoiceSeries)[number];

/**
 * Last number per series and year. A system table (no row-level security): only fulfilment, running as the
 * owner role, writes it, with `insert … on conflict do update … returning` in the payment's transaction, so
 * the row lock serialises concurrent payments across instances and a rollback gives the number back.
 * Test invoices (local checkout) count apart, so a real series never starts with a gap.
 */
export const registrationInvoiceCounters = pgTable(
  "registration_invoice_counters",
  {
    series: text("series", { enum: registrationInvoiceSeries }).notNull(),
    year: integer("year").notNull(),
    lastValue: integer("last_value").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "registration_invoice_counters_pkey", columns: [t.series, t.year] }),
    checkIn("registration_invoice_counters_series_check", t.series, registrationInvoiceSeries),
    check("registration_invoice_counters_last_value_check", sql`last_value >= 0`),
  ],
);

/**
 * One invoice per paid checkout session (unique `checkout_session_id`: a second fulfilment finds it and
 * adds none). Every field printed is frozen here at issue, and the PDF once rendered is kept in `pdf`.
 * Row-level security like every tenant table: the buyer reads their own invoice only. `user_id` has no
 * foreign key on purpose: the operator must keep its invoices ten years (art. L123-22 du code de
 * commerce), so deleting the account must not delete them; the buyer's identity is frozen in `buyer`.
 * The PDF is kept in the row rather than in `files` for the same reason (files go with the account).
 */
export const registrationInvoices = pgTable(
  "registration_invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    checkoutSessionId: text("checkout_session_id").notNull().unique(),
    number: text("number").notNull().unique(),
    /** Issue date (Europe/Paris) = the payment's date. */
    date: day("date").notNull(),
    paidAt: tstz("paid_at").notNull(),
    /** A local test payment, or no operator identity configured: printed « Facture d'essai ». */
    isTest: boolean("is_test").notNull(),
    seller: jsonb("seller").$type<DocumentSeller>().notNull(),
    buyer: jsonb("buyer").$type<DocumentBuyer>().notNull(),
    description: text("description").notNull(),
    unitPriceCents: cents("unit_price_cents").notNull(),
    vatRateBp: integer("vat_rate_bp").notNull(),
    subtotalCents: cents("subtotal_cents").notNull(),
    taxCents: cents("tax_cents").notNull(),
    totalCents: cents("total_cents").notNull(),
    pdf: bytea("pdf"),
    pdfGeneratedAt: tstz("pdf_generated_at"),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPolicy(t.userId),
    vatRateCheck("registration_invoices_vat_rate_bp_check", t.vatRateBp),
    index("registration_invoices_user_id_created_at_idx").on(t.userId, t.createdAt),
  ],
).enableRLS();
