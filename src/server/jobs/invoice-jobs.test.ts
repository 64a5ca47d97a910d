import { parisToday } from "@shared/domain/dates";
import { formatMoney } from "@shared/format";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  automations,
  businessIdentities,
  clients,
  invoiceReminders,
  invoices,
  webhookDeliveries,
  webhookSubscriptions,
} from "../db/schema/index";
import { createInvoiceDraft, issueInvoice, recordPayment } from "../modules/invoices/invoices.service";
import { lastEmailTo, markPaid, registerAndConfirm } from "../test/accounts";
import { createTestContext, TEST_APP_URL, type TestContext } from "../test/test-app";
import { planOverdueReminders, sendWeeklySummaries } from "./automation-jobs";
import { markOverdueInvoices, sendDueReminders } from "./invoice-jobs";

let context: TestContext;
let userId: string;
const DAY = 86_400_000;
const logger = pino({ level: "silent" });

/** A paid freelancer in franchise en base with a complete identity, who can issue invoices. */
async function seller(email: string): Promise<string> {
  const { userId: id } = await registerAndConfirm(context, { email });
  await markPaid(context, id);
  await context.database.db.insert(businessIdentities).values({
    userId: id,
    legalName: "Nina Roux EI",
    siret: "73282932000074",
    addressLine1: "3 quai Claude Bernard",
    postalCode: "69007",
    city: "Lyon",
    vatRegime: "franchise",
    paymentTermsDays: 30,
    latePenaltyRate: "3 fois le taux d'intérêt légal",
    iban: "FR7630006000011234567890189",
  });
  return id;
}

beforeAll(async () => {
  context = await createTestContext();
  userId = await seller("relances@example.fr");
});
afterAll(() => context.close());

async function issuedInvoice({
  clientEmail,
  issuedDaysAgo,
  owner = userId,
}: {
  clientEmail: string | null;
  issuedDaysAgo: number;
  owner?: string;
}) {
  const [client] = await context.database.db
    .insert(clients)
    .values({
      addressLine1: "1 rue Haute",
      postalCode: "75004",
      city: "Paris",
      userId: owner,
      name: "Atelier Dupont",
      siren: "552100554",
      contactName: "Marc Dupont",
      email: clientEmail,
      status: "actif",
    })
    .returning();
  const draft = await createInvoiceDraft(context.database.db, {
    userId: owner,
    input: {
      clientId: client?.id,
      clientName: "Atelier Dupont",
      lines: [{ description: "Maquettes", quantity: 2, unitPriceCents: 60000, vatRateBp: 0 }],
    },
  });
  return issueInvoice(context.database.db, {
    userId: owner,
    id: draft.id,
    // From noon of today's Paris date: N days back is then N calendar days back in Paris, whatever the hour
    // the test runs at and whichever side of a daylight-saving change that day falls (late evening UTC in
    // October gave the next Paris day).
    now: new Date(Date.parse(`${parisToday()}T11:00:00Z`) - issuedDaysAgo * DAY),
  });
}

const remindersOf = (invoiceId: string) =>
  context.database.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoiceId));

