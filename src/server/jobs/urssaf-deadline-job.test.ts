import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { formatMoney } from "@shared/format";
import { and, eq, like } from "drizzle-orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { microSettings, outboxEmails } from "../db/schema/index";
import { createMailer, DELIVERY_FAILED_MESSAGE, type Mailer } from "../email/mailer";
import { getNotifications } from "../modules/notifications/notifications.service";
import { registerPaid } from "../test/accounts";
import { insertInvoiceRow } from "../test/invoice-rows";
import { createTestContext, TEST_APP_URL, type TestContext } from "../test/test-app";
import { sendUrssafDeadlineReminders } from "./urssaf-deadline-job";

const logger = pino({ level: "silent" });
let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };
const ALICE = "alice.deadline@example.fr";
const BRUNO = "bruno.deadline@example.fr";

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerPaid(context, { email: ALICE, name: "Alice Martin" });
  bruno = await registerPaid(context, { email: BRUNO });
  const db = context.database.db;
  // Alice declares quarterly as a BNC-SSI liberal profession; 10 000 € received in the 4th quarter of 2026.
  await db.insert(microSettings).values({
    userId: alice.userId,
    activity: "bnc-ssi",
    frequency: "trimestrielle",
    creationDate: "2023-01-01",
  });
  await insertInvoiceRow(
    db,
    {
      userId: alice.userId,
      invoiceNumber: "F-1",
      status: "payée",
      subtotalCents: 10_000_00,
      totalCents: 10_000_00,
      paidCents: 10_000_00,
      clientName: "Atelier Dupont",
      date: "2026-10-01",
    },
    [
      ["2026-10-20", 4_000_00],
      ["2026-12-31", 6_000_00],
    ],
  );
  // Bruno received money too but never set up the URSSAF help: no reminder.
  await insertInvoiceRow(
    db,
    {
      userId: bruno.userId,
      invoiceNumber: "B-1",
      status: "payée",
      subtotalCents: 5_000_00,
      totalCents: 5_000_00,
      paidCents: 5_000_00,
      clientName: "Client B",
      date: "2026-11-02",
    },
    [["2026-11-02", 5_000_00]],
  );
});
afterAll(() => context.close());

const run = (isoTime: string) =>
  sendUrssafDeadlineReminders(
    { db: context.database.db, mailer: context.mailer, logger, appUrl: TEST_APP_URL },
    new Date(isoTime),
  );
const emailsTo = (to: string) =>
  context.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, to), like(outboxEmails.subject, "Déclaration URSSAF%")));
const bell = async (userId: string, isoTime: string) =>
  (await getNotifications(context.database.db, { userId, now: new Date(isoTime) })).items.filter(
    (item) => item.kind === "urssaf_deadline",
  );

describe("URSSAF deadline reminder", () => {
  it("says nothing more than a week before the deadline", async () => {
    expect(await run("2027-01-23T09:00:00+01:00")).toBe(0);
    expect(await bell(alice.userId, "2027-01-23T09:00:00+01:00")).toEqual([]);
    expect(await emailsTo(ALICE)).toEqual([]);
  });

  it("a week before, e-mails the amount to declare, the contributions and the deadline, and rings the bell", async () => {
    expect(await run("2027-01-24T08:00:00+01:00")).toBe(1);
    const [email, ...more] = await emailsTo(ALICE);
    expect(more).toEqual([]);
    expect(email?.subject).toBe(
      `Déclaration URSSAF à faire avant le 31 janvier 2027 : ${formatMoney(10_000_00)} à déclarer`,
    );
    // Figures of the official rules for 10 000 € of BNC-SSI in 2026: 25,6 % and 0,2 % of CFP.
    expect(email?.text).toContain("Votre déclaration de chiffre d'affaires pour le 4e trimestre 2026");
    expect(email?.text).toContain(`Chiffre d'affaires encaissé à déclarer : ${formatMoney(10_000_00)}`);
    expect(email?.text).toContain(`Cotisations sociales : ${formatMoney(2_560_00)}`);
    expect(email?.text).toContain(`Total à payer : ${formatMoney(2_580_00)}`);
    expect(email?.text).toContain(`${TEST_APP_URL}/app/urssaf`);

    expect(await bell(alice.userId, "2027-01-24T08:00:00+01:00")).toEqual([
      {
        id: "urssaf:2026-10-01",
        kind: "urssaf_deadline",
        title: "Déclaration URSSAF à faire avant le 31 janvier 2027",
        description: `4e trimestre 2026 · ${formatMoney(10_000_00)} de chiffre d'affaires à déclarer`,
        href: "/app/urssaf",
        date: "2027-01-31",
      },
    ]);
    expect(await bell(bruno.userId, "2027-01-24T08:00:00+01:00")).toEqual([]);
    expect(await emailsTo(BRUNO)).toEqual([]);
  });

  it("sends it once per period: again the same day or after a restart", async () => {
    expect(await run("2027-01-24T08:01:00+01:00")).toBe(0);
    // A restarted server has nothing in memory: the period's key is in the database.
    const [settings] = await context.database.db
      .select({ remindedPeriod: microSettings.remindedPeriod })
      .from(microSettings)
      .where(eq(microSettings.userId, alice.userId));
    expect(settings?.remindedPeriod).toBe("2026-10-01");
    expect(await run("2027-01-31T18:00:00+01:00")).toBe(0);
    expect(await emailsTo(ALICE)).toHaveLength(1);
    // The bell stays until the deadline, then goes.
    expect(await bell(alice.userId, "2027-01-31T23:00:00+01:00")).toHaveLength(1);
    expect(await bell(alice.userId, "2027-02-01T00:30:00+01:00")).toEqual([]);
  });

  it("reminds the next period in its turn, even with nothing received (a zero declaration is still due)", async () => {
    expect(await run("2027-04-22T09:00:00+02:00")).toBe(0);
    // Two instances on the same minute: one claims the period, the other finds it taken.
    const [first, second] = await Promise.all([
      run("2027-04-23T09:00:00+02:00"),
      run("2027-04-23T09:00:00+02:00"),
    ]);
    expect(first + second).toBe(1);
    const emails = await emailsTo(ALICE);
    expect(emails.map((email) => email.subject)).toContain(
      `Déclaration URSSAF à faire avant le 30 avril 2027 : ${formatMoney(0)} à déclarer`,
    );
  });
});

