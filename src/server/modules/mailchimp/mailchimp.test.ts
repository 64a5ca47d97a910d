import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailchimpConnections } from "../../db/schema/index";
import { call, registerPaid } from "../../test/accounts";
import { type FakeMailchimp, startFakeMailchimp } from "../../test/fake-mailchimp";
import { createTestContext, type TestContext } from "../../test/test-app";
import { syncChangedClients } from "./mailchimp.service";

// Mailchimp against a fake Mailchimp API on 127.0.0.1 (MAILCHIMP_API_URL), through the Intégrations routes
// and the job loop's sync of changed clients.

const KEY = "0123456789abcdef0123456789abcdef-us21";
const OTHER_KEY = "fedcba9876543210fedcba9876543210-us21";
const LISTS = [
  { id: "a1b2c3", name: "Newsletter" },
  { id: "d4e5f6", name: "Clients Ardoise" },
];

let context: TestContext;
let mailchimp: FakeMailchimp;
let alice: { cookie: string; userId: string };
const clientIds = { dupont: "", nexa: "", fake: "" };

const job = () =>
  syncChangedClients({
    db: context.database.db,
    secrets: context.secrets,
    apiUrl: mailchimp.baseUrl,
    logger: pino({ level: "silent" }),
  });

async function createClient(body: object) {
  const response = await call(context, "/api/clients", { method: "POST", cookie: alice.cookie, body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const memberPuts = () => mailchimp.requests.filter((request) => request.method === "PUT").length;

beforeAll(async () => {
  mailchimp = await startFakeMailchimp({ keys: [KEY], lists: LISTS });
  context = await createTestContext({ env: { MAILCHIMP_API_URL: mailchimp.baseUrl } });
  alice = await registerPaid(context, { email: "alice-mailchimp@example.fr" });
});

afterAll(async () => {
  await context?.close();
  await mailchimp?.close();
});

describe("Mailchimp", () => {
  it("refuses a malformed key and, in French, a key Mailchimp answers 401 to", async () => {
    const malformed = await call(context, "/api/integrations/mailchimp", {
      method: "POST",
      cookie: alice.cookie,
      body: { apiKey: "pas-une-cle" },
    });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(await malformed.json())).toContain("Clé d'API Mailchimp invalide");

    const refused = await call(context, "/api/integrations/mailchimp", {
      method: "POST",
      cookie: alice.cookie,
      body: { apiKey: OTHER_KEY },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe(
      "Mailchimp a refusé la clé d'API : elle est invalide ou a été révoquée. Reconnectez Mailchimp avec une nouvelle clé (Profil → Extras → Clés d'API).",
    );
    const status = await call(context, "/api/integrations/mailchimp", { cookie: alice.cookie });
    expect(await status.json()).toEqual({ connection: null });
  });

  it("connects with a key, keeps it sealed, lists the audiences and lets the user choose one", async () => {
    const connected = await call(context, "/api/integrations/mailchimp", {
      method: "POST",
      cookie: alice.cookie,
      body: { apiKey: KEY },
    });
    expect(connected.status).toBe(200);
    const { connection } = await connected.json();
    expect(connection).toMatchObject({
      accountName: "Atelier Martin",
      dataCenter: "us21",
      keyEnd: "cdef-us21",
      audience: null,
    });
    const [stored] = await context.database.db
      .select()
      .from(mailchimpConnections)
      .where(eq(mailchimpConnections.userId, alice.userId));
    expect(stored?.apiKeySealed).not.toContain("0123456789abcdef");

    const audiences = await call(context, "/api/integrations/mailchimp/audiences", { cookie: alice.cookie });
    expect((await audiences.json()).items).toEqual([
      { id: "a1b2c3", name: "Newsletter", memberCount: 0 },
      { id: "d4e5f6", name: "Clients Ardoise", memberCount: 0 },
    ]);
    const unknown = await call(context, "/api/integrations/mailchimp/audience", {
      method: "PUT",
      cookie: alice.cookie,
      body: { listId: "nope" },
    });
    expect(unknown.status).toBe(404);
    const chosen = await call(context, "/api/integrations/mailchimp/audience", {
      method: "PUT",
      cookie: alice.cookie,
      body: { listId: "d4e5f6" },
    });
    expect((await chosen.json()).connection.audience).toEqual({ id: "d4e5f6", name: "Clients Ardoise" });
  });

  it("« Synchroniser maintenant » creates the members with their names and a Prospect or Client tag", async () => {
    clientIds.dupont = await createClient({
      name: "Dupont Immobilier",
      company: "Dupont Immobilier",
      contactName: "Jeanne Dupont de la Tour",
      email: "Jeanne.Dupont@dupont.fr",
    });
    clientIds.nexa = await createClient({ name: "Nexa", email: "contact@nexa.fr", status: "actif" });
    clientIds.fake = await createClient({ name: "Fictif", email: "personne@example.invalid" });
    await createClient({ name: "Sans adresse" });

    const response = await call(context, "/api/integrations/mailchimp/sync", {
      method: "POST",
      cookie: alice.cookie,
    });
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result).toMatchObject({ synced: 2, refused: 1 });
    expect(mailchimp.member("d4e5f6", "jeanne.dupont@dupont.fr")).toEqual({
      email_address: "Jeanne.Dupont@dupont.fr",
      status: "subscribed",
      merge_fields: { FNAME: "Jeanne", LNAME: "Dupont de la Tour" },
      tags: ["Prospect"],
    });
    expect(mailchimp.member("d4e5f6", "contact@nexa.fr")).toMatchObject({
      merge_fields: { FNAME: "Nexa", LNAME: "" },
      tags: ["Client"],
    });
    expect(result.status.connection).toMatchObject({
      syncedCount: 2,
      pendingCount: 1,
      lastError: null,
      refused: [{ clientName: "Fictif", error: "Mailchimp juge cette adresse e-mail invalide." }],
    });
    expect(result.status.connection.lastSyncAt).not.toBeNull();
  });

  it("syncs a changed client from the job, and never resubscribes a member who unsubscribed", async () => {
    expect(await job()).toBe(0);
    const before = memberPuts();

    const dupont = mailchimp.member("d4e5f6", "jeanne.dupont@dupont.fr");
    if (dupont) dupont.status = "unsubscribed";
    const updated = await call(context, `/api/clients/${clientIds.dupont}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: { status: "actif", contactName: "Jeanne Dupont" },
    });
    expect(updated.status).toBe(200);
    const added = await createClient({
      name: "Lefèvre Conseil",
      contactName: "Paul Lefèvre",
      email: "paul@lefevre.fr",
    });

    expect(await job()).toBe(2);
    // Only what changed was sent: the updated client and the new one.
    expect(memberPuts() - before).toBe(2);
    expect(mailchimp.member("d4e5f6", "jeanne.dupont@dupont.fr")).toEqual({
      email_address: "Jeanne.Dupont@dupont.fr",
      status: "unsubscribed",
      merge_fields: { FNAME: "Jeanne", LNAME: "Dupont" },
      tags: ["Client"],
    });
    expect(mailchimp.member("d4e5f6", "paul@lefevre.fr")?.status).toBe("subscribed");
    expect(added).toBeTruthy();

    const status = await (
      await call(context, "/api/integrations/mailchimp", { cookie: alice.cookie })
    ).json();
    expect(status.connection).toMatchObject({ syncedCount: 3, unsubscribedCount: 1 });
  });

  it("shows a revoked key's French error on the card and stops the job calling with it", async () => {
    mailchimp.keys.delete(KEY);
    const response = await call(context, "/api/integrations/mailchimp/sync", {
      method: "POST",
      cookie: alice.cookie,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/^Mailchimp a refusé la clé d'API/);
    const status = await (
      await call(context, "/api/integrations/mailchimp", { cookie: alice.cookie })
    ).json();
    expect(status.connection.lastError).toMatch(/^Mailchimp a refusé la clé d'API/);

    await call(context, `/api/clients/${clientIds.nexa}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: { phone: "0612345678" },
    });
    const calls = mailchimp.requests.length;
    expect(await job()).toBe(0);
    expect(mailchimp.requests.length).toBe(calls);

    // A new key clears the error; the job then sends the change it held back.
    mailchimp.keys.add(OTHER_KEY);
    await call(context, "/api/integrations/mailchimp", {
      method: "POST",
      cookie: alice.cookie,
      body: { apiKey: OTHER_KEY },
    });
    await call(context, "/api/integrations/mailchimp/audience", {
      method: "PUT",
      cookie: alice.cookie,
      body: { listId: "d4e5f6" },
    });
    expect(await job()).toBe(1);
    const after = await (await call(context, "/api/integrations/mailchimp", { cookie: alice.cookie })).json();
    expect(after.connection.lastError).toBeNull();
  });

  it("answers 401 to an anonymous caller", async () => {
    expect((await call(context, "/api/integrations/mailchimp")).status).toBe(401);
  });
});