describe("invoice jobs", () => {
  it("marks issued invoices past their due date en-retard", async () => {
    const late = await issuedInvoice({ clientEmail: null, issuedDaysAgo: 40 });
    const current = await issuedInvoice({ clientEmail: null, issuedDaysAgo: 1 });
    expect(await markOverdueInvoices(context.database.db)).toBeGreaterThanOrEqual(1);
    const [lateRow] = await context.database.db.select().from(invoices).where(eq(invoices.id, late.id));
    const [currentRow] = await context.database.db.select().from(invoices).where(eq(invoices.id, current.id));
    expect(lateRow?.status).toBe("en-retard");
    expect(currentRow?.status).toBe("en-attente");
  });

  it("marks a backlog slice by slice and tells each overdue invoice to its owner's hook once", async () => {
    const owner = await seller("arriere.webhook@example.fr");
    const [hook] = await context.database.db
      .insert(webhookSubscriptions)
      .values({
        userId: owner,
        targetUrl: "https://hooks.example.fr/ardoise",
        event: "invoice.overdue",
        secret: "s",
      })
      .returning();
    const late = await Promise.all(
      [40, 45, 50].map((days) => issuedInvoice({ clientEmail: null, issuedDaysAgo: days, owner })),
    );
    // Slices of 2: the three invoices take two transactions at least.
    expect(await markOverdueInvoices(context.database.db, new Date(), undefined, 2)).toBeGreaterThanOrEqual(
      3,
    );
    const rows = await context.database.db.select().from(invoices).where(eq(invoices.userId, owner));
    expect(rows.map((row) => row.status)).toEqual(["en-retard", "en-retard", "en-retard"]);
    const deliveries = await context.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, String(hook?.id)));
    expect(deliveries.map((delivery) => delivery.event)).toEqual([
      "invoice.overdue",
      "invoice.overdue",
      "invoice.overdue",
    ]);
    expect(deliveries.map((delivery) => (delivery.data as { id: string }).id).sort()).toEqual(
      late.map((invoice) => invoice.id).sort(),
    );
    expect(new Set(deliveries.map((delivery) => delivery.eventId)).size).toBe(3);
    expect(await markOverdueInvoices(context.database.db, new Date(), owner, 2)).toBe(0);
  });

  it("sends one French reminder for an overdue invoice, supersedes the older ones, and never sends twice", async () => {
    const invoice = await issuedInvoice({ clientEmail: "marc@atelier-dupont.fr", issuedDaysAgo: 35 });
    const first = await sendDueReminders({ db: context.database.db, mailer: context.mailer, logger });
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const mail = await lastEmailTo(context, "marc@atelier-dupont.fr");
    expect(mail?.subject).toBe(`Relance : facture ${invoice.invoiceNumber} échue`);
    expect(mail?.text).toContain(formatMoney(120000));
    expect(mail?.text).toContain("IBAN FR7630006000011234567890189");
    const rows = await remindersOf(invoice.id);
    expect(rows.filter((row) => row.status === "sent").map((row) => row.daysBeforeDue)).toEqual([0]);
    expect(rows.filter((row) => row.status === "cancelled").map((row) => row.error)).toEqual([
      "Remplacé par un rappel plus récent",
      "Remplacé par un rappel plus récent",
    ]);
    const again = await sendDueReminders({ db: context.database.db, mailer: context.mailer, logger });
    expect(again).toEqual({ sent: 0, skipped: 0 });
  });

  it("sends nothing for a paid invoice or a client without e-mail", async () => {
    const paid = await issuedInvoice({ clientEmail: "paye@example.fr", issuedDaysAgo: 35 });
    await recordPayment(context.database.db, {
      userId,
      id: paid.id,
      input: { amountCents: 120000, method: "virement" },
    });
    const silent = await issuedInvoice({ clientEmail: null, issuedDaysAgo: 35 });
    await sendDueReminders({ db: context.database.db, mailer: context.mailer, logger });
    expect(await lastEmailTo(context, "paye@example.fr")).toBeUndefined();
    expect((await remindersOf(silent.id)).map((row) => row.status)).not.toContain("pending");
  });
});