describe("URSSAF deadline e-mail through an SMTP server that refuses", () => {
  const CHLOE = "chloe.deadline@example.fr";
  const DAVID = "david.deadline@example.fr";
  // Chloé's mailbox refuses her first message only; David's refuses every one.
  const tries: Record<string, number> = { [CHLOE]: 0, [DAVID]: 0 };
  const delivered: string[] = [];
  let smtp: SMTPServer;
  let mailer: Mailer;
  let chloe: { userId: string };
  let david: { userId: string };

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo({ address }, _session, callback) {
        tries[address] = (tries[address] ?? 0) + 1;
        if (address === DAVID || (address === CHLOE && tries[address] === 1))
          return callback(
            Object.assign(new Error("Boîte pleine, réessayez plus tard"), { responseCode: 452 }),
          );
        delivered.push(address);
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on("end", () => callback());
      },
    });
    smtp.listen(0, "127.0.0.1");
    await once(smtp.server, "listening");
    const { port } = smtp.server.address() as AddressInfo;
    const db = context.database.db;
    mailer = createMailer({
      db,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: "Ardoise <no-reply@ardoise.test>",
        NODE_ENV: "test",
        appUrl: TEST_APP_URL,
      },
      logger,
    });
    chloe = await registerPaid(context, { email: CHLOE });
    david = await registerPaid(context, { email: DAVID });
    for (const { userId } of [chloe, david])
      await db
        .insert(microSettings)
        .values({ userId, activity: "bnc-ssi", frequency: "trimestrielle", creationDate: "2023-01-01" });
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  const runSmtp = (at: Date) =>
    sendUrssafDeadlineReminders({ db: context.database.db, mailer, logger, appUrl: TEST_APP_URL }, at);
  const settingsOf = async (userId: string) => {
    const [row] = await context.database.db
      .select({
        attempts: microSettings.reminderAttempts,
        retryAt: microSettings.reminderRetryAt,
        error: microSettings.reminderError,
      })
      .from(microSettings)
      .where(eq(microSettings.userId, userId));
    return row;
  };
  const at = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);

  it("retries a refused e-mail after a short wait, and sends it once", async () => {
    const start = new Date("2027-07-24T08:00:00+02:00");
    await runSmtp(start);
    expect(tries[CHLOE]).toBe(1);
    expect(delivered).not.toContain(CHLOE);
    expect(await settingsOf(chloe.userId)).toEqual({
      attempts: 1,
      retryAt: at(start, 15),
      error: DELIVERY_FAILED_MESSAGE,
    });
    // Not before its time, then once.
    await runSmtp(at(start, 10));
    expect(tries[CHLOE]).toBe(1);
    await runSmtp(at(start, 20));
    expect(delivered.filter((address) => address === CHLOE)).toHaveLength(1);
    expect(await settingsOf(chloe.userId)).toEqual({ attempts: 2, retryAt: null, error: null });
    await runSmtp(at(start, 3600));
    expect(tries[CHLOE]).toBe(2);
  });

  it("gives up after the seventh try, keeping the last failure", async () => {
    const start = new Date("2027-07-24T08:00:00+02:00");
    // Each run 13 hours after the last: every retry (15 s up to 12 h apart) is due by then.
    for (let run = 1; run <= 9; run++) await runSmtp(at(start, run * 13 * 3600));
    expect(tries[DAVID]).toBe(7);
    expect(await settingsOf(david.userId)).toEqual({
      attempts: 7,
      retryAt: null,
      error: DELIVERY_FAILED_MESSAGE,
    });
    expect(delivered).not.toContain(DAVID);
  });
});
