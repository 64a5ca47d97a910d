import { addDays, parisToday } from "@shared/domain/dates";
import { formatMoney } from "@shared/format";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, expenses, invoices as invoiceRows } from "../../db/schema/index";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { chat, conversation, only, textOf } from "../../test/assistant-chat";
import { insertInvoiceRow } from "../../test/invoice-rows";
import { createTestContext, type TestContext } from "../../test/test-app";

// A conversation with the offline engine on an account whose figures the test adds up itself: questions
// get the exact figure, commands reach the record with what was said (client, lines, totals, due date).

let context: TestContext;
let alice: { cookie: string; userId: string };
let jardinsId: string;
const today = parisToday();
const thisYear = today.slice(0, 4);
// The month before this one, inside this year (the suite runs from February on: in January it is skipped).
const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);

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
  await db.insert(expenses).values([
    {
      userId: alice.userId,
      title: "Train",
      amountCents: 4590,
      category: "transport",
      date: `${thisYear}-01-03`,
    },
    {
      userId: alice.userId,
      title: "Repas client",
      amountCents: 3200,
      category: "repas",
      date: `${lastMonth}-08`,
    },
    {
      userId: alice.userId,
      title: "Clavier",
      amountCents: 8900,
      category: "materiel",
      date: `${lastMonth}-11`,
    },
  ]);
  // 500 € from Lumière collected last month, on an invoice issued that month.
  await insertInvoiceRow(
    db,
    {
      ...issued(lumiere?.id, "Studio Lumière", `INV-${thisYear}-0004`, 50000),
      date: `${lastMonth}-10`,
      issuedAt: new Date(`${lastMonth}-10T09:00:00Z`),
      status: "payée",
      paidCents: 50000,
    },
    [[`${lastMonth}-12`, 50000]],
  );
});
afterAll(() => context.close());

const ask = async (question: string) => textOf(await chat(context, alice.cookie, question));

