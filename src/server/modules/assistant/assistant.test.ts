import { addDays, parisToday } from "@shared/domain/dates";
import { formatDate, formatMoney } from "@shared/format";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiTaskExecutions, businessIdentities, invoiceReminders, invoices } from "../../db/schema/index";
import { call, markPaid, registerAndConfirm, registerPaid } from "../../test/accounts";
import { chat, confirmProposalOf, conversation, only, textOf } from "../../test/assistant-chat";
import { type FakeOpenAI, startFakeOpenAI } from "../../test/fake-openai";
import { insertInvoiceRow } from "../../test/invoice-rows";
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
    const say = conversation(context, alice.cookie);
    const asked = await say("Crée une facture pour Dupont de 500 €");
    // A new client: its kind decides what the invoice needs (issue 31 item 14), so it is asked first.
    expect(only(asked.events, "proposal")).toEqual([]);
    expect(asked.text).toBe(
      "« Dupont » n'est pas encore parmi vos clients : est-ce un particulier ou une entreprise ? Répondez « particulier » ou « entreprise ».",
    );
    const { events } = await say("une entreprise");
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

  it("asks whether a new client is a person or a company, and creates it as said (issue 31 item 14)", async () => {
    const { cookie, userId } = await registerAndConfirm(context, { email: "diane.assistant@example.fr" });
    await markPaid(context, userId);
    const clientsOf = async () =>
      (await (await call(context, "/api/clients", { cookie })).json()).items as {
        name: string;
        isBusiness: boolean;
      }[];
    const say = conversation(context, cookie);
    expect((await say("Fais un devis pour Julie Marchand de 300 €")).text).toContain(
      "« Julie Marchand » n'est pas encore parmi vos clients : est-ce un particulier ou une entreprise ?",
    );
    const { events } = await say("c'est un particulier");
    expect(only(events, "proposal")[0]?.proposal.details).toContainEqual({
      label: "Client",
      value: "Nouveau client : Julie Marchand (particulier)",
    });
    await confirmProposalOf(context, cookie, events);
    // Said in the request (a civility, a trade): no question.
    const lefevre = await chat(context, cookie, "Crée une facture pour Madame Sophie Lefèvre de 200 €");
    await confirmProposalOf(context, cookie, lefevre);
    const girard = await chat(context, cookie, "facture pour la menuiserie girard de 90 €");
    await confirmProposalOf(context, cookie, girard);
    expect(await clientsOf()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Julie Marchand", isBusiness: false }),
        expect.objectContaining({ name: "Sophie Lefèvre", isBusiness: false }),
        expect.objectContaining({ name: "Menuiserie Girard", isBusiness: true }),
      ]),
    );
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

    // Reminders e-mail the client: agent mode proposes them too, and only the confirmation plans them.
    const again = await chat(context, cookie, "Programme les rappels de la facture INV-2026-0007", {
      confirmBeforeAction: false,
    });
    expect((await confirmProposalOf(context, cookie, again)).message).toContain("déjà programmés");
    const unknown = await chat(context, alice.cookie, "Programme les rappels de la facture INV-2026-0007", {
      confirmBeforeAction: false,
    });
    expect(only(unknown, "proposal")).toEqual([]);
    expect(only(unknown, "result")).toEqual([]);
    expect(textOf(unknown)).toBe("Je ne trouve pas la facture INV-2026-0007 parmi les vôtres.");
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

