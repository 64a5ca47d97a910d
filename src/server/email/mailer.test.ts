import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/client";
import { outboxEmails } from "../db/schema/outbox";
import { AppError } from "../errors";
import { createTestDatabase } from "../test/database";
import { createMailer, DELIVERY_FAILED_MESSAGE, describeOutboxEmail, type MailerDeps } from "./mailer";
import { verifyEmailEmail } from "./templates/verify-email";

const logger = pino({ level: "silent" });
const MAIL_FROM = "Ardoise <no-reply@ardoise.test>";
const CONFIRM_URL = "http://localhost:3000/api/auth/verify-email?token=tok_123";
const pdf = {
  filename: "facture-F-2025-001.pdf",
  contentType: "application/pdf",
  content: Buffer.from("%PDF-1.7 test"),
};

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
afterEach(() => {
  vi.restoreAllMocks();
});

function env(overrides: Partial<MailerDeps["env"]> = {}): MailerDeps["env"] {
  return {
    SMTP_URL: undefined,
    MAIL_FROM,
    NODE_ENV: "development",
    appUrl: "http://localhost:3000",
    ...overrides,
  };
}

async function storedEmail(id: string) {
  const [row] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

describe("outbox mode (no SMTP_URL)", () => {
  it("stores the message as sent and prints its recipient, subject and links", async () => {
    const printed: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    const mailer = createMailer({ db: database.db, env: env(), logger });
    expect(mailer.mode).toBe("outbox");

    const { id } = await mailer.send({
      to: "alice@example.com",
      ...verifyEmailEmail({ name: "Alice", url: CONFIRM_URL }),
      attachments: [pdf],
    });

    const row = await storedEmail(id);
    expect(row).toMatchObject({
      toAddress: "alice@example.com",
      subject: "Confirmez votre adresse e-mail",
      transport: "outbox",
      status: "sent",
      error: null,
      userId: null,
    });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.text).toContain(CONFIRM_URL);
    expect(row.attachments).toEqual([
      {
        filename: pdf.filename,
        contentType: "application/pdf",
        size: pdf.content.length,
        contentBase64: pdf.content.toString("base64"),
      },
    ]);

    const block = printed.join("");
    expect(block).toContain("À      : alice@example.com");
    expect(block).toContain("Objet  : Confirmez votre adresse e-mail");
    expect(block).toContain(`Lien   : ${CONFIRM_URL}\n`);
    expect(block).toContain(`Voir   : http://localhost:3000/dev/mailbox?id=${id}`);
  });

  it("stays quiet under NODE_ENV=test, and never prints a link in production", async () => {
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    for (const NODE_ENV of ["test", "production"] as const) {
      const { id } = await createMailer({ db: database.db, env: env({ NODE_ENV }), logger }).send({
        to: "bob@example.com",
        ...verifyEmailEmail({ name: "Bob", url: CONFIRM_URL }),
      });
      expect((await storedEmail(id)).text).toContain(CONFIRM_URL);
    }
    expect(write).not.toHaveBeenCalled();
  });
});

describe("describeOutboxEmail", () => {
  it("keeps terminal control sequences out of the printed block", () => {
    const block = describeOutboxEmail(
      "id-1",
      { to: "eve\u001b[2J@example.com", subject: "Objet", text: "Lien : https://x.example/a\u001b]8;;evil" },
      { appUrl: "http://localhost:3000" },
    );
    expect(block).not.toMatch(/\p{Cc}(?<!\n)/u);
    expect(block).toContain("À      : eve[2J@example.com");
  });
});

describe("SMTP mode", () => {
  let smtp: SMTPServer;
  let port: number;
  const received: Buffer[] = [];

  beforeAll(async () => {
    // A plain local relay: no TLS offered (nodemailer upgrades smtp:// with STARTTLS whenever the server
    // offers it, and this server's default certificate is self-signed), no authentication required.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks));
          callback();
        });
      },
    });
    smtp.listen(0, "127.0.0.1");
    await once(smtp.server, "listening");
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it("delivers the French message with both parts, the From header and the attachment", async () => {
    const mailer = createMailer({
      db: database.db,
      env: env({ SMTP_URL: `smtp://127.0.0.1:${port}` }),
      logger,
    });
    expect(mailer.mode).toBe("smtp");

    const { id } = await mailer.send({
      to: "chloe@example.com",
      ...verifyEmailEmail({ name: "Chloé", url: CONFIRM_URL }),
      attachments: [pdf],
    });

    expect(received).toHaveLength(1);
    const parsed = await simpleParser(received[0] as Buffer);
    expect(parsed.subject).toBe("Confirmez votre adresse e-mail");
    expect(parsed.from?.value).toEqual([{ address: "no-reply@ardoise.test", name: "Ardoise" }]);
    expect(parsed.text).toContain(CONFIRM_URL);
    expect(parsed.html).toContain(`href="${CONFIRM_URL}"`);
    expect(parsed.html).toContain("Bonjour Chloé,");
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]).toMatchObject({ filename: pdf.filename, contentType: "application/pdf" });
    expect(parsed.attachments[0]?.content.equals(pdf.content)).toBe(true);

    const row = await storedEmail(id);
    expect(row).toMatchObject({ transport: "smtp", status: "sent", error: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attachments[0]?.contentBase64).toBe(pdf.content.toString("base64"));
  });

  it("marks the e-mail failed and rejects with a French message when the server refuses the connection", async () => {
    const closedPort = await freePort();
    const mailer = createMailer({
      db: database.db,
      env: env({ SMTP_URL: `smtp://127.0.0.1:${closedPort}` }),
      logger,
    });

    const sending = mailer.send({
      to: "dan@example.com",
      ...verifyEmailEmail({ name: "Dan", url: CONFIRM_URL }),
    });
    await expect(sending).rejects.toBeInstanceOf(AppError);
    await expect(sending).rejects.toMatchObject({ code: "unavailable", message: DELIVERY_FAILED_MESSAGE });

    const [row] = await database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, "dan@example.com"));
    expect(row).toMatchObject({ transport: "smtp", status: "failed", sentAt: null });
    expect(row?.error).toMatch(/ECONNREFUSED/);
  });
});

/** A loopback port that nothing listens on: opened by the OS, then closed again. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
