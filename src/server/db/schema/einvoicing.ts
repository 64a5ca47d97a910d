import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { einvoiceStatuses, receivedInvoiceStatuses } from "../../../shared/domain/einvoicing";
import { cents, checkIn, createdAt, day, optionalFkIndex, tstz } from "./columns";
import { expenses } from "./expenses";
import { files } from "./files";
import { invoices } from "./invoices";
import { tenantPolicy, tenantReference, tenantUserId } from "./tenancy";

/**
 * The lifecycle of an issued invoice on the plateforme agréée (issue 13 §2), one row per status the
 * platform reported, in the order it happened: the latest is the invoice's current e-invoicing status.
 */
export const einvoiceStatusEvents = pgTable(
  "einvoice_status_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    invoiceId: uuid("invoice_id").notNull(),
    status: text("status", { enum: einvoiceStatuses }).notNull(),
    /** The adapter that reported it ("local" for the local directory). */
    platform: text("platform").notNull(),
    /** The platform's identifier of the flow (the deposit), to match later statuses. */
    flowId: text("flow_id"),
    /** The reason given with a rejection or refusal, as the platform wrote it. */
    message: text("message"),
    /** The amount a status carries (the sum cashed, for « encaissée »). */
    amountCents: cents("amount_cents"),
    /**
     * The lifecycle message (CDAR flow) that brought the status, when the platform sends them as flows
     * (AFNOR XP Z12-013, decision 020): the same message pushed and polled is recorded once.
     */
    lifecycleFlowId: text("lifecycle_flow_id"),
    occurredAt: tstz("occurred_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("einvoice_status_events_status_check", t.status, einvoiceStatuses),
    uniqueIndex("einvoice_status_events_lifecycle_flow_key").on(t.userId, t.lifecycleFlowId),
    tenantReference("einvoice_status_events_invoice_fk", [t.invoiceId, t.userId], invoices, "cascade"),
    index("einvoice_status_events_invoice_id_occurred_at_idx").on(t.invoiceId, t.occurredAt),
  ],
).enableRLS();

/**
 * Supplier e-invoices received from the platform: the file is stored (the receipt to be) and waits for the
 * user to confirm it into an expense (approuvée) or refuse it (refusée); either answer goes back to the
 * platform. The supplier, number, date and total are kept from the file, so decided ones list without it.
 */
export const einvoiceInbox = pgTable(
  "einvoice_inbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    fileId: uuid("file_id").notNull(),
    platform: text("platform").notNull(),
    flowId: text("flow_id"),
    receivedAt: tstz("received_at").notNull().defaultNow(),
    status: text("status", { enum: receivedInvoiceStatuses }).notNull().default("mise_a_disposition"),
    supplierName: text("supplier_name"),
    invoiceNumber: text("invoice_number"),
    issueDate: day("issue_date"),
    grossCents: cents("gross_cents"),
    decidedAt: tstz("decided_at"),
    /** The refusal's reason, as sent to the platform. */
    reason: text("reason"),
    expenseId: uuid("expense_id"),
    /**
     * The answer's delivery to the platform, a queue in the row like webhook deliveries: tries so far, when
     * the next is due (null once sent or given up), when it went through and the last failure.
     */
    answerAttempts: integer("answer_attempts").notNull().default(0),
    answerRetryAt: tstz("answer_retry_at"),
    answerSentAt: tstz("answer_sent_at"),
    answerError: text("answer_error"),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("einvoice_inbox_status_check", t.status, receivedInvoiceStatuses),
    index("einvoice_inbox_answer_retry_at_idx").on(t.answerRetryAt),
    tenantReference("einvoice_inbox_file_fk", [t.fileId, t.userId], files, "cascade"),
    tenantReference("einvoice_inbox_expense_fk", [t.expenseId, t.userId], expenses, "set null"),
    optionalFkIndex("einvoice_inbox_expense_id_idx", t.expenseId),
    // A flow is taken once, even when two instances pick it up at the same time.
    uniqueIndex("einvoice_inbox_flow_key").on(t.userId, t.platform, t.flowId),
    index("einvoice_inbox_user_id_received_at_idx").on(t.userId, t.receivedAt),
    index("einvoice_inbox_file_id_idx").on(t.fileId),
  ],
).enableRLS();

/**
 * What Ardoise deposits on the plateforme agréée, queued before the first try (decision 020): an issued
 * invoice, or a lifecycle status it emits (« encaissée » with the amount). The tracking id is ours and is
 * given to the platform with the flow, so after a try whose answer was lost the platform is asked whether
 * it has that flow before anything is sent again. Tries follow the webhooks' schedule (retry-schedule.ts).
 */
export const einvoiceOutgoing = pgTable(
  "einvoice_outgoing",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    invoiceId: uuid("invoice_id").notNull(),
    /** null: the invoice itself; a status: the lifecycle message sent about it. */
    status: text("status", { enum: einvoiceStatuses }),
    amountCents: cents("amount_cents"),
    trackingId: text("tracking_id").notNull(),
    platform: text("platform").notNull(),
    /** The platform's id of the deposited flow, once it took it. */
    flowId: text("flow_id"),
    attempts: integer("attempts").notNull().default(0),
    retryAt: tstz("retry_at"),
    sentAt: tstz("sent_at"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("einvoice_outgoing_status_check", t.status, einvoiceStatuses),
    tenantReference("einvoice_outgoing_invoice_fk", [t.invoiceId, t.userId], invoices, "cascade"),
    uniqueIndex("einvoice_outgoing_tracking_key").on(t.trackingId),
    index("einvoice_outgoing_invoice_id_idx").on(t.invoiceId),
    index("einvoice_outgoing_retry_at_idx").on(t.retryAt),
  ],
).enableRLS();
