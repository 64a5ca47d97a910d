import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import {
  cents,
  checkIn,
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
import { projects } from "./projects";
import { tenantPolicy, tenantReference, tenantUserId } from "./tenancy";

export const quoteStatuses = ["brouillon", "envoyé", "accepté", "refusé", "expiré"] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    clientId: uuid("client_id"),
    projectId: uuid("project_id"),
    /** From the per-user 'devis' series (numbering_counters); unique per user. */
    quoteNumber: text("quote_number"),
    /** Client name as shown on the quote (kept if the client is renamed or deleted). */
    clientName: text("client_name").notNull().default(""),
    date: day("date").notNull().default(parisToday),
    validUntil: day("valid_until"),
    /** When the work would start, and how long it should take ("3 semaines"), as the client reads them. */
    startDate: day("start_date"),
    estimatedDuration: text("estimated_duration"),
    /** The deposit asked at order, in basis points of the total (3000 = 30 %); null: none asked. */
    depositPercentBp: integer("deposit_percent_bp"),
    /** What the quote itself costs the client (TTC); 0 prints « Devis gratuit ». */
    feeCents: cents("fee_cents").notNull().default(0),
    status: text("status", { enum: quoteStatuses }).notNull().default("brouillon"),
    subtotalCents: cents("subtotal_cents").notNull().default(0),
    taxCents: cents("tax_cents").notNull().default(0),
    totalCents: cents("total_cents").notNull().default(0),
    ...discountColumns(),
    notes: text("notes"),
    terms: text("terms"),
    sentAt: tstz("sent_at"),
    acceptedAt: tstz("accepted_at"),
    refusedAt: tstz("refused_at"),
    pdfFileId: uuid("pdf_file_id"),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("quotes_status_check", t.status, quoteStatuses),
    check("quotes_fee_cents_check", sql`fee_cents >= 0`),
    check("quotes_deposit_percent_bp_check", sql`deposit_percent_bp between 1 and 10000`),
    discountCheck("quotes_discount_check"),
    unique("quotes_id_user_id_key").on(t.id, t.userId),
    tenantReference("quotes_client_fk", [t.clientId, t.userId], clients, "set null"),
    tenantReference("quotes_project_fk", [t.projectId, t.userId], projects, "set null"),
    tenantReference("quotes_pdf_file_fk", [t.pdfFileId, t.userId], files, "set null"),
    uniqueIndex("quotes_user_id_quote_number_key").on(t.userId, t.quoteNumber),
    index("quotes_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("quotes_user_id_status_idx").on(t.userId, t.status),
    // The dashboard's recent activity: the latest accepted quotes.
    index("quotes_user_id_accepted_at_idx").on(t.userId, t.acceptedAt).where(sql`accepted_at is not null`),
    // The global search's generated column search_text (migration 0023 search-text) is left out of
    // drizzle on purpose, so that no other query reads it: see src/server/modules/search.
    optionalFkIndex("quotes_client_id_idx", t.clientId),
    optionalFkIndex("quotes_project_id_idx", t.projectId),
    optionalFkIndex("quotes_pdf_file_id_idx", t.pdfFileId),
  ],
).enableRLS();

export const quoteItems = pgTable(
  "quote_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    quoteId: uuid("quote_id").notNull(),
    ...lineItemColumns(),
  },
  (t) => [
    tenantPolicy(t.userId),
    vatRateCheck("quote_items_vat_rate_bp_check", t.vatRateBp),
    discountCheck("quote_items_discount_check"),
    tenantReference("quote_items_quote_fk", [t.quoteId, t.userId], quotes, "cascade"),
    index("quote_items_quote_id_position_idx").on(t.quoteId, t.position),
  ],
).enableRLS();