describe("questions about one's figures", () => {
  it("answers the turnover of the year with the figure, not a list", async () => {
    expect(await ask("Quel est mon chiffre d'affaires cette année ?")).toContain(formatMoney(240000 + 50000));
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
    expect(await ask("Quelle est ma marge cette année ?")).toContain(
      formatMoney(240000 + 50000 - (4590 + 3200 + 8900)),
    );
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

/** One figure from the seeded rows, summed by SQL in the test (never through the assistant's services). */
async function cents(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await context.database.db.execute(query)) as unknown as { rows: { cents: unknown }[] };
  return Number(result.rows[0]?.cents ?? 0);
}
const paymentsBetween = (from: string, to: string) =>
  cents(
    sql`select coalesce(sum(amount_cents), 0) as cents from payments where user_id = ${alice.userId} and paid_on between ${from} and ${to}`,
  );
const expensesBetween = (from: string, to: string) =>
  cents(
    sql`select coalesce(sum(amount_cents), 0) as cents from expenses where user_id = ${alice.userId} and date between ${from} and ${to}`,
  );
const invoiceCount = () => cents(sql`select count(*) as cents from invoices where user_id = ${alice.userId}`);
const monthEnd = (month: string) => addDays(`${addDays(`${month}-01`, 32).slice(0, 7)}-01`, -1);

describe.skipIf(lastMonth.slice(0, 4) !== thisYear)("follow-ups that complete the previous question", () => {
  it("keeps the metric and changes the period, then breaks it down by client", async () => {
    const say = conversation(context, alice.cookie);
    expect((await say("Combien j'ai encaissé cette année ?")).text).toContain(
      formatMoney(await paymentsBetween(`${thisYear}-01-01`, today)),
    );
    const lastMonthAnswer = (await say("et le mois dernier ?")).text;
    expect(lastMonthAnswer).toContain(
      formatMoney(await paymentsBetween(`${lastMonth}-01`, monthEnd(lastMonth))),
    );
    expect(lastMonthAnswer).toContain("le mois dernier");
    const byClient = (await say("et par client ?")).text;
    expect(byClient).toContain("Studio Lumière");
    expect(byClient).toContain(formatMoney(await paymentsBetween(`${lastMonth}-01`, monthEnd(lastMonth))));
    expect((await say("Et en 2019 ?")).text).toContain(`${formatMoney(0)} en 2019`);
  });

  it("asks the same figure for another client, however the client is said", async () => {
    const say = conversation(context, alice.cookie);
    expect((await say("Combien me doit SARL Les Jardins de Provence ?")).text).toContain(formatMoney(180000));
    expect((await say("et Studio Lumière ?")).text).toContain("ne vous doit rien");
    expect((await say("Et pour les jardins de provence ?")).text).toContain(formatMoney(180000));
  });

  it("gives what one client paid or was invoiced when a client follows a turnover figure", async () => {
    const say = conversation(context, alice.cookie);
    const yearStart = `${thisYear}-01-01`;
    const paidBy = (name: string) =>
      cents(sql`select coalesce(sum(p.amount_cents), 0) as cents from payments p
        join invoices i on i.id = p.invoice_id join clients c on c.id = i.client_id
        where p.user_id = ${alice.userId} and c.name = ${name} and p.paid_on between ${yearStart} and ${today}`);
    const invoicedTo = (name: string) =>
      cents(sql`select coalesce(sum(i.subtotal_cents), 0) as cents from invoices i
        join clients c on c.id = i.client_id
        where i.user_id = ${alice.userId} and c.name = ${name} and i.status <> 'brouillon'
          and i.date between ${yearStart} and ${today}`);
    await say("Combien j'ai encaissé cette année ?");
    expect((await say("et pour studio lumière ?")).text).toContain(
      `Vous avez encaissé ${formatMoney(await paidBy("Studio Lumière"))} de [Studio Lumière]`,
    );
    const jardins = "SARL Les Jardins de Provence";
    expect((await say("et les jardins de provence ?")).text).toContain(
      `Vous avez encaissé ${formatMoney(await paidBy(jardins))} de [${jardins}]`,
    );
    await say("Combien j'ai facturé cette année ?");
    expect((await say("et à Studio Lumière ?")).text).toContain(
      `${formatMoney(await invoicedTo("Studio Lumière"))} HT à [Studio Lumière]`,
    );
  });

  it("works over the last list: its total, its oldest and largest record, then another data type", async () => {
    const say = conversation(context, alice.cookie);
    await say("Quelles factures sont en retard ?");
    expect((await say("ça fait combien en tout ?")).text).toContain(`${formatMoney(60000)} restant dû`);
    await say("Montre-moi les factures de Studio Lumière");
    const oldest = (await say("laquelle est la plus ancienne ?")).text;
    expect(oldest).toContain(`INV-${thisYear}-0001`);
    expect((await say("et la plus récente ?")).text).toContain(`INV-${thisYear}-0004`);
    expect((await say("la plus grosse ?")).text).toContain(formatMoney(240000));
    expect((await say("Ça fait combien au total ?")).text).toContain(formatMoney(240000 + 50000));
    expect((await say("et les devis ?")).text).toBe("Aucun devis ne correspond.");
  });

  it("breaks expenses down by category and moves them to another period", async () => {
    const say = conversation(context, alice.cookie);
    expect((await say("Combien j'ai dépensé cette année ?")).text).toContain(
      formatMoney(await expensesBetween(`${thisYear}-01-01`, `${thisYear}-12-31`)),
    );
    const byCategory = (await say("et par catégorie ?")).text;
    expect(byCategory).toContain(`Repas : ${formatMoney(3200)}`);
    expect(byCategory).toContain(formatMoney(8900));
    expect((await say("Et le mois dernier ?")).text).toContain(
      formatMoney(await expensesBetween(`${lastMonth}-01`, monthEnd(lastMonth))),
    );
  });
});

describe("corrections of a proposal, nothing stored before consent", () => {
  it("replaces the proposal at each correction and creates only the last one, once confirmed", async () => {
    const before = await invoiceCount();
    const say = conversation(context, alice.cookie);
    const first = only(
      (await say("Crée une facture pour Studio Lumière : 3 jours à 450 €")).events,
      "proposal",
    )[0];
    expect(first?.proposal.summary).toContain(formatMoney(135000));
    const fourDays = await say("finalement 4 jours");
    expect(only(fourDays.events, "proposal")[0]?.proposal.summary).toContain(formatMoney(180000));
    expect(fourDays.text).toContain("remplace la précédente");
    const oldConfirm = await call(context, `/api/assistant/proposals/${first?.proposal.id}/confirm`, {
      method: "POST",
      cookie: alice.cookie,
    });
    expect(oldConfirm.status).toBe(409);
    expect(only((await say("non, 500 € par jour")).events, "proposal")[0]?.proposal.summary).toContain(
      formatMoney(200000),
    );
    expect(only((await say("ajoute 200 € de frais")).events, "proposal")[0]?.proposal.summary).toContain(
      formatMoney(220000),
    );
    const moved = only((await say("plutôt pour SARL Les Jardins de Provence")).events, "proposal")[0];
    expect(moved?.proposal.summary).toContain("SARL Les Jardins de Provence");
    const dated = only((await say("mets l'échéance au 15")).events, "proposal")[0];
    expect(dated?.proposal.details.map((detail) => detail.label)).toContain("Échéance");
    expect(await invoiceCount()).toBe(before);

    const confirmed = await call(context, `/api/assistant/proposals/${dated?.proposal.id}/confirm`, {
      method: "POST",
      cookie: alice.cookie,
    });
    expect(confirmed.status).toBe(200);
    expect(await invoiceCount()).toBe(before + 1);
    const { result } = await confirmed.json();
    const [draft] = await context.database.db
      .select()
      .from(invoiceRows)
      .where(eq(invoiceRows.id, result.data.id));
    expect(draft).toMatchObject({ clientId: jardinsId, subtotalCents: 220000 });
    expect(draft?.dueDate?.slice(8, 10)).toBe("15");
    expect(draft?.dueDate && draft.dueDate > today).toBe(true);
  });

  it("corrects an expense's amount said alone", async () => {
    const say = conversation(context, alice.cookie);
    const spent = () => cents(sql`select count(*) as cents from expenses where user_id = ${alice.userId}`);
    const before = await spent();
    expect(only((await say("J'ai payé 45 € de taxi hier")).events, "proposal")).toHaveLength(1);
    const corrected = only((await say("non, 52 €")).events, "proposal")[0];
    expect(corrected?.proposal.summary).toContain(formatMoney(5200));
    expect(await spent()).toBe(before);
  });
});
