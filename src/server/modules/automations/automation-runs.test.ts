import { parisToday } from "@shared/domain/dates";
import { formatMoney } from "@shared/format";
import { asc, count, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  automationRuns,
  businessIdentities,
  clients,
  invoices,
  outboxEmails,
  projects,
  quotes,
  tasks,
} from "../../db/schema/index";
import { call, lastEmailTo, registerPaid } from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";
import { createInvoiceDraft, issueInvoice, recordPayment } from "../invoices/invoices.service";
import { runEventRules } from "./event-rules";
import { runRecurringInvoices } from "./recurring-invoices";

// Issue 14 §3: every automation kind runs in the job loop, once per period, with a run log on the page.

let context: TestContext;
const logger = pino({ level: "silent" });
const DAY = 86_400_000;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

/** A complete identity in franchise en base: what issuing an invoice needs. */
const identityOf = (userId: string) => ({
  userId,
  legalName: "Nina Roux EI",
  siret: "73282932000074",
  addressLine1: "3 quai Claude Bernard",
  postalCode: "69007",
  city: "Lyon",
  vatRegime: "franchise" as const,
  paymentTermsDays: 30,
  latePenaltyRate: "3 fois le taux d'intérêt légal",
});

/** A paid freelancer in franchise en base with a complete identity, and one client. */
async function freelancer(email: string, clientEmail: string | null = null) {
  const account = await registerPaid(context, { email, name: "Nina Roux" });
  await context.database.db.insert(businessIdentities).values(identityOf(account.userId));
  const [client] = await context.database.db
    .insert(clients)
    .values({
      addressLine1: "1 rue Haute",
      postalCode: "75004",
      city: "Paris",
      userId: account.userId,
      name: "Atelier Dupont",
      siren: "552100554",
      email: clientEmail,
      status: "actif",
    })
    .returning();
  return { ...account, clientId: client?.id ?? "" };
}

