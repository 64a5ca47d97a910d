import { addDays } from "@shared/domain/dates";
import { yearPeriod, yearToDate } from "@shared/domain/periods";
import { formatMoney } from "@shared/format";
import type { FigureQuery } from "@shared/schemas/figures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients } from "../../db/schema/index";
import { markPaid, registerAndConfirm } from "../../test/accounts";
import { insertInvoiceRow } from "../../test/invoice-rows";
import { createTestContext, type TestContext } from "../../test/test-app";
import { answerFigures } from "./figures";

/**
 * The figure questions of issue 27 (who owes me the most, invoices falling due this week, my best month,
 * clients with nothing invoiced for six months, cash collected last week). The seed is data below; every
 * expected figure is computed from that data in plain TypeScript, not written by hand nor by SQL.
 */

let context: TestContext;
let alice: { userId: string };
let bruno: { userId: string };

/** Wednesday 18 March 2026 in Paris: this week is 16–22 March, last week 9–15 March. */
const NOW = new Date("2026-03-18T11:00:00Z");
const TODAY = "2026-03-18";
const ask = (query: FigureQuery, userId = alice.userId) =>
  answerFigures(context.database.db, { userId, query, now: NOW });

type SeedClient = { key: string; name: string; status: "actif" | "prospect"; createdOn: string };
type SeedInvoice = {
  client: string;
  number: string;
  date: string;
  due: string;
  total: number;
  status: "en-attente" | "en-retard" | "payée" | "brouillon";
  payments: [string, number][];
};

const SEED_CLIENTS: SeedClient[] = [
  { key: "morel", name: "Atelier Morel", status: "actif", createdOn: "2025-02-01" },
  { key: "petit", name: "Boulangerie Petit", status: "actif", createdOn: "2025-03-01" },
  { key: "roux", name: "Cabinet Roux", status: "actif", createdOn: "2025-01-15" },
  { key: "lenoir", name: "Lenoir Conseil", status: "actif", createdOn: "2025-01-10" },
  { key: "neuf", name: "Studio Neuf", status: "actif", createdOn: "2026-03-01" },
  { key: "piste", name: "Piste Froide", status: "prospect", createdOn: "2025-01-05" },
];

const SEED_INVOICES: SeedInvoice[] = [
  // Morel owes two invoices (1 200 € late, 400 € left on one due this Friday): more in all than Petit.
  inv("morel", "INV-2026-0101", "2026-02-01", "2026-03-03", 120000, "en-retard", []),
  inv("morel", "INV-2026-0102", "2026-03-01", "2026-03-20", 50000, "en-attente", [["2026-03-02", 10000]]),
  inv("morel", "INV-2026-0103", "2026-02-02", "2026-03-04", 70000, "payée", [["2026-02-20", 70000]]),
  // Petit: one invoice due on Tuesday of this week, one the week after, two paid ones.
  inv("petit", "INV-2026-0104", "2026-03-05", "2026-03-17", 100000, "en-retard", []),
  inv("petit", "INV-2026-0105", "2026-03-10", "2026-03-25", 30000, "en-attente", []),
  inv("petit", "INV-2026-0106", "2026-01-05", "2026-02-04", 80000, "payée", [
    ["2026-01-10", 50000],
    ["2026-01-25", 30000],
  ]),
  inv("petit", "INV-2026-0107", "2026-03-01", "2026-03-31", 60000, "payée", [["2026-03-12", 60000]]),
  // Roux: last invoiced in July 2025; a draft since does not count as invoiced.
  inv("roux", "INV-2025-0050", "2025-07-10", "2025-08-09", 45000, "payée", [["2025-07-30", 45000]]),
  inv("roux", "", "2026-03-01", "2026-03-31", 99000, "brouillon", []),
];

function inv(
  client: string,
  number: string,
  date: string,
  due: string,
  total: number,
  status: SeedInvoice["status"],
  payments: [string, number][],
): SeedInvoice {
  return { client, number, date, due, total, status, payments };
}

// What the answers must say, from the seed alone.
const isUnpaid = (invoice: SeedInvoice) => invoice.status === "en-attente" || invoice.status === "en-retard";
const dueOf = (invoice: SeedInvoice) =>
  invoice.total - invoice.payments.reduce((sum, [, cents]) => sum + cents, 0);
const nameOf = (key: string) => SEED_CLIENTS.find((client) => client.key === key)?.name;
const allPayments = SEED_INVOICES.flatMap((invoice) => invoice.payments);
const collectedBetween = (from: string, to: string) =>
  allPayments.filter(([day]) => day >= from && day <= to).reduce((sum, [, cents]) => sum + cents, 0);

function expectedTopDebtor() {
  const owed = new Map<string, number>();
  for (const invoice of SEED_INVOICES.filter(isUnpaid))
    owed.set(invoice.client, (owed.get(invoice.client) ?? 0) + dueOf(invoice));
  const [client, cents] = [...owed].sort((a, b) => b[1] - a[1])[0] as [string, number];
  return { client: nameOf(client), duCents: cents };
}

function expectedDueBetween(from: string, to: string) {
  const due = SEED_INVOICES.filter(
    (invoice) => isUnpaid(invoice) && invoice.due >= from && invoice.due <= to,
  );
  return { echeances: due.length, attenduCents: due.reduce((sum, invoice) => sum + dueOf(invoice), 0) };
}

