import { paths } from "@shared/paths";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "../db/client";
import { type OutboxAttachment, outboxEmails } from "../db/schema/outbox";
import type { Env } from "../env";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import { extractLinks } from "./links";

export type EmailAttachment = { filename: string; contentType: string; content: Buffer };

export type EmailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  userId?: string | null;
  attachments?: EmailAttachment[];
};

export type Mailer = {
  mode: "smtp" | "outbox";
  /** Records the message in `outbox_emails` and delivers it; resolves with the row id. */
  send(message: EmailMessage): Promise<{ id: string }>;
};

export type MailerDeps = {
  db: Db;
  env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "NODE_ENV" | "appUrl">;
  logger: Logger;
};

/** What an outbox row keeps of an attachment; `size` is extra to the schema's type and read back by the mailbox. */
export type StoredAttachment = OutboxAttachment & { size?: number };

// A sign-up or reset request waits on the SMTP answer: fail in seconds, not in nodemailer's default minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const MAX_ERROR_LENGTH = 2000;

export const DELIVERY_FAILED_MESSAGE =
  "L'e-mail n'a pas pu être envoyé pour le moment. Veuillez réessayer dans quelques minutes.";

/**
 * The one way the server sends e-mail. Every message is recorded in `outbox_emails` (a system table, written
 * as the owner, outside any tenant transaction). With SMTP_URL it goes through nodemailer and the row ends
 * 'sent' or 'failed'; without, the row is the delivery (local outbox, read at /dev/mailbox) and the message
 * is printed on stdout with its links so a developer can follow the confirmation link from the terminal.
 */
export function createMailer({ db, env, logger }: MailerDeps): Mailer {
  if (!env.SMTP_URL) {
    return {
      mode: "outbox",
      async send(message) {
        const id = await insertEmail(db, message, {
          transport: "outbox",
          status: "sent",
          sentAt: new Date(),
        });
        // The terminal block is for a developer running the server. Tests read the table, and production
        // (ALLOW_LOCAL_OUTBOX) never prints: the links are sign-in credentials, not log lines.
        if (env.NODE_ENV === "development") process.stdout.write(describeOutboxEmail(id, message, env));
        return { id };
      },
    };
  }

  // The URL carries host, port, credentials and TLS (smtp:// = plain then STARTTLS when offered,
  // smtps:// = TLS from the start; query options such as ?ignoreTLS=true pass through).
  const transport = nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS });
  return {
    mode: "smtp",
    async send(message) {
      const id = await insertEmail(db, message, { transport: "smtp", status: "pending", sentAt: null });
      let messageId: string | undefined;
      try {
        const info = await transport.sendMail({
          from: env.MAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: (message.attachments ?? []).map(({ filename, contentType, content }) => ({
            filename,
            contentType,
            content,
          })),
        });
        messageId = info.messageId;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db
          .update(outboxEmails)
          .set({ status: "failed", error: reason.slice(0, MAX_ERROR_LENGTH) })
          .where(eq(outboxEmails.id, id));
        logger.error({ err: error, emailId: id }, "e-mail delivery failed");
        throw new AppError("unavailable", DELIVERY_FAILED_MESSAGE);
      }
      // The message has left: a failure to record that must not tell the caller it was not sent.
      await db
        .update(outboxEmails)
        .set({ status: "sent", sentAt: new Date() })
        .where(eq(outboxEmails.id, id))
        .catch((error: unknown) =>
          logger.error({ err: error, emailId: id }, "e-mail sent but not marked sent"),
        );
      logger.info({ emailId: id, messageId }, "e-mail sent");
      return { id };
    },
  };
}

async function insertEmail(
  db: Db,
  message: EmailMessage,
  delivery: { transport: "outbox" | "smtp"; status: "sent" | "pending"; sentAt: Date | null },
): Promise<string> {
  const attachments: StoredAttachment[] = (message.attachments ?? []).map((attachment) => ({
    filename: attachment.filename,
    contentType: attachment.contentType,
    size: attachment.content.byteLength,
    contentBase64: attachment.content.toString("base64"),
  }));
  const [row] = await db
    .insert(outboxEmails)
    .values({
      userId: message.userId ?? null,
      toAddress: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments,
      ...delivery,
    })
    .returning({ id: outboxEmails.id });
  if (!row) throw new Error("outbox_emails insert returned no row");
  return row.id;
}

/** The terminal block of an outbox e-mail: recipient, subject, every link of the text part. */
export function describeOutboxEmail(
  id: string,
  message: Pick<EmailMessage, "to" | "subject" | "text" | "attachments">,
  env: Pick<Env, "appUrl">,
): string {
  const links = extractLinks(message.text).map(printable);
  const lines = [
    "✉  E-mail non envoyé (boîte d'envoi locale, pas de SMTP_URL)",
    `   À      : ${printable(message.to)}`,
    `   Objet  : ${printable(message.subject)}`,
    ...links.map((link) => `   Lien   : ${link}`),
    ...(message.attachments?.length
      ? [`   Pièces : ${message.attachments.map((attachment) => printable(attachment.filename)).join(", ")}`]
      : []),
    `   Voir   : ${env.appUrl}${paths.dev.mailbox}?id=${id}`,
  ];
  return `\n${lines.join("\n")}\n\n`;
}

/** Control characters (ANSI escapes included) never reach the terminal: addresses and names come from users. */
function printable(value: string): string {
  return value.replace(/\p{Cc}/gu, "");
}