async function createRule(cookie: string, body: Record<string, unknown>) {
  const response = await call(context, "/api/automations", { method: "POST", cookie, body });
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

const monthlyInvoice = (clientId: string, overrides: Record<string, unknown> = {}) => ({
  kind: "recurring_invoice",
  clientId,
  lines: [{ description: "Maintenance du site", quantity: 1, unitPriceCents: 50000, vatRateBp: 0 }],
  frequency: "monthly",
  dayOfMonth: 1,
  startDate: "2031-01-01",
  delivery: "issue",
  ...overrides,
});

const tick = (now: Date) =>
  runRecurringInvoices({ db: context.database.db, mailer: context.mailer, logger }, now);
const at = (day: string) => new Date(`${day}T08:00:00Z`);

const invoicesOf = (userId: string) =>
  context.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(asc(invoices.serviceDate));

describe("recurring invoices", () => {
  it("issues a year of monthly invoices, gapless and in order, each once, shown in the run log", async () => {
    const nina = await freelancer("recurrente.annee@example.fr");
    const rule = await createRule(nina.cookie, monthlyInvoice(nina.clientId, { endDate: "2031-12-31" }));
    expect(rule).toMatchObject({
      name: "Facture récurrente Atelier Dupont",
      trigger: "Chaque mois le 1er, à partir du 1 janvier 2031 jusqu'au 31 décembre 2031",
      action: `Émettre une facture de ${formatMoney(50000)} HT à Atelier Dupont`,
      runsAutomatically: true,
      nextRunAt: "2031-01-01T00:00:00.000Z",
    });
    expect(await tick(at("2030-12-31"))).toBe(0);
    for (let month = 1; month <= 12; month++) {
      const day = `2031-${String(month).padStart(2, "0")}-01`;
      // Two instances tick at the same moment: one invoice.
      const [first, second] = await Promise.all([tick(at(day)), tick(at(day))]);
      expect(first + second, day).toBe(1);
      expect(await tick(new Date(at(day).getTime() + 3_600_000))).toBe(0);
    }
    const made = await invoicesOf(nina.userId);
    expect(made.map((invoice) => invoice.invoiceNumber)).toEqual(
      Array.from({ length: 12 }, (_, index) => `INV-2031-${String(index + 1).padStart(4, "0")}`),
    );
    expect(made.map((invoice) => invoice.date)).toEqual(made.map((invoice) => invoice.serviceDate));
    expect(made.every((invoice) => invoice.status === "en-attente" && invoice.totalCents === 50000)).toBe(
      true,
    );
    expect(made[1]).toMatchObject({ serviceDate: "2031-02-01", serviceEndDate: "2031-02-28" });

    const { items } = await (await call(context, "/api/automations", { cookie: nina.cookie })).json();
    expect(items[0]).toMatchObject({ runCount: 12, nextRunAt: null, lastError: null });
    expect(items[0].runs).toHaveLength(12);
    expect(items[0].runs[0]).toMatchObject({
      status: "succeeded",
      invoiceId: made[11]?.id,
      summary: `Facture INV-2031-0012 émise pour Atelier Dupont (${formatMoney(50000)} TTC), période du 1 décembre 2031 au 31 décembre 2031`,
    });
  });

  it("catches up a missed month once after downtime, dated the day it runs", async () => {
    const nina = await freelancer("recurrente.panne@example.fr");
    const rule = await createRule(
      nina.cookie,
      monthlyInvoice(nina.clientId, { dayOfMonth: 15, startDate: "2033-01-01", endDate: "2033-06-30" }),
    );
    expect(rule.nextRunAt).toBe("2033-01-15T00:00:00.000Z");
    expect(await tick(at("2033-01-15"))).toBe(1);
    // Down from 14 February to 20 March: February's and March's invoices are made on the 20th, once.
    expect(await tick(at("2033-03-20"))).toBe(2);
    expect(await tick(at("2033-03-21"))).toBe(0);
    const made = await invoicesOf(nina.userId);
    expect(made.map((invoice) => [invoice.invoiceNumber, invoice.date, invoice.serviceDate])).toEqual([
      ["INV-2033-0001", "2033-01-15", "2033-01-15"],
      ["INV-2033-0002", "2033-03-20", "2033-02-15"],
      ["INV-2033-0003", "2033-03-20", "2033-03-15"],
    ]);
    // April to June, then nothing after the end date.
    expect(await tick(at("2033-12-31"))).toBe(3);
    expect(await tick(at("2034-06-30"))).toBe(0);
    expect(await invoicesOf(nina.userId)).toHaveLength(6);
  });

  it("drafts without a number when asked, and e-mails the issued invoice with its PDF when asked", async () => {
    const nina = await freelancer("recurrente.options@example.fr", "compta@atelier-dupont.fr");
    const options = { startDate: "2035-01-01", endDate: "2035-12-31" };
    await createRule(
      nina.cookie,
      monthlyInvoice(nina.clientId, { ...options, delivery: "draft", frequency: "quarterly" }),
    );
    await createRule(
      nina.cookie,
      monthlyInvoice(nina.clientId, { ...options, delivery: "send", frequency: "yearly" }),
    );
    expect(await tick(at("2035-01-01"))).toBe(2);
    const made = await invoicesOf(nina.userId);
    const draft = made.find((invoice) => invoice.status === "brouillon");
    const issued = made.find((invoice) => invoice.status === "en-attente");
    expect(draft?.invoiceNumber).toBeNull();
    expect(draft?.serviceEndDate).toBe("2035-03-31");
    expect(issued?.invoiceNumber).toBe("INV-2035-0001");
    expect(issued?.sentAt).toBeInstanceOf(Date);
    const mail = await lastEmailTo(context, "compta@atelier-dupont.fr");
    expect(mail?.subject).toBe("Facture INV-2035-0001 — Nina Roux EI");
    expect(mail?.text).toContain("période du 1 janvier 2035 au 31 décembre 2035");
    expect(mail?.attachments?.[0]?.filename).toMatch(/INV-2035-0001.*\.pdf$/);
    const { items } = await (await call(context, "/api/automations", { cookie: nina.cookie })).json();
    expect(items.map((item: { runs: { summary: string }[] }) => item.runs[0]?.summary)).toEqual([
      expect.stringMatching(/^Facture INV-2035-0001 émise .*, envoyée à compta@atelier-dupont\.fr$/),
      expect.stringMatching(/^Brouillon de facture préparé pour Atelier Dupont/),
    ]);
  });

  it("logs a period it could not invoice once, with the reason, and goes on with the next", async () => {
    const nina = await freelancer("recurrente.echec@example.fr");
    const rule = await createRule(
      nina.cookie,
      monthlyInvoice(nina.clientId, { startDate: "2037-01-01", endDate: "2037-12-31" }),
    );
    await context.database.db.delete(businessIdentities).where(eq(businessIdentities.userId, nina.userId));
    // (The ticks also run the earlier tests' rules, which have periods left: count this user's outcome.)
    await tick(at("2037-01-01"));
    await tick(at("2037-01-02"));
    const runs = await context.database.db
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.automationId, rule.id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "failed", period: "2037-01-01", invoiceId: null });
    expect(runs[0]?.error).toMatch(/^Complétez votre identité dans Paramètres avant d'émettre/);
    expect(await invoicesOf(nina.userId)).toEqual([]);
    // Once the identity is complete again, the next month is invoiced.
    await context.database.db.insert(businessIdentities).values(identityOf(nina.userId));
    await tick(at("2037-02-01"));
    const made = await invoicesOf(nina.userId);
    expect(made.map((invoice) => [invoice.invoiceNumber, invoice.serviceDate])).toEqual([
      ["INV-2037-0001", "2037-02-01"],
    ]);
  });
});