function expectedBestMonth(from: string, to: string) {
  const byMonth = new Map<string, number>();
  for (const [day, cents] of allPayments)
    if (day >= from && day <= to) byMonth.set(day.slice(0, 7), (byMonth.get(day.slice(0, 7)) ?? 0) + cents);
  const [mois, encaisseCents] = [...byMonth].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] as [
    string,
    number,
  ];
  return { mois, encaisseCents };
}

function expectedDormant(cutoff: string) {
  return SEED_CLIENTS.filter((client) => {
    if (client.status === "prospect" || client.createdOn >= cutoff) return false;
    const issued = SEED_INVOICES.filter(
      (invoice) => invoice.client === client.key && invoice.status !== "brouillon",
    );
    return issued.every((invoice) => invoice.date < cutoff);
  }).map((client) => client.name);
}

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: "alice.questions@example.fr" });
  bruno = await registerAndConfirm(context, { email: "bruno.questions@example.fr" });
  await markPaid(context, alice.userId);
  await markPaid(context, bruno.userId);
  const db = context.database.db;
  const ids = new Map<string, string>();
  for (const client of SEED_CLIENTS) {
    const [row] = await db
      .insert(clients)
      .values({
        userId: alice.userId,
        name: client.name,
        status: client.status,
        createdAt: new Date(`${client.createdOn}T09:00:00Z`),
      })
      .returning({ id: clients.id });
    if (row) ids.set(client.key, row.id);
  }
  for (const invoice of SEED_INVOICES) {
    const paid = invoice.payments.reduce((sum, [, cents]) => sum + cents, 0);
    await insertInvoiceRow(
      db,
      {
        userId: alice.userId,
        clientId: ids.get(invoice.client),
        clientName: nameOf(invoice.client) ?? invoice.client,
        invoiceNumber: invoice.number || null,
        status: invoice.status,
        date: invoice.date,
        dueDate: invoice.due,
        subtotalCents: invoice.total,
        totalCents: invoice.total,
        paidCents: paid,
        issuedAt: invoice.status === "brouillon" ? null : new Date(`${invoice.date}T09:00:00Z`),
      },
      invoice.payments,
    );
  }
  // Bruno owes far more and collected far more: none of it may reach Alice's answers.
  await insertInvoiceRow(
    db,
    {
      userId: bruno.userId,
      clientName: "Atelier Morel",
      invoiceNumber: "INV-2026-0101",
      status: "en-retard",
      date: "2026-03-02",
      dueDate: "2026-03-19",
      totalCents: 999900,
      paidCents: 500000,
      issuedAt: NOW,
    },
    [["2026-03-10", 500000]],
  );
});
afterAll(() => context.close());

describe("the figure questions of issue 27, against figures computed from the seed", () => {
  it("who owes me the most: the client with the most left due over all its invoices", async () => {
    const expected = expectedTopDebtor();
    const answer = await ask({ metric: "top_debtor" });
    expect(answer.figures).toMatchObject(expected);
    expect(answer.text).toContain(formatMoney(expected.duCents));
    expect(answer.text).toContain(expected.client);
  });

  it("invoices falling due this week (Monday to Sunday by default), for what is left due", async () => {
    const expected = expectedDueBetween("2026-03-16", "2026-03-22");
    const answer = await ask({ metric: "due_soon" });
    expect(answer.figures).toEqual(expected);
    expect(expected.echeances).toBe(2);
    expect(answer.text).toContain("INV-2026-0104");
    expect(answer.text).not.toContain("INV-2026-0105");
    const next = await ask({
      metric: "due_soon",
      period: { from: "2026-03-23", to: "2026-03-29", label: "la semaine prochaine" },
    });
    expect(next.figures).toEqual(expectedDueBetween("2026-03-23", "2026-03-29"));
  });

  it("my best month by cash collected, this year and last year", async () => {
    const thisYear = yearToDate(TODAY);
    const answer = await ask({ metric: "best_month" });
    expect(answer.figures).toEqual(expectedBestMonth(thisYear.from, thisYear.to));
    expect(answer.text).toContain("janvier 2026");
    const last = await ask({ metric: "best_month", period: yearPeriod(2025) });
    expect(last.figures).toEqual(expectedBestMonth("2025-01-01", "2025-12-31"));
  });

  it("clients with nothing invoiced for six months, drafts and prospects aside", async () => {
    const expected = expectedDormant("2025-09-18");
    const answer = await ask({ metric: "dormant_clients" });
    expect(answer.figures.clients).toBe(expected.length);
    for (const name of expected) expect(answer.text).toContain(name);
    for (const client of SEED_CLIENTS.filter((seed) => !expected.includes(seed.name)))
      expect(answer.text).not.toContain(client.name);
  });

  it("cash collected last week is the collected revenue over that week", async () => {
    const from = addDays(TODAY, -9);
    const to = addDays(TODAY, -3);
    const answer = await ask({
      metric: "revenue_collected",
      period: { from, to, label: "la semaine dernière" },
    });
    expect(answer.figures.encaisseCents).toBe(collectedBetween(from, to));
    expect(answer.text).toContain(formatMoney(collectedBetween(from, to)));
  });

  it("another user's invoices and payments never count", async () => {
    const bruno_ = await ask({ metric: "top_debtor" }, bruno.userId);
    expect(bruno_.figures).toMatchObject({ client: "Atelier Morel", duCents: 999900 - 500000 });
    expect((await ask({ metric: "due_soon" }, bruno.userId)).figures.echeances).toBe(1);
  });
});
