import { addDays, parisToday } from "@shared/domain/dates";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceReminders, invoices } from "../../db/schema/index";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { chat, only, textOf } from "../../test/assistant-chat";
import { createTestContext, type TestContext } from "../../test/test-app";

// The assistant with no AI key configured: the offline French engine answers, through the same actions.

let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: "alice.assistant@example.fr" });
  bruno = await registerAndConfirm(context, { email: "bruno.assistant@example.fr" });
  await markPaid(context, alice.userId);
  await markPaid(context, bruno.userId);
});
afterAll(() => context.close());

async function invoicesOf(cookie: string) {
  return (await (await call(context, "/api/invoices?pageSize=100", { cookie })).json()).items as {
    clientName: string;
    status: string;
    totalCents: number;
  }[];
}

describe("the assistant without an AI key", () => {
  it("proposes an invoice draft, creates it only once confirmed, for the session's user only", async () => {
    const events = await chat(context, alice.cookie, "Crée une facture pour Dupont de 500 €");
    const [proposal] = only(events, "proposal");
    expect(proposal?.proposal).toMatchObject({ type: "create_invoice" });
    expect(proposal?.proposal.summary).toContain("Dupont");
    expect(textOf(events)).toContain("Confirmez-vous");
    expect(only(events, "done")[0]).toMatchObject({ isRealAPI: false, apiProvider: "local" });
    expect(await invoicesOf(alice.cookie)).toEqual([]);

    const id = proposal?.proposal.id ?? "";
    const stolen = await call(context, `/api/assistant/proposals/${id}/confirm`, {
      method: "POST",
      cookie: bruno.cookie,
    });
    expect(stolen.status).toBe(404);

    const confirmed = await call(context, `/api/assistant/proposals/${id}/confirm`, {
      method: "POST",
      cookie: alice.cookie,
    });
    expect(confirmed.status).toBe(200);
    const { result } = await confirmed.json();
    expect(result).toMatchObject({ type: "create_invoice", success: true });
    expect(result.data.link).toMatch(/^\/app\/invoices\/[0-9a-f-]{36}$/);
    const invoices = await invoicesOf(alice.cookie);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ clientName: "Dupont", status: "brouillon", totalCents: 50000 });
    expect(await invoicesOf(bruno.cookie)).toEqual([]);

    const again = await call(context, `/api/assistant/proposals/${id}/confirm`, {
      method: "POST",
      cookie: alice.cookie,
    });
    expect(again.status).toBe(409);
    expect(await invoicesOf(alice.cookie)).toHaveLength(1);
  });

  it("creates at once in agent mode, and a cancelled proposal creates nothing", async () => {
    const { cookie, userId } = await registerAndConfirm(context, { email: "chloe.assistant@example.fr" });
    await markPaid(context, userId);
    const cancelled = only(
      await chat(context, cookie, "Ajoute le client Jean Martin, jean.martin@gmail.com"),
      "proposal",
    )[0];
    const cancel = await call(context, `/api/assistant/proposals/${cancelled?.proposal.id}/cancel`, {
      method: "POST",
      cookie,
    });
    expect(cancel.status).toBe(200);
    const clients = async () => (await (await call(context, "/api/clients", { cookie })).json()).items;
    expect(await clients()).toEqual([]);

    const events = await chat(context, cookie, "Ajoute le client Jean Martin, jean.martin@gmail.com", {
      confirmBeforeAction: false,
    });
    expect(only(events, "proposal")).toEqual([]);
    expect(only(events, "result")[0]?.result).toMatchObject({ type: "create_client", success: true });
    expect(await clients()).toMatchObject([
      { name: "Jean Martin", email: "jean.martin@gmail.com", status: "prospect" },
    ]);
  });

  it("answers questions from the user's own data, with links", async () => {
    const events = await chat(context, alice.cookie, "Montre-moi mes factures en brouillon");
    const answer = textOf(events);
    expect(answer).toContain("Dupont");
    expect(answer).toMatch(/\]\(\/app\/invoices\/[0-9a-f-]{36}\)/);
    expect(textOf(await chat(context, bruno.cookie, "Montre-moi mes factures en brouillon"))).not.toContain(
      "Dupont",
    );
    expect(textOf(await chat(context, alice.cookie, "Quelles factures sont en retard ?"))).toContain(
      "Aucune facture",
    );
  });

  it("analyses the business from the user's own figures", async () => {
    const answer = textOf(await chat(context, alice.cookie, "Fais-moi un bilan de mon activité"));
    expect(answer).toMatch(/Santé de l'activité : \d{1,3}\/100/);
    expect(answer).toContain("Projets actifs : 0");
  });

  it("asks for the client when it is missing, and creates nothing", async () => {
    const events = await chat(context, bruno.cookie, "Crée une facture de 300 €");
    expect(textOf(events)).toBe("Je n'ai pas pu identifier le nom du client. Pouvez-vous le préciser ?");
    expect(only(events, "proposal")).toEqual([]);
  });

  it("is for signed-in, paid users only, and validates the message", async () => {
    const body = { messages: [{ role: "user", content: "Bonjour" }] };
    expect((await call(context, "/api/assistant/chat", { method: "POST", body })).status).toBe(401);
    const unpaid = await registerAndConfirm(context, { email: "dan.assistant@example.fr" });
    expect(
      (await call(context, "/api/assistant/chat", { method: "POST", body, cookie: unpaid.cookie })).status,
    ).toBe(402);
    const blank = await call(context, "/api/assistant/chat", {
      method: "POST",
      cookie: alice.cookie,
      body: { messages: [{ role: "user", content: "   " }] },
    });
    expect(blank.status).toBe(400);
    expect((await blank.json()).error.issues[0].message).toBe("Écrivez un message.");
  });
});

