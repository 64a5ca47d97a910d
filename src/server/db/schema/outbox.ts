import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { checkIn, createdAt, optionalFkIndex, tstz } from "./columns";

export type OutboxAttachment = {
  filename: string;
  contentType: string;
  /** Either a stored file or inline base64 content. */
  fileId?: string;
  contentBase64?: string;
};

export const emailTransports = ["outbox", "smtp"] as const;
export type EmailTransport = (typeof emailTransports)[number];

export const outboxEmailStatuses = ["pending", "sent", "failed"] as const;
export type OutboxEmailStatus = (typeof outboxEmailStatuses)[number];

/**
 * Every e-mail the server sends: the local outbox (readable at /dev/mailbox) and the SMTP send log.
 * System table, no row-level security; `user_id` is NULL for mails not tied to a user.
 */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text"),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    transport: text("transport", { enum: emailTransports }).notNull(),
    status: text("status", { enum: outboxEmailStatuses }).notNull().default("pending"),
    error: text("error"),
    sentAt: tstz("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn("outbox_emails_transport_check", t.transport, emailTransports),
    checkIn("outbox_emails_status_check", t.status, outboxEmailStatuses),
    index("outbox_emails_created_at_idx").on(t.createdAt),
    index("outbox_emails_status_created_at_idx").on(t.status, t.createdAt),
    optionalFkIndex("outbox_emails_user_id_idx", t.userId),
  ],
);