// The actions as a model calls them (an OpenAI-compatible server on loopback plays the model, whose tool
// calls are set by each test): the request is resolved against the user's data before anything is proposed.
describe("actions resolved against the user's data", () => {
  let fake: FakeOpenAI;
  let modelContext: TestContext;
  let toolCalls: { name: string; arguments: Record<string, unknown> }[] = [];
  beforeAll(async () => {
    // The model claims the work is done: what the user sees as done must come from the events instead.
    fake = await startFakeOpenAI((body) =>
      body.messages?.some((message) => message.role === "tool")
        ? { text: "C'est fait, la facture est créée." }
        : { toolCalls },
    );
    modelContext = await createTestContext({
      env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: "test-key" },
    });
  });
  afterAll(async () => {
    await modelContext.close();
    await fake.close();
  });

  async function ask(
    cookie: string,
    calls: typeof toolCalls,
    options: { confirmBeforeAction?: boolean } = {},
  ) {
    toolCalls = calls;
    fake.requests.length = 0;
    const events = await chat(modelContext, cookie, "Fais-le", options);
    const toolResults = fake.requests
      .flatMap((body) => body.messages ?? [])
      .filter((message) => message.role === "tool")
      .map((message) => JSON.stringify(message.content));
    return { events, toolResults };
  }
  const api = async (cookie: string, path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await call(modelContext, path, { cookie, ...init });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return response.json();
  };
  const confirm = async (cookie: string, id: string | undefined) =>
    (await api(cookie, `/api/assistant/proposals/${id}/confirm`, { method: "POST" })).result;
  const proposalsStored = async (userId: string) =>
    (
      await modelContext.database.db
        .select({ id: aiTaskExecutions.id })
        .from(aiTaskExecutions)
        .where(and(eq(aiTaskExecutions.userId, userId), eq(aiTaskExecutions.taskType, "proposal")))
    ).length;
  const clientsOf = async (cookie: string) =>
    (await api(cookie, "/api/clients?pageSize=100")).items as { id: string; name: string; status: string }[];

  it("names the existing client, lists each line, and writes them with the due date once confirmed", async () => {
    const { cookie, userId } = await registerPaid(modelContext, { email: "olga.actions@example.fr" });
    await modelContext.database.db.insert(businessIdentities).values({
      userId,
      legalName: "Olga Petit EI",
      siren: "732829320",
      addressLine1: "12 rue des Lilas",
      postalCode: "69003",
      city: "Lyon",
      vatRegime: "assujetti",
      vatNumber: "FR44732829320",
      paymentTermsDays: 30,
      latePenaltyRate: "3 fois le taux d'intérêt légal",
    });
    const known = await api(cookie, "/api/clients", {
      method: "POST",
      body: {
        name: "SARL Les Jardins de Provence",
        siren: "552100554",
        addressLine1: "9 cours Mirabeau",
        postalCode: "13100",
        city: "Aix-en-Provence",
      },
    });
    const dueDate = addDays(parisToday(), 45);
    const { events, toolResults } = await ask(cookie, [
      {
        name: "create_invoice",
        arguments: {
          client: "les jardins de provence",
          lines: [
            { description: "développement", quantity: 3, unit: "jour", unitPrice: 540 },
            { description: "Formation", quantity: 1, unit: "forfait", unitPrice: 120 },
          ],
          priceBasis: "TTC",
          dueDate,
          serviceDate: "2026-03-02",
          serviceEndDate: "2026-03-06",
        },
      },
    ]);
    const proposal = only(events, "proposal")[0]?.proposal;
    // 540 € TTC at 20 % is 450 € HT.
    expect(proposal?.summary).toBe(
      `Créer un brouillon de facture pour SARL Les Jardins de Provence de ${formatMoney(145000)} HT`,
    );
    expect(proposal?.details).toEqual([
      { label: "Client", value: "SARL Les Jardins de Provence" },
      { label: "1. Développement", value: `3 jours × ${formatMoney(45000)} = ${formatMoney(135000)}` },
      { label: "2. Formation", value: `1 forfait × ${formatMoney(10000)} = ${formatMoney(10000)}` },
      { label: "Total HT", value: formatMoney(145000) },
      { label: "Prestation réalisée", value: "du 2 mars 2026 au 6 mars 2026" },
      { label: "Échéance", value: formatDate(dueDate) },
    ]);
    expect(only(events, "result")).toEqual([]);
    expect(toolResults.join()).toContain("En attente de la confirmation");
    expect((await api(cookie, "/api/invoices")).total).toBe(0);

    const result = await confirm(cookie, proposal?.id);
    expect(result).toMatchObject({ type: "create_invoice", success: true });
    const invoice = await api(cookie, `/api/invoices/${result.data.id}`);
    expect(invoice).toMatchObject({
      clientId: known.id,
      clientName: "SARL Les Jardins de Provence",
      serviceDate: "2026-03-02",
      dueDate,
      subtotalCents: 145000,
      totalCents: 174000,
    });
    expect(
      invoice.lines.map(
        ({ description, quantity, unit, unitPriceCents, vatRateBp }: Record<string, unknown>) => ({
          description,
          quantity,
          unit,
          unitPriceCents,
          vatRateBp,
        }),
      ),
    ).toEqual([
      { description: "Développement", quantity: 3, unit: "jour", unitPriceCents: 45000, vatRateBp: 2000 },
      { description: "Formation", quantity: 1, unit: "forfait", unitPriceCents: 10000, vatRateBp: 2000 },
    ]);
    const [stored] = await modelContext.database.db
      .select({ end: invoices.serviceEndDate })
      .from(invoices)
      .where(eq(invoices.id, result.data.id));
    expect(stored?.end).toBe("2026-03-06");
    expect(await clientsOf(cookie)).toHaveLength(1);

    // Issuing keeps the due date chosen on the draft, and the printed terms count its days.
    const issued = await api(cookie, `/api/invoices/${result.data.id}/issue`, { method: "POST" });
    expect(issued).toMatchObject({
      dueDate,
      paymentTerms: "Paiement à 45 jours à compter de la date de facture",
    });
  });

  it("asks which client when the name fits several, and stores nothing", async () => {
    const { cookie, userId } = await registerPaid(modelContext, { email: "paul.actions@example.fr" });
    for (const name of ["Dupont Immobilier", "Dupont Conseil"])
      await api(cookie, "/api/clients", { method: "POST", body: { name } });
    const { events, toolResults } = await ask(cookie, [
      { name: "create_invoice", arguments: { client: "dupont", amount: 500 } },
    ]);
    expect(only(events, "proposal")).toEqual([]);
    expect(only(events, "result")).toEqual([]);
    expect(toolResults.join()).toMatch(
      /Plusieurs clients correspondent à « dupont » : Dupont (Immobilier|Conseil), Dupont (Conseil|Immobilier)\. Lequel \?/,
    );
    expect(await proposalsStored(userId)).toBe(0);
    expect(await clientsOf(cookie)).toHaveLength(2);
  });

  it("says a client is new, and creates it as a prospect only on confirmation, once for two documents", async () => {
    const { cookie } = await registerPaid(modelContext, { email: "rita.actions@example.fr" });
    const validUntil = addDays(parisToday(), 20);
    const { events } = await ask(cookie, [
      { name: "create_quote", arguments: { client: "Atelier Nouveau", amount: 800, validUntil } },
      { name: "create_invoice", arguments: { client: "atelier nouveau", amount: 200 } },
    ]);
    const [quote, invoice] = only(events, "proposal").map((event) => event.proposal);
    expect(quote?.details).toContainEqual({
      label: "Client",
      value: "Nouveau client : Atelier Nouveau (entreprise)",
    });
    expect(quote?.details).toContainEqual({ label: "Valable jusqu'au", value: formatDate(validUntil) });
    expect(invoice?.details).toContainEqual({
      label: "Client",
      value: "Nouveau client : atelier nouveau (entreprise)",
    });
    expect(await clientsOf(cookie)).toEqual([]);

    const created = await confirm(cookie, quote?.id);
    expect(created).toMatchObject({ type: "create_quote", success: true });
    expect(await api(cookie, `/api/quotes/${created.data.id}`)).toMatchObject({
      clientName: "Atelier Nouveau",
      validUntil,
      subtotalCents: 80000,
    });
    const clients = await clientsOf(cookie);
    expect(clients).toMatchObject([{ name: "Atelier Nouveau", status: "prospect" }]);
    // The second proposal was for a client new at the time: confirmed after the first, it finds it.
    const second = await confirm(cookie, invoice?.id);
    expect(await api(cookie, `/api/invoices/${second.data.id}`)).toMatchObject({ clientId: clients[0]?.id });
    expect(await clientsOf(cookie)).toHaveLength(1);
  });

  it("adds a task to the project named, and asks for the project when none is named", async () => {
    const { cookie } = await registerPaid(modelContext, { email: "sami.actions@example.fr" });
    const client = await api(cookie, "/api/clients", { method: "POST", body: { name: "Studio Lumière" } });
    const project = await api(cookie, "/api/projects", {
      method: "POST",
      body: { name: "Refonte du site", clientId: client.id },
    });
    await api(cookie, "/api/projects", { method: "POST", body: { name: "Identité visuelle" } });
    const dueDate = addDays(parisToday(), 7);

    const named = await ask(cookie, [
      { name: "create_task", arguments: { title: "Maquettes", project: "refonte site", dueDate } },
    ]);
    const proposal = only(named.events, "proposal")[0]?.proposal;
    expect(proposal?.details).toEqual([
      { label: "Tâche", value: "Maquettes" },
      { label: "Projet", value: "Refonte du site" },
      { label: "Échéance", value: formatDate(dueDate) },
    ]);
    expect(await confirm(cookie, proposal?.id)).toMatchObject({ type: "create_task", success: true });
    expect((await api(cookie, `/api/projects/${project.id}`)).tasks).toMatchObject([
      { title: "Maquettes", dueDate, status: "a-faire" },
    ]);

    // The client's only active project is the one meant.
    const byClient = await ask(cookie, [
      { name: "create_task", arguments: { title: "Recette", client: "studio lumiere" } },
    ]);
    expect(only(byClient.events, "proposal")[0]?.proposal.details).toContainEqual({
      label: "Projet",
      value: "Refonte du site",
    });

    const unnamed = await ask(cookie, [{ name: "create_task", arguments: { title: "Relire le contrat" } }]);
    expect(only(unnamed.events, "proposal")).toEqual([]);
    expect(unnamed.toolResults.join()).toMatch(
      /Pour quel projet \? Projets actifs : (Refonte du site, Identité visuelle|Identité visuelle, Refonte du site)\./,
    );
  });

  it("drafts a contract for the existing client with its amount and dates", async () => {
    const { cookie } = await registerPaid(modelContext, { email: "tina.actions@example.fr" });
    const known = await api(cookie, "/api/clients", {
      method: "POST",
      body: {
        name: "SARL Les Jardins de Provence",
        siren: "552100554",
        addressLine1: "9 cours Mirabeau",
        postalCode: "13100",
        city: "Aix-en-Provence",
      },
    });
    const { events } = await ask(cookie, [
      {
        name: "create_contract",
        arguments: {
          client: "Jardins de Provence",
          title: "Entretien du site",
          amount: 3000,
          startDate: "2026-05-01",
          endDate: "2026-06-30",
        },
      },
    ]);
    const proposal = only(events, "proposal")[0]?.proposal;
    expect(proposal?.summary).toBe(
      "Créer le contrat « Entretien du site » pour SARL Les Jardins de Provence",
    );
    const result = await confirm(cookie, proposal?.id);
    expect(result).toMatchObject({ type: "create_contract", success: true });
    expect(await api(cookie, `/api/contracts/${result.data.id}`)).toMatchObject({
      title: "Entretien du site",
      clientId: known.id,
      amountCents: 300000,
      startDate: "2026-05-01",
      endDate: "2026-06-30",
      status: "brouillon",
    });
    expect(await clientsOf(cookie)).toHaveLength(1);
  });

  it("records a payment only once confirmed, even in agent mode, and only on the user's own invoice", async () => {
    const owner = await registerPaid(modelContext, { email: "ugo.actions@example.fr" });
    const stranger = await registerPaid(modelContext, { email: "vera.actions@example.fr" });
    const today = parisToday();
    const invoiceId = await insertInvoiceRow(modelContext.database.db, {
      userId: owner.userId,
      clientName: "Client payeur",
      status: "en-attente",
      invoiceNumber: "INV-2026-0042",
      date: addDays(today, -20),
      dueDate: addDays(today, 10),
      subtotalCents: 100000,
      totalCents: 120000,
    });
    const yesterday = addDays(today, -1);
    const payment = {
      name: "record_payment",
      arguments: { invoiceNumber: "inv-2026-0042", date: yesterday, method: "virement" },
    };

    const foreign = await ask(stranger.cookie, [payment], { confirmBeforeAction: false });
    expect(only(foreign.events, "proposal")).toEqual([]);
    expect(only(foreign.events, "result")).toEqual([]);
    expect(foreign.toolResults.join()).toContain(
      "Je ne trouve pas la facture INV-2026-0042 parmi les vôtres.",
    );

    const { events } = await ask(owner.cookie, [payment], { confirmBeforeAction: false });
    expect(only(events, "result")).toEqual([]);
    const proposal = only(events, "proposal")[0]?.proposal;
    expect(proposal).toMatchObject({
      type: "record_payment",
      summary: `Enregistrer le paiement de ${formatMoney(120000)} de la facture INV-2026-0042`,
    });
    expect((await api(owner.cookie, `/api/invoices/${invoiceId}`)).paidCents).toBe(0);

    expect(await confirm(owner.cookie, proposal?.id)).toMatchObject({
      type: "record_payment",
      success: true,
    });
    const invoice = await api(owner.cookie, `/api/invoices/${invoiceId}`);
    expect(invoice).toMatchObject({ status: "payée", paidCents: 120000 });
    expect(invoice.payments).toMatchObject([{ amountCents: 120000, paidOn: yesterday, method: "virement" }]);
  });

  it("still confirms a proposal stored in the first format (one amount, no client id)", async () => {
    const { cookie, userId } = await registerPaid(modelContext, { email: "wes.actions@example.fr" });
    const [row] = await modelContext.database.db
      .insert(aiTaskExecutions)
      .values({
        userId,
        taskType: "proposal",
        inputPrompt: "Créer un brouillon de facture pour Ancien",
        provider: "local",
        metadata: {
          action: "create_invoice",
          input: { client: "Ancien", amount: 250, description: "audit" },
          status: "pending",
          conversationId: null,
        },
      })
      .returning({ id: aiTaskExecutions.id });
    const result = await confirm(cookie, row?.id);
    expect(result).toMatchObject({ type: "create_invoice", success: true });
    expect(await api(cookie, `/api/invoices/${result.data.id}`)).toMatchObject({
      clientName: "Ancien",
      subtotalCents: 25000,
      lines: [expect.objectContaining({ description: "Audit", quantity: 1 })],
    });
  });
});
