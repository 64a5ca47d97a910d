import { randomUUID } from "node:crypto";
import { errorBody } from "@shared/schemas/error";
import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createMailer } from "../../email/mailer";
import { accountExistsEmail } from "../../email/templates/account-exists";
import { resetPasswordEmail } from "../../email/templates/reset-password";
import { verifyEmailEmail } from "../../email/templates/verify-email";
import type { Env } from "../../env";
import { handleError } from "../../http/errors";
import { createTestDatabase } from "../../test/database";
import { devMailboxRoutes } from "./dev-mailbox.routes";

const logger = pino({ level: "silent" });
const BASE = "/api/dev/mailbox";
const VERIFY_URL = "http://localhost:3000/api/auth/verify-email?token=t1";
const invoicePdf = Buffer.from("%PDF-1.7\nfacture");

/** The mailbox mounted as app.ts mounts it, with the house error handler. */
function mailboxApp(database: Database, nodeEnv: Env["NODE_ENV"]) {
  const app = new Hono();
  app.route(BASE, devMailboxRoutes({ db: database.db, env: { NODE_ENV: nodeEnv } }));
  app.onError(handleError(logger));
  return app;
}

let database: Database;
let app: Hono;
const ids: Record<"verify" | "reset" | "exists", string> = { verify: "", reset: "", exists: "" };

beforeAll(async () => {
  database = await createTestDatabase();
  app = mailboxApp(database, "test");
  const mailer = createMailer({
    db: database.db,
    env: {
      SMTP_URL: undefined,
      MAIL_FROM: "Ardoise <no-reply@ardoise.test>",
      NODE_ENV: "test",
      appUrl: "http://localhost:3000",
    },
    logger,
  });
  ids.verify = (
    await mailer.send({
      to: "alice@example.com",
      ...verifyEmailEmail({ name: "Alice", url: VERIFY_URL }),
      attachments: [
        { filename: "facture F-2025-001.pdf", contentType: "application/pdf", content: invoicePdf },
        { filename: "notes.txt", contentType: "text/plain; charset=utf-8", content: Buffer.from("é") },
      ],
    })
  ).id;
  ids.reset = (
    await mailer.send({
      to: "bob@example.com",
      ...resetPasswordEmail({ name: "Bob", url: "http://localhost:3000/r?t=2" }),
    })
  ).id;
  ids.exists = (
    await mailer.send({
      to: "alice@example.com",
      ...accountExistsEmail({
        name: "Alice",
        signInUrl: "http://localhost:3000/auth",
        resetUrl: "http://localhost:3000/auth?mode=reset",
      }),
    })
  ).id;
});
afterAll(() => database.close());

async function expectNotFound(response: Response) {
  expect(response.status).toBe(404);
  const body = errorBody.parse(await response.json());
  expect(body.error.code).toBe("not_found");
  return body;
}

describe("GET /api/dev/mailbox", () => {
  it("lists the e-mails newest first with their attachments' metadata only", async () => {
    const response = await app.request(BASE);
    expect(response.status).toBe(200);
    const { emails } = await response.json();
    expect(emails.map((email: { id: string }) => email.id)).toEqual([ids.exists, ids.reset, ids.verify]);
    expect(emails[2]).toEqual({
      id: ids.verify,
      to: "alice@example.com",
      subject: "Confirmez votre adresse e-mail",
      transport: "outbox",
      status: "sent",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      attachments: [
        { filename: "facture F-2025-001.pdf", contentType: "application/pdf", size: invoicePdf.length },
        { filename: "notes.txt", contentType: "text/plain; charset=utf-8", size: 2 },
      ],
    });
    expect(emails[1].attachments).toEqual([]);
  });

  it("filters on the exact recipient", async () => {
    const { emails } = await (await app.request(`${BASE}?to=alice@example.com`)).json();
    expect(emails.map((email: { id: string }) => email.id)).toEqual([ids.exists, ids.verify]);
    const none = await (await app.request(`${BASE}?to=alice@example`)).json();
    expect(none.emails).toEqual([]);
  });
});

describe("GET /api/dev/mailbox/:id", () => {
  it("returns the whole message with both parts and the links of its text", async () => {
    const response = await app.request(`${BASE}/${ids.verify}`);
    expect(response.status).toBe(200);
    const email = await response.json();
    expect(email).toMatchObject({
      id: ids.verify,
      to: "alice@example.com",
      subject: "Confirmez votre adresse e-mail",
      transport: "outbox",
      status: "sent",
      error: null,
      sentAt: expect.any(String),
      links: [VERIFY_URL],
    });
    expect(email.html).toContain(`href="${VERIFY_URL}"`);
    expect(email.text).toContain(VERIFY_URL);
    expect(email.attachments).toHaveLength(2);
    expect(JSON.stringify(email)).not.toContain(invoicePdf.toString("base64"));
  });

  it("answers 404 for an unknown or malformed id", async () => {
    await expectNotFound(await app.request(`${BASE}/${randomUUID()}`));
    await expectNotFound(await app.request(`${BASE}/not-a-uuid`));
    await expectNotFound(await app.request(`${BASE}/${ids.verify}x`));
  });
});

describe("GET /api/dev/mailbox/:id/attachments/:index", () => {
  it("downloads the file with its type and name", async () => {
    const response = await app.request(`${BASE}/${ids.verify}/attachments/0`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="facture F-2025-001.pdf"; filename*=UTF-8''facture%20F-2025-001.pdf`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(invoicePdf)).toBe(true);

    const text = await app.request(`${BASE}/${ids.verify}/attachments/1`);
    expect(text.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await text.text()).toBe("é");
  });

  it("answers 404 for a missing attachment or a malformed index", async () => {
    await expectNotFound(await app.request(`${BASE}/${ids.verify}/attachments/2`));
    await expectNotFound(await app.request(`${BASE}/${ids.reset}/attachments/0`));
    await expectNotFound(await app.request(`${BASE}/${ids.verify}/attachments/-1`));
    await expectNotFound(await app.request(`${BASE}/${ids.verify}/attachments/abc`));
    await expectNotFound(await app.request(`${BASE}/${randomUUID()}/attachments/0`));
  });
});

describe("in production", () => {
  it("answers 404 on every route, as if the mailbox did not exist", async () => {
    const production = mailboxApp(database, "production");
    for (const path of [BASE, `${BASE}/${ids.verify}`, `${BASE}/${ids.verify}/attachments/0`]) {
      const body = await expectNotFound(await production.request(path));
      expect(body.error.message).toBe(`Aucune ressource ne correspond à GET ${path}.`);
    }
  });
});
