import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { files } from "../../db/schema/files";
import { outboxEmails } from "../../db/schema/outbox";
import { extractLinks } from "../../email/links";
import type { StoredAttachment } from "../../email/mailer";

export const MAILBOX_PAGE_SIZE = 50;

export type AttachmentSummary = { filename: string; contentType: string; size: number };

const summaryColumns = {
  id: outboxEmails.id,
  to: outboxEmails.toAddress,
  subject: outboxEmails.subject,
  transport: outboxEmails.transport,
  status: outboxEmails.status,
  createdAt: outboxEmails.createdAt,
};

/**
 * Attachment metadata computed in SQL: the jsonb column also holds the base64 content, which a list of 50
 * e-mails must not carry. `size` is stored by the mailer; older or file-backed rows fall back to the file's
 * size or the decoded length.
 */
const attachmentSummaries = sql<AttachmentSummary[]>`(
  select coalesce(jsonb_agg(jsonb_build_object(
    'filename', a.value->>'filename',
    'contentType', a.value->>'contentType',
    'size', coalesce(
      (a.value->>'size')::bigint,
      (select ${files.sizeBytes} from ${files} where ${files.id} = nullif(a.value->>'fileId', '')::uuid),
      octet_length(decode(a.value->>'contentBase64', 'base64')),
      0
    )
  ) order by a.position), '[]'::jsonb)
  from jsonb_array_elements(${outboxEmails.attachments}) with ordinality as a(value, position)
)`;

/** The newest e-mails first, optionally only those sent to one exact address. */
export async function listOutboxEmails(db: Db, { to }: { to?: string }) {
  return db
    .select({ ...summaryColumns, attachments: attachmentSummaries })
    .from(outboxEmails)
    .where(to ? eq(outboxEmails.toAddress, to) : undefined)
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(MAILBOX_PAGE_SIZE);
}

/** One e-mail with both parts and the links of its text part (the HTML is shown in a sandbox, links are not clickable there). */
export async function getOutboxEmail(db: Db, { id }: { id: string }) {
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  if (!row) return null;
  const attachments = row.attachments as StoredAttachment[];
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    transport: row.transport,
    status: row.status,
    error: row.error,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    attachments: await Promise.all(attachments.map((attachment) => summarize(db, attachment))),
    html: row.html,
    text: row.text,
    links: extractLinks(row.text),
  };
}

export type OutboxAttachmentFile = { filename: string; contentType: string; content: Uint8Array };

/** The content of the attachment at `index` (0-based), inline or from the files table. */
export async function getOutboxAttachment(
  db: Db,
  { id, index }: { id: string; index: number },
): Promise<OutboxAttachmentFile | null> {
  const [row] = await db
    .select({ attachments: outboxEmails.attachments })
    .from(outboxEmails)
    .where(eq(outboxEmails.id, id));
  const attachment = (row?.attachments as StoredAttachment[] | undefined)?.[index];
  if (!attachment) return null;
  if (attachment.contentBase64 !== undefined) {
    return {
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: Buffer.from(attachment.contentBase64, "base64"),
    };
  }
  if (!attachment.fileId) return null;
  const [file] = await db
    .select({ content: files.content })
    .from(files)
    .where(eq(files.id, attachment.fileId));
  return file
    ? { filename: attachment.filename, contentType: attachment.contentType, content: file.content }
    : null;
}

async function summarize(db: Db, attachment: StoredAttachment): Promise<AttachmentSummary> {
  const { filename, contentType } = attachment;
  if (attachment.size !== undefined) return { filename, contentType, size: attachment.size };
  if (attachment.contentBase64 !== undefined) {
    return { filename, contentType, size: Buffer.byteLength(attachment.contentBase64, "base64") };
  }
  if (!attachment.fileId) return { filename, contentType, size: 0 };
  const [file] = await db
    .select({ size: files.sizeBytes })
    .from(files)
    .where(eq(files.id, attachment.fileId));
  return { filename, contentType, size: file?.size ?? 0 };
}