describe("the overdue-invoice automation", () => {
  let owner: string;
  const run = (now?: Date) => planOverdueReminders(context.database.db, now);
  const send = () => sendDueReminders({ db: context.database.db, mailer: context.mailer, logger });
  const overdueRule = {
    name: "Relance des factures en retard",
    trigger: { type: "invoice_overdue" },
    action: { type: "send_reminder" },
  };

  beforeAll(async () => {
    owner = await seller("regle.relances@example.fr");
  });

  it("plans nothing while the user has no active rule", async () => {
    const invoice = await issuedInvoice({ clientEmail: "sans.regle@example.fr", issuedDaysAgo: 50, owner });
    await run();
    expect((await remindersOf(invoice.id)).map((row) => row.daysBeforeDue).sort()).toEqual([0, 3, 7]);
  });

  it("never sends a backlog: a rule turned on today waits for the next relance date", async () => {
    const newcomer = await seller("regle.nouvelle@example.fr");
    await context.database.db.insert(automations).values({ userId: newcomer, ...overdueRule });
    // 20 days late: J+7 and J+15 fell due before the rule existed; J+30 comes in 10 days.
    const invoice = await issuedInvoice({
      clientEmail: "arriere@example.fr",
      issuedDaysAgo: 50,
      owner: newcomer,
    });
    await run();
    expect((await remindersOf(invoice.id)).filter((row) => row.daysBeforeDue < 0)).toEqual([]);
    await run(new Date(Date.now() + 10 * DAY));
    const planned = (await remindersOf(invoice.id)).filter((row) => row.daysBeforeDue < 0);
    expect(planned.map((row) => row.daysBeforeDue)).toEqual([-30]);
  });

  it("relances an unpaid invoice 7, 15 and 30 days late, one at a time, and never a paid one", async () => {
    const [rule] = await context.database.db
      .insert(automations)
      .values({ userId: owner, ...overdueRule, activeSince: new Date(Date.now() - 60 * DAY) })
      .returning();
    // Issued 50 days ago with 30-day terms: 20 days late. J+7 and J+15 are both past (the job was not
    // running): only the latest, J+15, is planned; J+30 is not due yet.
    const invoice = await issuedInvoice({ clientEmail: "en.retard@example.fr", issuedDaysAgo: 50, owner });
    const paid = await issuedInvoice({ clientEmail: "deja.paye@example.fr", issuedDaysAgo: 50, owner });
    await recordPayment(context.database.db, {
      userId: owner,
      id: paid.id,
      input: { amountCents: 120000, method: "virement" },
    });

    // Two relances: this invoice's and the first test's (same user, also 20 days late, now under the rule).
    expect(await run()).toBe(2);
    const planned = (await remindersOf(invoice.id)).filter((row) => row.daysBeforeDue < 0);
    expect(planned.map((row) => row.daysBeforeDue)).toEqual([-15]);
    expect((await remindersOf(paid.id)).filter((row) => row.daysBeforeDue < 0)).toEqual([]);

    await send();
    const mail = await lastEmailTo(context, "en.retard@example.fr");
    expect(mail?.subject).toBe(`Relance : facture ${invoice.invoiceNumber} échue`);
    expect(mail?.text).toContain("indemnité forfaitaire de 40 €");
    const sent = (await remindersOf(invoice.id)).filter((row) => row.status === "sent");
    expect(sent.map((row) => row.daysBeforeDue)).toEqual([-15]);

    const [counted] = await context.database.db
      .select()
      .from(automations)
      .where(eq(automations.id, rule?.id ?? ""));
    expect(counted?.runCount).toBe(2);
    expect(counted?.lastRunAt).toBeInstanceOf(Date);
    expect(await run()).toBe(0);
    expect(await run(new Date(Date.now() + 10 * DAY))).toBe(2);
    expect((await remindersOf(invoice.id)).map((row) => row.daysBeforeDue)).toContain(-30);
  });

  it("stops planning when the rule is paused", async () => {
    await context.database.db
      .update(automations)
      .set({ isActive: false })
      .where(eq(automations.userId, owner));
    const invoice = await issuedInvoice({ clientEmail: "pause@example.fr", issuedDaysAgo: 50, owner });
    await run();
    expect((await remindersOf(invoice.id)).filter((row) => row.daysBeforeDue < 0)).toEqual([]);
  });
});

describe("the weekly summary automation", () => {
  const send = (now?: Date) =>
    sendWeeklySummaries(
      { db: context.database.db, mailer: context.mailer, logger, appUrl: TEST_APP_URL },
      now,
    );
  const summaryRule = {
    name: "Bilan hebdomadaire",
    trigger: { type: "schedule", every: "week" },
    action: { type: "send_summary" },
  };

  it("e-mails the freelancer their figures once when due, then plans the next Monday", async () => {
    const owner = await seller("bilan.hebdo@example.fr");
    await issuedInvoice({ clientEmail: null, issuedDaysAgo: 40, owner });
    const [rule] = await context.database.db
      .insert(automations)
      .values({ userId: owner, ...summaryRule, nextRunAt: new Date(Date.now() - 60_000) })
      .returning();
    const [paused] = await context.database.db
      .insert(automations)
      .values({ userId: userId, ...summaryRule, isActive: false, nextRunAt: new Date(Date.now() - 60_000) })
      .returning();

    // Stored without a date (made before summaries ran): it waits for next Monday instead of leaving now.
    const [undated] = await context.database.db
      .insert(automations)
      .values({ userId: owner, ...summaryRule, nextRunAt: null })
      .returning();

    expect(await send()).toBe(1);
    const [dated] = await context.database.db
      .select()
      .from(automations)
      .where(eq(automations.id, undated?.id ?? ""));
    expect(dated?.runCount).toBe(0);
    expect(dated?.nextRunAt?.getUTCDay()).toBe(1);
    const mail = await lastEmailTo(context, "bilan.hebdo@example.fr");
    expect(mail?.subject).toMatch(/^Votre bilan de la semaine : .+ encaissés ce mois-ci$/);
    expect(mail?.text).toContain("En retard");
    expect(mail?.text).toContain(`1 facture · ${formatMoney(120000)}`);
    expect(mail?.text).toContain(`${TEST_APP_URL}/app`);

    const [after] = await context.database.db
      .select()
      .from(automations)
      .where(eq(automations.id, rule?.id ?? ""));
    expect(after?.runCount).toBe(1);
    expect(after?.nextRunAt?.getUTCDay()).toBe(1);
    expect(after?.nextRunAt?.getTime()).toBeGreaterThan(Date.now());
    expect(await send()).toBe(0);
    const [untouched] = await context.database.db
      .select()
      .from(automations)
      .where(eq(automations.id, paused?.id ?? ""));
    expect(untouched?.runCount).toBe(0);
  });
});
