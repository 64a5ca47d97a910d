import { addDays, parisToday } from "@shared/domain/dates";
import type { ChatEvent, ChatMessageInput } from "@shared/schemas/assistant";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, invoiceReminders } from "../../db/schema/index";
import { sendDueReminders } from "../../jobs/invoice-jobs";
import { call, lastEmailTo, markPaid, registerAndConfirm } from "../../test/accounts";
import { confirmProposalOf, only, textOf } from "../../test/assistant-chat";
import { insertInvoiceRow } from "../../test/invoice-rows";
import { createTestContext, type TestContext } from "../../test/test-app";

// Issue 27 / 31 §3: « prépare les relances des impayées » and the « oui » to the voice agent's « Voulez-vous
// que je prépare les relances ? » relance every invoice still owed, after « Confirmer », never as a new invoice.

let context: TestContext;
let alice: { cookie: string; userId: string };
const today = parisToday();
const year = today.slice(0, 4);
const ids: Record<string, string> = {};

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: "alice.relances.chat@example.fr" });
  await markPaid(context, alice.userId);
  const db = context.database.db;
  const [girard, lumiere, sansMail] = await db
    .insert(clients)
    .values([
      { userId: alice.userId, name: "Menuiserie Girard", email: "compta@girard.fr", status: "actif" },
      { userId: alice.userId, name: "Studio Lumière", email: "hello@lumiere.fr", status: "actif" },
      { userId: alice.userId, name: "Atelier Sans Mail", status: "actif" },
    ])
    .returning({ id: clients.id });
  const issued = (
    client: { id: string } | undefined,
    clientName: string,
    number: string,
    dueDate: string,
  ) => ({
    userId: alice.userId,
    clientId: client?.id,
    clientName,
    invoiceNumber: `INV-${year}-${number}`,
    date: addDays(today, -40),
    subtotalCents: 90000,
    totalCents: 90000,
    issuedAt: new Date(),
    status: "en-attente" as const,
    dueDate,
  });
  // Late ones as the minute's job marks them.
  ids.late = await insertInvoiceRow(db, {
    ...issued(girard, "Menuiserie Girard", "0001", addDays(today, -12)),
    status: "en-retard",
  });
  ids.upcoming = await insertInvoiceRow(db, issued(lumiere, "Studio Lumière", "0002", addDays(today, 20)));
  ids.noMail = await insertInvoiceRow(db, {
    ...issued(sansMail, "Atelier Sans Mail", "0003", addDays(today, -5)),
    status: "en-retard",
  });
  await insertInvoiceRow(db, {
    ...issued(lumiere, "Studio Lumière", "0004", addDays(today, -30)),
    status: "payée",
    paidCents: 90000,
  });
}, 120_000);
afterAll(() => context.close());

/** One turn of a conversation: the messages so far and the new one, as the chat sends them. */
async function say(history: ChatMessageInput[], content: string): Promise<ChatEvent[]> {
  const response = await call(context, "/api/assistant/chat", {
    method: "POST",
    cookie: alice.cookie,
    body: { messages: [...history, { role: "user", content }] },
  });
  expect(response.status).toBe(200);
  const events = (await response.text())
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ChatEvent);
  history.push({ role: "user", content }, { role: "assistant", content: textOf(events) });
  return events;
}

const remindersOf = (invoiceId: string) =>
  context.database.db
    .select({ daysBeforeDue: invoiceReminders.daysBeforeDue, scheduledFor: invoiceReminders.scheduledFor })
    .from(invoiceReminders)
    .where(and(eq(invoiceReminders.invoiceId, invoiceId), eq(invoiceReminders.userId, alice.userId)));

describe("relances from the assistant", () => {
  it("proposes the relances of every unpaid invoice, creates nothing before « Confirmer », then plans them", async () => {
    const events = await say([], "prépare les relances des impayées");
    expect(only(events, "proposal")[0]?.proposal.summary).toBe("Relancer vos factures impayées");
    expect(await remindersOf(ids.late ?? "")).toEqual([]);

    const result = await confirmProposalOf(context, alice.cookie, events);
    expect(result.success).toBe(true);
    expect(result.message).toContain(
      `Relance envoyée aujourd'hui pour 1 facture en retard : INV-${year}-0001 (Menuiserie Girard).`,
    );
    expect(result.message).toContain(
      `Rappels programmés pour 1 facture pas encore échue : INV-${year}-0002 (Studio Lumière)`,
    );
    expect(result.message).toContain(`Sans adresse e-mail du client, donc non relancée : INV-${year}-0003.`);
    expect(await remindersOf(ids.late ?? "")).toEqual([{ daysBeforeDue: -12, scheduledFor: today }]);
    expect((await remindersOf(ids.upcoming ?? "")).map((row) => row.daysBeforeDue).sort()).toEqual([0, 3, 7]);
    expect(await remindersOf(ids.noMail ?? "")).toEqual([]);

    // The job loop e-mails the relance to the client, with what is still owed.
    await sendDueReminders({
      db: context.database.db,
      mailer: context.mailer,
      logger: pino({ level: "silent" }),
    });
    const mail = await lastEmailTo(context, "compta@girard.fr");
    expect(mail?.subject).toBe(`Relance : facture INV-${year}-0001 échue`);

    // Asked again the same day: nothing new is proposed, and the answer says why.
    const again = await say([], "relance toutes mes factures impayées");
    expect(only(again, "proposal")).toEqual([]);
    expect(textOf(again)).toContain(
      `Les relances sont déjà prévues pour INV-${year}-0001, INV-${year}-0002.`,
    );
  });

  it("answers « oui » after the overdue invoices with the relances of the late ones only", async () => {
    const history: ChatMessageInput[] = [];
    await say(history, "Quelles factures sont en retard ?");
    const events = await say(history, "oui, vas-y");
    // Girard was reminded today already; the one late invoice left has no e-mail address.
    expect(only(events, "proposal")).toEqual([]);
    expect(textOf(events)).toContain("Les relances sont déjà prévues pour");
    expect(textOf(events)).toContain(`Sans adresse e-mail du client, donc non relancée : INV-${year}-0003.`);

    // With the address added, « oui » proposes the relance of the late invoices.
    await context.database.db
      .update(clients)
      .set({ email: "contact@sansmail.fr" })
      .where(eq(clients.name, "Atelier Sans Mail"));
    const next = await say(history.slice(0, 2), "oui");
    expect(only(next, "proposal")[0]?.proposal.summary).toBe("Relancer vos factures en retard");
  });

  it("answers a typed « oui » under a proposal with the way to confirm it, and reads a numbered invoice's reminders", async () => {
    const history: ChatMessageInput[] = [];
    await say(history, "Quelles factures sont en retard ?");
    const proposed = await say(history, "relance mes factures en retard");
    expect(only(proposed, "proposal")).toHaveLength(1);
    const yes = await say(history, "oui");
    expect(only(yes, "proposal")).toEqual([]);
    expect(textOf(yes)).toContain("cliquez sur « Confirmer »");

    const one = await say([], `programme les rappels de la facture INV-${year}-0002`);
    expect(textOf(one)).not.toContain("Voici ce que je peux faire");
    expect(textOf(one)).toContain(`INV-${year}-0002`);
  });
});
