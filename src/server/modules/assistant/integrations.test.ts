import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, registerPaid } from "../../test/accounts";
import { chat, confirmProposalOf, only, textOf } from "../../test/assistant-chat";
import { type FakeMailchimp, startFakeMailchimp } from "../../test/fake-mailchimp";
import { createTestContext, type TestContext } from "../../test/test-app";
import { syncChangedClients } from "../mailchimp/mailchimp.service";

// The assistant's use_integration driving the real integrations (issue 14 §2): Mailchimp against a fake
// Mailchimp API on 127.0.0.1, and honest answers for what is not built.

const KEY = "00112233445566778899aabbccddeeff-us8";

let context: TestContext;
let mailchimp: FakeMailchimp;
let alice: { cookie: string; userId: string };

const runJob = () =>
  syncChangedClients({
    db: context.database.db,
    secrets: context.secrets,
    apiUrl: mailchimp.baseUrl,
    logger: pino({ level: "silent" }),
  });

beforeAll(async () => {
  mailchimp = await startFakeMailchimp({ keys: [KEY], lists: [{ id: "aud1", name: "Mes clients" }] });
  context = await createTestContext({ env: { MAILCHIMP_API_URL: mailchimp.baseUrl } });
  alice = await registerPaid(context, { email: "alice-integrations@example.fr" });
  for (const body of [
    { name: "Dupont Immobilier", contactName: "Jeanne Dupont", email: "jeanne@dupont.fr" },
    { name: "Nexa", email: "contact@nexa.fr", status: "actif" },
  ])
    expect((await call(context, "/api/clients", { method: "POST", cookie: alice.cookie, body })).status).toBe(
      201,
    );
});

afterAll(async () => {
  await context?.close();
  await mailchimp?.close();
});

describe("« Envoie mes clients sur Mailchimp »", () => {
  it("explains how to connect Mailchimp when it is not connected, and proposes nothing", async () => {
    const events = await chat(context, alice.cookie, "Envoie mes clients sur Mailchimp");
    expect(only(events, "proposal")).toHaveLength(0);
    expect(textOf(events)).toContain("Mailchimp n'est pas encore connecté");
    expect(textOf(events)).toContain("Profil → Extras → Clés d'API");
  });

  it("once connected, proposes the sync and, after consent, sends every client to the audience", async () => {
    const connected = await call(context, "/api/integrations/mailchimp", {
      method: "POST",
      cookie: alice.cookie,
      body: { apiKey: KEY },
    });
    // The account's only audience is chosen at once.
    expect((await connected.json()).connection.audience).toEqual({ id: "aud1", name: "Mes clients" });

    const proposal = only(
      await chat(context, alice.cookie, "Envoie mes clients sur Mailchimp"),
      "proposal",
    )[0];
    expect(proposal?.proposal).toMatchObject({
      type: "use_integration",
      summary: "Envoyer vos clients vers votre audience Mailchimp",
    });
    expect(mailchimp.requests.filter((request) => request.method === "PUT")).toHaveLength(0);

    const confirmed = await call(context, `/api/assistant/proposals/${proposal?.proposal.id}/confirm`, {
      method: "POST",
      cookie: alice.cookie,
    });
    const { result } = await confirmed.json();
    expect(result).toMatchObject({ type: "use_integration", success: true });
    expect(result.message).toContain(
      "2 clients avec une adresse e-mail partent vers l'audience « Mes clients »",
    );

    expect(await runJob()).toBe(2);
    expect(mailchimp.member("aud1", "jeanne@dupont.fr")).toMatchObject({
      status: "subscribed",
      merge_fields: { FNAME: "Jeanne", LNAME: "Dupont" },
      tags: ["Prospect"],
    });
    expect(mailchimp.member("aud1", "contact@nexa.fr")?.tags).toEqual(["Client"]);
  });

  it("resends everyone when asked again, in agent mode, without resubscribing an unsubscribed contact", async () => {
    const jeanne = mailchimp.member("aud1", "jeanne@dupont.fr");
    if (jeanne) jeanne.status = "unsubscribed";
    const events = await chat(context, alice.cookie, "Envoie mes clients sur Mailchimp", {
      confirmBeforeAction: false,
    });
    // Clients leaving for Mailchimp always wait for the user's « Confirmer », agent mode or not.
    expect((await confirmProposalOf(context, alice.cookie, events)).success).toBe(true);
    expect(await runJob()).toBe(2);
    expect(mailchimp.member("aud1", "jeanne@dupont.fr")?.status).toBe("unsubscribed");
  });

  it("says in French that the key was refused, instead of proposing", async () => {
    mailchimp.keys.delete(KEY);
    await call(context, "/api/integrations/mailchimp/sync", { method: "POST", cookie: alice.cookie });
    const events = await chat(context, alice.cookie, "Envoie mes clients sur Mailchimp");
    expect(only(events, "proposal")).toHaveLength(0);
    expect(textOf(events)).toContain("Mailchimp a refusé la clé d'API");
  });
});

describe("« Connecte Zapier »", () => {
  it("proposes a token and, after consent, creates one that opens the public API, with where to paste it", async () => {
    const events = await chat(context, alice.cookie, "Connecte Zapier");
    const proposal = only(events, "proposal")[0];
    expect(proposal?.proposal.summary).toBe(
      "Créer un jeton d'API personnel (lecture et écriture) pour Zapier",
    );
    const before = await (await call(context, "/api/integrations/tokens", { cookie: alice.cookie })).json();
    expect(before.items).toHaveLength(0);

    const confirmed = await call(context, `/api/assistant/proposals/${proposal?.proposal.id}/confirm`, {
      method: "POST",
      cookie: alice.cookie,
    });
    const { result } = await confirmed.json();
    expect(result.success).toBe(true);
    expect(result.message).toContain("http://localhost:3000/api/v1");
    expect(result.message).toContain("Authorization");
    // The token is shown once beside the message, never inside it: the message is stored and read by models.
    const token = result.secret?.value;
    expect(token).toMatch(/^ard_[A-Za-z0-9_-]{43}$/);
    expect(result.secret?.kind).toBe("jeton");
    expect(result.message).not.toContain(token);
    const stored = await context.database.db.execute(
      sql`select output_result from ai_task_executions where id = ${proposal?.proposal.id}`,
    );
    const [execution] = (stored as unknown as { rows: { output_result: string }[] }).rows;
    expect(execution?.output_result).toContain("Jeton d'API « Zapier » créé");
    expect(execution?.output_result).not.toContain(token);

    const listed = await (await call(context, "/api/integrations/tokens", { cookie: alice.cookie })).json();
    expect(listed.items).toMatchObject([{ name: "Zapier", scope: "write" }]);
    const clients = await context.app.request("/api/v1/clients", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(clients.status).toBe(200);
    expect(JSON.stringify(await clients.json())).toContain("Dupont Immobilier");
  });
});
