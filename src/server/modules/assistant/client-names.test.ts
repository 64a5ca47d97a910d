import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, invoices } from "../../db/schema/index";
import { registerPaid } from "../../test/accounts";
import { chat, confirmProposalOf, only } from "../../test/assistant-chat";
import { type FakeOpenAI, startFakeOpenAI } from "../../test/fake-openai";
import { createTestContext, type TestContext } from "../../test/test-app";

// A client named in the chat as people type and dictate it (lower case, with its article, its legal form
// or without, the punctuation a dictation spells out) is the client the user already has: the proposal
// names it, and confirming writes the record on it, with no second client created.

const KNOWN = ["Menuiserie Girard", "Atelier 42", "L'Échoppe", "SARL Les Jardins de Provence"];

async function seededAccount(context: TestContext, email: string) {
  const account = await registerPaid(context, { email });
  const rows = await context.database.db
    .insert(clients)
    .values(KNOWN.map((name) => ({ userId: account.userId, name, status: "actif" as const })))
    .returning({ id: clients.id, name: clients.name });
  const idOf = (name: string) => rows.find((row) => row.name === name)?.id;
  const clientCount = async () =>
    (await context.database.db.select().from(clients).where(eq(clients.userId, account.userId))).length;
  return { ...account, idOf, clientCount };
}

/** The invoice a confirmed proposal wrote, as stored. */
async function invoiceOf(context: TestContext, id: string) {
  const [row] = await context.database.db
    .select({ clientId: invoices.clientId, clientName: invoices.clientName })
    .from(invoices)
    .where(eq(invoices.id, id));
  return row;
}

describe("the offline engine names the existing client", () => {
  let context: TestContext;
  let account: Awaited<ReturnType<typeof seededAccount>>;
  beforeAll(async () => {
    context = await createTestContext();
    account = await seededAccount(context, "nina.names@example.fr");
  });
  afterAll(() => context.close());

  it.each([
    ["Fais une facture pour la menuiserie girard de 500 €", "Menuiserie Girard"],
    ["facture pour menuiserie girard, 500 euros", "Menuiserie Girard"],
    ["Facture pour Menuiserie Girard SARL de 500 €", "Menuiserie Girard"],
    ["facture au nom de l'atelier 42 de 300 €", "Atelier 42"],
    ["Facture à destination de L’Échoppe, 800 € pour le shooting", "L'Échoppe"],
    ["Devis pour le compte des Jardins de Provence de 1 200 €", "SARL Les Jardins de Provence"],
  ])("%s → %s", async (text, known) => {
    const before = await account.clientCount();
    const events = await chat(context, account.cookie, text);
    const [proposal] = only(events, "proposal");
    expect(proposal?.proposal.details).toContainEqual({ label: "Client", value: known });
    const result = await confirmProposalOf(context, account.cookie, events);
    expect(result.success).toBe(true);
    const record = result.data as { id: string };
    if (proposal?.proposal.type === "create_invoice")
      expect(await invoiceOf(context, record.id)).toEqual({
        clientId: account.idOf(known),
        clientName: known,
      });
    expect(await account.clientCount()).toBe(before);
  });

  it("creates a new client only for a name the user does not have, title-cased", async () => {
    const before = await account.clientCount();
    const events = await chat(context, account.cookie, "facture pour la boulangerie martin de 90 €");
    const result = await confirmProposalOf(context, account.cookie, events);
    expect(await invoiceOf(context, (result.data as { id: string }).id)).toMatchObject({
      clientName: "Boulangerie Martin",
    });
    expect(await account.clientCount()).toBe(before + 1);
  });
});

describe("a model's spoken client name", () => {
  let fake: FakeOpenAI;
  let context: TestContext;
  let said = "";
  beforeAll(async () => {
    fake = await startFakeOpenAI((body) =>
      body.messages?.some((message) => message.role === "tool")
        ? { text: "Voici la proposition." }
        : { toolCalls: [{ name: "create_invoice", arguments: { client: said, amount: 500 } }] },
    );
    context = await createTestContext({ env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: "test-key" } });
  });
  afterAll(async () => {
    await context.close();
    await fake.close();
  });

  it.each([
    ["la menuiserie girard virgule", "Menuiserie Girard"],
    ["menuiserie girard,", "Menuiserie Girard"],
    ["MENUISERIE GIRARD SARL", "Menuiserie Girard"],
  ])("« %s » is %s", async (spoken, known) => {
    said = spoken;
    const account = await seededAccount(context, `names.${known.length}.${spoken.length}@example.fr`);
    const events = await chat(context, account.cookie, "Facture la menuiserie girard 500 €");
    const result = await confirmProposalOf(context, account.cookie, events);
    expect(await invoiceOf(context, (result.data as { id: string }).id)).toEqual({
      clientId: account.idOf(known),
      clientName: known,
    });
    expect(await account.clientCount()).toBe(KNOWN.length);
  });

  it("stores a new client without the spoken comma", async () => {
    said = "Fromagerie Dubois virgule";
    const account = await seededAccount(context, "names.new@example.fr");
    const events = await chat(context, account.cookie, "Facture la fromagerie Dubois 500 €");
    const result = await confirmProposalOf(context, account.cookie, events);
    const invoice = await invoiceOf(context, (result.data as { id: string }).id);
    expect(invoice?.clientName).toBe("Fromagerie Dubois");
    const [created] = await context.database.db
      .select({ name: clients.name })
      .from(clients)
      .where(eq(clients.id, invoice?.clientId ?? ""));
    expect(created?.name).toBe("Fromagerie Dubois");
  });
});