describe("e-mail rules", () => {
  const runRules = () =>
    runEventRules({
      db: context.database.db,
      mailer: context.mailer,
      logger,
      appUrl: "http://localhost:3000",
    });
  const emailsTo = async (to: string) =>
    (
      await context.database.db
        .select({ value: count() })
        .from(outboxEmails)
        .where(eq(outboxEmails.toAddress, to))
    )[0]?.value;

  it("welcomes a new client once, and not the clients from before the rule", async () => {
    const nina = await freelancer("bienvenue@example.fr", "ancien@example.fr");
    await createRule(nina.cookie, { kind: "client_welcome" });
    const response = await call(context, "/api/clients", {
      method: "POST",
      cookie: nina.cookie,
      body: { name: "Studio Lumen", contactName: "Léa Martin", email: "lea@studio-lumen.fr" },
    });
    expect(response.status).toBe(201);
    await Promise.all([runRules(), runRules()]);
    await runRules();
    const mail = await lastEmailTo(context, "lea@studio-lumen.fr");
    expect(mail?.subject).toBe("Bienvenue chez Nina Roux EI");
    expect(mail?.text).toContain("Bonjour Léa Martin");
    expect(await emailsTo("lea@studio-lumen.fr")).toBe(1);
    expect(await emailsTo("ancien@example.fr")).toBe(0);
    const { items } = await (await call(context, "/api/automations", { cookie: nina.cookie })).json();
    expect(items[0]).toMatchObject({ runCount: 1, trigger: "Quand vous ajoutez un client" });
    expect(items[0].runs[0]).toMatchObject({
      status: "succeeded",
      summary: "E-mail de bienvenue envoyé à Studio Lumen (lea@studio-lumen.fr)",
    });
  });

  it("thanks the client when an invoice is fully paid", async () => {
    const nina = await freelancer("merci@example.fr", "paye@atelier-dupont.fr");
    await createRule(nina.cookie, { kind: "invoice_paid_thanks" });
    const draft = await createInvoiceDraft(context.database.db, {
      userId: nina.userId,
      input: {
        clientId: nina.clientId,
        clientName: "Atelier Dupont",
        lines: [{ description: "Logo", quantity: 1, unitPriceCents: 80000, vatRateBp: 0 }],
      },
    });
    const invoice = await issueInvoice(context.database.db, { userId: nina.userId, id: draft.id });
    const pay = (amountCents: number) =>
      recordPayment(context.database.db, {
        userId: nina.userId,
        id: invoice.id,
        input: { amountCents, method: "virement" },
      });
    await pay(30000);
    await runRules();
    expect(await emailsTo("paye@atelier-dupont.fr")).toBe(0);
    await pay(50000);
    await runRules();
    await runRules();
    const mail = await lastEmailTo(context, "paye@atelier-dupont.fr");
    expect(mail?.subject).toBe(`Merci pour votre règlement — facture ${invoice.invoiceNumber}`);
    expect(mail?.text).toContain("800,00");
    expect(await emailsTo("paye@atelier-dupont.fr")).toBe(1);
  });

  it("tells the freelancer, not the client, 3 days before a sent quote expires", async () => {
    const nina = await freelancer("devis.expire@example.fr", "client.devis@example.fr");
    const rule = await createRule(nina.cookie, { kind: "quote_expiring" });
    expect(rule).toMatchObject({
      trigger: "3 jours avant la fin de validité d'un devis envoyé",
      action: "Vous prévenir par e-mail (le client n'est pas contacté)",
    });
    const today = parisToday();
    const inDays = (days: number) => parisToday(new Date(Date.now() + days * DAY));
    const quote = (quoteNumber: string, status: "envoyé" | "accepté", validInDays: number) => ({
      userId: nina.userId,
      clientId: nina.clientId,
      clientName: "Atelier Dupont",
      quoteNumber,
      status,
      validUntil: inDays(validInDays),
      date: today,
      totalCents: 120000,
    });
    await context.database.db.insert(quotes).values([
      quote("DEV-2031-0001", "envoyé", 3),
      quote("DEV-2031-0002", "envoyé", 20),
      quote("DEV-2031-0003", "accepté", 3),
      // Its reminder day (yesterday) came before the rule: no backlog.
      quote("DEV-2031-0004", "envoyé", 2),
    ]);
    await runRules();
    await runRules();
    const mail = await lastEmailTo(context, "devis.expire@example.fr");
    expect(mail?.subject).toBe("Le devis DEV-2031-0001 pour Atelier Dupont expire dans 3 jours");
    expect(mail?.text).toContain(formatMoney(120000));
    const runs = await context.database.db
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.automationId, rule.id));
    expect(runs.map((run) => run.summary)).toEqual([
      "Rappel envoyé pour le devis DEV-2031-0001 (Atelier Dupont)",
    ]);
    expect(await emailsTo("client.devis@example.fr")).toBe(0);
  });

  it("reminds the freelancer of a task the day before it is due", async () => {
    const nina = await freelancer("taches@example.fr");
    await createRule(nina.cookie, { kind: "task_due" });
    const [project] = await context.database.db
      .insert(projects)
      .values({ userId: nina.userId, clientId: nina.clientId, name: "Refonte du site" })
      .returning();
    const tomorrow = parisToday(new Date(Date.now() + DAY));
    await context.database.db.insert(tasks).values([
      { userId: nina.userId, projectId: project?.id ?? "", title: "Livrer les maquettes", dueDate: tomorrow },
      {
        userId: nina.userId,
        projectId: project?.id ?? "",
        title: "Déjà faite",
        dueDate: tomorrow,
        status: "terminee",
      },
      {
        userId: nina.userId,
        projectId: project?.id ?? "",
        title: "Plus tard",
        dueDate: parisToday(new Date(Date.now() + 5 * DAY)),
      },
    ]);
    await runRules();
    await runRules();
    const mail = await lastEmailTo(context, "taches@example.fr");
    expect(mail?.subject).toBe("Tâche à rendre demain : Livrer les maquettes");
    expect(mail?.text).toContain("Refonte du site");
    const { items } = await (await call(context, "/api/automations", { cookie: nina.cookie })).json();
    expect(items[0].runs.map((run: { summary: string }) => run.summary)).toEqual([
      "Rappel envoyé pour la tâche « Livrer les maquettes » (Refonte du site)",
    ]);
  });
});