describe("payment reminders", () => {
  it("schedules the missing reminders of an issued invoice, once confirmed", async () => {
    const { cookie, userId } = await registerAndConfirm(context, { email: "gina.rappels@example.fr" });
    await markPaid(context, userId);
    const today = parisToday();
    const [invoice] = await context.database.db
      .insert(invoices)
      .values({
        userId,
        clientName: "Client à relancer",
        status: "en-attente",
        invoiceNumber: "INV-2026-0007",
        date: today,
        dueDate: addDays(today, 30),
        subtotalCents: 10000,
        totalCents: 10000,
      })
      .returning({ id: invoices.id });
    const planned = async () =>
      (
        await context.database.db
          .select({ on: invoiceReminders.scheduledFor })
          .from(invoiceReminders)
          .where(eq(invoiceReminders.invoiceId, invoice?.id ?? ""))
      )
        .map((row) => row.on)
        .sort();

    const events = await chat(context, cookie, "Programme les rappels de la facture INV-2026-0007");
    const proposal = only(events, "proposal")[0]?.proposal;
    expect(proposal?.type).toBe("schedule_reminders");
    expect(await planned()).toEqual([]);
    const confirmed = await call(context, `/api/assistant/proposals/${proposal?.id}/confirm`, {
      method: "POST",
      cookie,
    });
    expect((await confirmed.json()).result).toMatchObject({
      success: true,
      message: expect.stringContaining("3 rappels programmés"),
    });
    expect(await planned()).toEqual([addDays(today, 23), addDays(today, 27), addDays(today, 30)]);

    const again = await chat(context, cookie, "Programme les rappels de la facture INV-2026-0007", {
      confirmBeforeAction: false,
    });
    expect(only(again, "result")[0]?.result.message).toContain("déjà programmés");
    const unknown = await chat(context, alice.cookie, "Programme les rappels de la facture INV-2026-0007", {
      confirmBeforeAction: false,
    });
    expect(only(unknown, "result")[0]?.result).toMatchObject({
      success: false,
      message: "Facture introuvable.",
    });
  });
});

describe("autonomous-ai-execute", () => {
  it("runs only what the spec lets run alone, from the user's own analysis, for the session's user", async () => {
    const erin = await registerAndConfirm(context, { email: "erin.autonome@example.fr" });
    const fred = await registerAndConfirm(context, { email: "fred.autonome@example.fr" });
    await markPaid(context, erin.userId);
    await markPaid(context, fred.userId);
    const pastDue = addDays(parisToday(), -10);
    const overdue = (userId: string, number: string) => ({
      userId,
      clientName: "Retardataire",
      status: "en-attente" as const,
      invoiceNumber: number,
      date: addDays(pastDue, -30),
      dueDate: pastDue,
      subtotalCents: 10000,
      totalCents: 10000,
    });
    await context.database.db
      .insert(invoices)
      .values([overdue(erin.userId, "INV-2026-0001"), overdue(fred.userId, "INV-2026-0001")]);
    const storedStatus = async (userId: string) =>
      (
        await context.database.db
          .select({ status: invoices.status })
          .from(invoices)
          .where(eq(invoices.userId, userId))
      )[0]?.status;

    const response = await call(context, "/functions/v1/autonomous-ai-execute", {
      method: "POST",
      cookie: erin.cookie,
      body: {
        userId: erin.userId,
        // Flags sent by the caller are ignored: the action is looked up in the user's own analysis.
        actions: [
          { id: "mark_overdue" },
          { id: "remind_overdue", requiresConfirmation: false, impact: "high" },
          { id: "inconnue" },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).results).toEqual([
      { id: "mark_overdue", executed: true, success: true, message: "1 facture passée en retard." },
      expect.objectContaining({ id: "remind_overdue", executed: false }),
      expect.objectContaining({ id: "inconnue", executed: false }),
    ]);
    expect(await storedStatus(erin.userId)).toBe("en-retard");
    expect(await storedStatus(fred.userId)).toBe("en-attente");

    const forOther = await call(context, "/functions/v1/autonomous-ai-execute", {
      method: "POST",
      cookie: erin.cookie,
      body: { userId: fred.userId, actions: [{ id: "mark_overdue" }] },
    });
    expect(forOther.status).toBe(403);
    expect(await storedStatus(fred.userId)).toBe("en-attente");
    const anonymous = await call(context, "/functions/v1/autonomous-ai-execute", {
      method: "POST",
      body: { actions: [{ id: "mark_overdue" }] },
    });
    expect(anonymous.status).toBe(401);
  });
});
