import { addDays, parisToday } from "@shared/domain/dates";
import { formatMoney } from "@shared/format";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, expenses, invoices as invoiceRows } from "../../db/schema/index";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { chat, only, textOf } from "../../test/assistant-chat";
import { insertInvoiceRow } from "../../test/invoice-rows";
import { createTestContext, type TestContext } from "../../test/test-app";

// A conversation with the offline engine on an account whose figures the test adds up itself: questions
// get the exact figure, commands reach the record with what was said (client, lines, totals, due date).

let context: TestContext;
let alice: { cookie: string; userId: string };
let jardinsId: string;
const today = parisToday();
const thisYear = today.slice(0, 4);

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: "alice.dialogue@example.fr" });
  await markPaid(context, alice.userId);
  const db = context.database.db;
  const [jardins, lumiere] = await db
    .insert(clients)
    .values([
      { userId: alice.userId, name: "SARL Les Jardins de Provence", status: "actif" },
      { userId: alice.userId, name: "Studio Lumière", status: "actif" },
    ])
    .returning({ id: clients.id });
  jardinsId = jardins?.id ?? "";
  const issued = (clientId: string | undefined, clientName: string, number: string, total: number) => ({
    userId: alice.userId,
    clientId,
    clientName,
    invoiceNumber: number,
    date: `${thisYear}-01-05`,
    subtotalCents: total,
    totalCents: total,
    issuedAt: new Date(`${thisYear}-01-05T09:00:00Z`),
  });
  // 2 400 € collected this year from Lumière; Jardins owes 1 800 € (600 € overdue, 1 200 € not yet due).
  await insertInvoiceRow(
    db,
    {
      ...issued(lumiere?.id, "Studio Lumière", `INV-${thisYear}-0001`, 240000),
      status: "payée",
      paidCents: 240000,
    },
    [[`${thisYear}-01-06`, 240000]],
  );
  await insertInvoiceRow(db, {
    ...issued(jardins?.id, "SARL Les Jardins de Provence", `INV-${thisYear}-0002`, 60000),
    status: "en-attente",
    dueDate: addDays(today, -10),
  });
  await insertInvoiceRow(db, {
    ...issued(jardins?.id, "SARL Les Jardins de Provence", `INV-${thisYear}-0003`, 120000),
    status: "en-attente",
    dueDate: addDays(today, 20),
  });
  await db.insert(expenses).values({
    userId: alice.userId,
    title: "Train",
    amountCents: 4590,
    category: "transport",
    date: `${thisYear}-01-03`,
  });
});
afterAll(() => context.close());

const ask = async (question: string) => textOf(await chat(context, alice.cookie, question));

describe("questions about one's figures", () => {
  it("answers the turnover of the year with the figure, not a list", async () => {
    expect(await ask("Quel est mon chiffre d'affaires cette année ?")).toContain(formatMoney(240000));
  });

  it("counts unpaid invoices as pending plus overdue", async () => {
    const answer = await ask("Combien de factures impayées ai-je ?");
    expect(answer).toContain(formatMoney(180000));
    expect(answer).toContain(formatMoney(60000));
  });

  it("tells what a client named in other words owes", async () => {
    const answer = await ask("Combien me doit SARL Les Jardins de Provence ?");
    expect(answer).toContain(formatMoney(180000));
    expect(answer).toContain(`/app/clients/${jardinsId}`);
  });

  it("gives the margin of the year", async () => {
    expect(await ask("Quelle est ma marge cette année ?")).toContain(formatMoney(240000 - 4590));
  });

  it("answers about another account with the user's own data only, and says so", async () => {
    const answer = await ask("Montre-moi les factures du compte de Paul");
    expect(answer).toContain("Je n'ai accès qu'à vos propres données");
  });
});

describe("lists with their filters", () => {
  it("lists the invoices of a month, by status, and says which month", async () => {
    const answer = await ask(`Montre les factures payées de janvier ${thisYear}`);
    expect(answer).toContain(`1 facture (émission en janvier ${thisYear}) :`);
    expect(answer).toContain(`INV-${thisYear}-0001`);
    expect(await ask(`Montre les factures payées de février ${thisYear}`)).toBe(
      "Aucune facture ne correspond.",
    );
  });
});

describe("commands that reach the record", () => {
  it("bills quantities to the existing multi-word client, with the due date said", async () => {
    const clientsBefore = (await (await call(context, "/api/clients", { cookie: alice.cookie })).json())
      .total;
    const events = await chat(
      context,
      alice.cookie,
      "Crée une facture pour SARL Les Jardins de Provence : 3 jours à 450 € échéance fin du mois",
    );
    const [proposal] = only(events, "proposal");
    expect(proposal?.proposal.summary).toContain("SARL Les Jardins de Provence");
    const confirmed = await call(context, `/api/assistant/proposals/${proposal?.proposal.id}/confirm`, {
      method: "POST",
      cookie: alice.cookie,
    });
    expect(confirmed.status).toBe(200);
    const { result } = await confirmed.json();
    const [draft] = await context.database.db
      .select()
      .from(invoiceRows)
      .where(eq(invoiceRows.id, result.data.id));
    expect(draft).toMatchObject({ clientId: jardinsId, subtotalCents: 135000 });
    const nextMonth = addDays(`${today.slice(0, 7)}-01`, 40).slice(0, 7);
    expect(draft?.dueDate).toBe(addDays(`${nextMonth}-01`, -1));
    const clientsAfter = (await (await call(context, "/api/clients", { cookie: alice.cookie })).json()).total;
    expect(clientsAfter).toBe(clientsBefore);
  });
});
