import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { errorBody } from "@shared/schemas/error";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessIdentities, profiles, webhookDeliveries } from "../../db/schema/index";
import { WEBHOOK_BEAT_MS } from "../../jobs/job-loop";
import { call, lastEmailTo, registerPaid } from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";
import { TYPED_BUSINESS } from "../../test/typed-buyer";
import {
  CLAIM_LEASE_MS,
  claimDueDeliveries,
  deliverWebhooks,
  httpSender,
  MAX_ATTEMPTS,
  RETRY_DELAYS_S,
} from "./webhook-delivery";

let context: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };
let aliceWrite: string;
let aliceRead: string;
let bobWrite: string;

const logger = pino({ level: "silent" });
const send = httpSender({ allowLoopback: true });
const runJob = (at: Date) => deliverWebhooks({ db: context.database.db, logger, send }, at);
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

async function createToken(cookie: string, scope: "read" | "write", name = `Zapier ${scope}`) {
  const response = await call(context, "/api/integrations/tokens", {
    method: "POST",
    cookie,
    body: { name, scope },
  });
  expect(response.status).toBe(201);
  return response.json();
}

/** A call as an automation tool makes it: bearer token, no cookie, no Origin. */
function v1(
  path: string,
  { token, method = "GET", body }: { token?: string; method?: string; body?: unknown } = {},
) {
  return context.app.request(`/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

type Received = { headers: IncomingMessage["headers"]; body: string };

/** A hook target on 127.0.0.1 that answers with the next status of `statuses` (the last one repeats). */
async function receiver(statuses: number[]) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => server.close() };
}

/** What a receiver does with Ardoise-Signature: recompute the HMAC over `t.body` and compare. */
function verifySignature(header: string, body: string, secret: string) {
  const { t, v1: signature } = Object.fromEntries(header.split(",").map((part) => part.split("=")));
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return Boolean(t && signature) && timingSafeEqual(Buffer.from(signature ?? ""), Buffer.from(expected));
}

async function subscribe(token: string, targetUrl: string, event = "client.created") {
  const response = await v1("/hooks", { token, method: "POST", body: { target_url: targetUrl, event } });
  expect(response.status).toBe(201);
  return response.json() as Promise<{ id: string; secret: string; target_url: string; event: string }>;
}

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerPaid(context, { email: "alice.api@example.fr" });
  bob = await registerPaid(context, { email: "bob.api@example.fr" });
  aliceWrite = (await createToken(alice.cookie, "write")).token;
  aliceRead = (await createToken(alice.cookie, "read")).token;
  bobWrite = (await createToken(bob.cookie, "write")).token;
});
afterAll(() => context.close());

describe("personal API tokens", () => {
  it("shows a token once, lists it with its last use, and refuses it once revoked", async () => {
    const created = await createToken(alice.cookie, "read", "Script compta");
    expect(created).toMatchObject({ name: "Script compta", scope: "read", lastUsedAt: null });
    expect(created.token).toMatch(/^ard_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.tokenStart)).toBe(true);

    expect((await v1("/clients", { token: created.token })).status).toBe(200);
    const listed = await (await call(context, "/api/integrations/tokens", { cookie: alice.cookie })).json();
    const entry = listed.items.find((item: { id: string }) => item.id === created.id);
    expect(entry.lastUsedAt).not.toBeNull();
    expect(entry).not.toHaveProperty("token");
    expect(JSON.stringify(listed)).not.toContain(created.token);

    // Another user cannot revoke it.
    expect(
      (
        await call(context, `/api/integrations/tokens/${created.id}`, {
          method: "DELETE",
          cookie: bob.cookie,
        })
      ).status,
    ).toBe(404);
    const revoked = await call(context, `/api/integrations/tokens/${created.id}`, {
      method: "DELETE",
      cookie: alice.cookie,
    });
    expect(revoked.status).toBe(204);
    const refused = await v1("/clients", { token: created.token });
    expect(refused.status).toBe(401);
    expect(errorBody.parse(await refused.json()).error.message).toBe("Jeton d'API inconnu ou révoqué.");
  });

  it("answers 401 without a token or with an unknown one, in the house error shape", async () => {
    const missing = await v1("/clients");
    expect(missing.status).toBe(401);
    expect(errorBody.parse(await missing.json()).error.code).toBe("unauthenticated");
    expect((await v1("/clients", { token: "ard_inconnu" })).status).toBe(401);
    expect((await v1("/clients", { token: "not-even-ours" })).status).toBe(401);
    // The session cookie is not a credential here.
    expect((await call(context, "/api/v1/clients", { cookie: alice.cookie })).status).toBe(401);
  });

  it("lets a read token read but not write (403)", async () => {
    expect((await v1("/clients", { token: aliceRead })).status).toBe(200);
    const write = await v1("/clients", { token: aliceRead, method: "POST", body: { name: "Refusé" } });
    expect(write.status).toBe(403);
    expect(errorBody.parse(await write.json()).error.code).toBe("forbidden");
    const hook = await v1("/hooks", {
      token: aliceRead,
      method: "POST",
      body: { target_url: "http://127.0.0.1:9/x", event: "client.created" },
    });
    expect(hook.status).toBe(403);
  });

  it("answers 402 when the token's owner has not paid", async () => {
    const carol = await registerPaid(context, { email: "carol.api@example.fr" });
    const { token } = await createToken(carol.cookie, "write");
    await context.database.db
      .update(profiles)
      .set({ subscriptionStatus: "inactive" })
      .where(eq(profiles.id, carol.userId));
    const response = await v1("/clients", { token });
    expect(response.status).toBe(402);
    expect(errorBody.parse(await response.json()).error.code).toBe("payment_required");
  });

  it("needs a session to manage tokens", async () => {
    const response = await call(context, "/api/integrations/tokens", {
      method: "POST",
      body: { name: "x", scope: "read" },
    });
    expect(response.status).toBe(401);
    const invalid = await call(context, "/api/integrations/tokens", {
      method: "POST",
      cookie: alice.cookie,
      body: { name: "x", scope: "admin" },
    });
    expect(invalid.status).toBe(400);
  });
});

describe("/api/v1 resources", () => {
  it("creates, reads, updates and lists clients with a cursor and updated_since; another user's is a 404", async () => {
    const created = await v1("/clients", {
      token: aliceWrite,
      method: "POST",
      body: { name: "Atelier Bois", email: "contact@atelier-bois.fr", siren: "443 061 841" },
    });
    expect(created.status).toBe(201);
    const client = await created.json();
    expect(client).toMatchObject({ name: "Atelier Bois", siren: "443061841", status: "prospect" });

    const invalid = await v1("/clients", { token: aliceWrite, method: "POST", body: { name: "" } });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.issues[0]).toMatchObject({ path: "name" });

    expect(await (await v1(`/clients/${client.id}`, { token: aliceRead })).json()).toEqual(client);
    const patched = await v1(`/clients/${client.id}`, {
      token: aliceWrite,
      method: "PATCH",
      body: { status: "actif" },
    });
    expect(patched.status).toBe(200);
    expect((await patched.json()).status).toBe("actif");

    expect((await v1(`/clients/${client.id}`, { token: bobWrite })).status).toBe(404);
    expect(
      (await v1(`/clients/${client.id}`, { token: bobWrite, method: "PATCH", body: { name: "Volé" } }))
        .status,
    ).toBe(404);
    expect((await v1("/clients/pas-un-id", { token: aliceRead })).status).toBe(404);

    // Paging: oldest change first, following next_cursor until null, every client once.
    for (const name of ["Client B", "Client C", "Client D"])
      await v1("/clients", { token: aliceWrite, method: "POST", body: { name } });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await (
        await v1(`/clients?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { token: aliceRead })
      ).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item: { name: string }) => item.name));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(expect.arrayContaining(["Atelier Bois", "Client B", "Client C", "Client D"]));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.indexOf("Client D")).toBe(seen.length - 1);

    const offsetPage = await (await v1("/clients?limit=1&offset=1", { token: aliceRead })).json();
    expect(offsetPage.items[0].name).toBe(seen[1]);

    const since = new Date(Date.now() + 60_000).toISOString();
    expect((await (await v1(`/clients?updated_since=${since}`, { token: aliceRead })).json()).items).toEqual(
      [],
    );
    const all = await (await v1("/clients?updated_since=2000-01-01T00:00:00Z", { token: aliceRead })).json();
    expect(all.items.length).toBe(seen.length);
    // Bob sees none of them.
    expect((await (await v1("/clients", { token: bobWrite })).json()).items).toEqual([]);
    expect((await v1("/clients?cursor=nimportequoi", { token: aliceRead })).status).toBe(400);
  });

  it("serves projects, tasks, expenses and invoice drafts through their services", async () => {
    const project = await (
      await v1("/projects", { token: aliceWrite, method: "POST", body: { name: "Site vitrine" } })
    ).json();
    expect(project).toMatchObject({ name: "Site vitrine", taskCount: 0 });
    const task = await v1("/tasks", {
      token: aliceWrite,
      method: "POST",
      body: { projectId: project.id, title: "Maquettes" },
    });
    expect(task.status).toBe(201);
    const { id: taskId } = await task.json();
    const done = await v1(`/tasks/${taskId}`, {
      token: aliceWrite,
      method: "PATCH",
      body: { status: "terminee" },
    });
    expect((await done.json()).status).toBe("terminee");
    expect((await (await v1(`/projects/${project.id}`, { token: aliceRead })).json()).doneTaskCount).toBe(1);

    const expense = await v1("/expenses", {
      token: aliceWrite,
      method: "POST",
      body: { title: "Train Lyon", amountCents: 4_500 },
    });
    expect(expense.status).toBe(201);

    const draft = await v1("/invoices", {
      token: aliceWrite,
      method: "POST",
      body: {
        clientName: "Atelier Bois",
        lines: [{ description: "Développement", quantity: 2, unitPriceCents: 50_000, vatRateBp: 0 }],
      },
    });
    expect(draft.status).toBe(201);
    const invoice = await draft.json();
    expect(invoice).toMatchObject({ status: "brouillon", totalCents: 100_000, invoiceNumber: null });
    const listed = await (await v1("/invoices", { token: aliceRead })).json();
    expect(listed.items.map((item: { id: string }) => item.id)).toContain(invoice.id);
    expect((await v1("/payments", { token: aliceRead })).status).toBe(200);
    // A payment on a draft is refused by the invoicing rules, not by the API.
    const payment = await v1("/payments", {
      token: aliceWrite,
      method: "POST",
      body: { invoiceId: invoice.id, amountCents: 100 },
    });
    expect(payment.status).toBe(409);
  });
});

/** A paid user with the legal identity issuing needs, a write and a read token. */
async function seller(email: string) {
  const user = await registerPaid(context, { email });
  await context.database.db.insert(businessIdentities).values({
    userId: user.userId,
    legalName: "Dora Petit EI",
    siren: "732829320",
    addressLine1: "3 place Bellecour",
    postalCode: "69002",
    city: "Lyon",
    vatRegime: "assujetti",
    vatNumber: "FR44732829320",
    paymentTermsDays: 30,
    latePenaltyRate: "3 fois le taux d'intérêt légal",
  });
  return {
    ...user,
    write: (await createToken(user.cookie, "write")).token as string,
    read: (await createToken(user.cookie, "read")).token as string,
  };
}

const lines = [
  { description: "Audit", quantity: 1, unitPriceCents: 80_000, vatRateBp: 2000 },
  { description: "Atelier", quantity: 2, unitPriceCents: 30_000, vatRateBp: 1000 },
];

describe("/api/v1 lists", () => {
  it("answers each record of a page exactly as its get does: lines, payments, credit note, related names", async () => {
    const dora = await seller("dora.api@example.fr");
    const post = async (path: string, body: unknown) => {
      const response = await v1(path, { token: dora.write, method: "POST", body });
      expect(response.status, `${path} ${await response.clone().text()}`).toBeLessThan(300);
      return response.json();
    };
    // A French business client: issuing needs its SIREN.
    const client = await post("/clients", {
      name: "Atelier Bois",
      email: "compta@atelier-bois.fr",
      siren: "443 061 841",
      addressLine1: "3 rue des Tanneurs",
      postalCode: "67000",
      city: "Strasbourg",
    });
    const project = await post("/projects", { name: "Refonte", clientId: client.id });
    await post("/tasks", { projectId: project.id, title: "Maquettes" });
    const done = await post("/tasks", { projectId: project.id, title: "Recette" });
    await v1(`/tasks/${done.id}`, { token: dora.write, method: "PATCH", body: { status: "terminee" } });
    await post("/expenses", { title: "Train Lyon", amountCents: 4_500, projectId: project.id });
    const quote = await post("/quotes", { clientId: client.id, clientName: "Atelier Bois", lines });
    await post(`/quotes/${quote.id}/send`, {});
    await post(`/quotes/${quote.id}/accept`, {});
    const converted = await call(context, `/api/quotes/${quote.id}/convert`, {
      method: "POST",
      cookie: dora.cookie,
    });
    expect(converted.status).toBe(201);
    const paid = await post("/invoices", { clientId: client.id, clientName: "Atelier Bois", lines });
    await v1(`/invoices/${paid.id}/issue`, { token: dora.write, method: "POST" });
    await post("/payments", { invoiceId: paid.id, amountCents: 50_000, method: "virement" });
    await post("/payments", { invoiceId: paid.id, amountCents: 10_000, method: "cheque" });
    const cancelled = await post("/invoices", {
      clientName: "Atelier Bois",
      typedBuyer: TYPED_BUSINESS,
      lines,
    });
    await v1(`/invoices/${cancelled.id}/issue`, { token: dora.write, method: "POST" });
    const cancel = await call(context, `/api/invoices/${cancelled.id}/cancel`, {
      method: "POST",
      cookie: dora.cookie,
    });
    expect(cancel.status).toBe(201);
    const deposit = await post("/invoices", {
      clientId: client.id,
      clientName: "Atelier Bois",
      isDeposit: true,
      lines: [{ description: "Acompte 30 %", quantity: 1, unitPriceCents: 42_000, vatRateBp: 2000 }],
    });
    await post(`/invoices/${deposit.id}/issue`, {});
    const final = await post("/invoices", {
      clientId: client.id,
      clientName: "Atelier Bois",
      lines,
      depositInvoiceIds: [deposit.id],
    });

    const expected = { clients: 1, projects: 1, tasks: 2, expenses: 1, quotes: 1, invoices: 6, payments: 2 };
    for (const [resource, count] of Object.entries(expected)) {
      const page = await (await v1(`/${resource}?limit=100`, { token: dora.read })).json();
      expect(page.items, resource).toHaveLength(count);
      for (const item of page.items) {
        const one = await (await v1(`/${resource}/${item.id}`, { token: dora.read })).json();
        expect(item, `${resource} ${item.id}`).toEqual(one);
      }
    }
    // What the comparison covered: the related data each get reads besides the row.
    const invoices = (await (await v1("/invoices", { token: dora.read })).json()).items;
    const withPayments = invoices.find((item: { id: string }) => item.id === paid.id);
    expect(withPayments.payments.map((payment: { amountCents: number }) => payment.amountCents)).toEqual([
      50_000, 10_000,
    ]);
    expect(withPayments.lines.map((line: { description: string }) => line.description)).toEqual([
      "Audit",
      "Atelier",
    ]);
    const listedCancelled = invoices.find((item: { id: string }) => item.id === cancelled.id);
    expect(listedCancelled.creditNoteId).toBe(listedCancelled.creditNotes[0].id);
    const listedFinal = invoices.find((item: { id: string }) => item.id === final.id);
    expect(listedFinal.deposits).toEqual([
      expect.objectContaining({ id: deposit.id, totalCents: 50_400, date: expect.any(String) }),
    ]);
    const [listedQuote] = (await (await v1("/quotes", { token: dora.read })).json()).items;
    expect(listedQuote).toMatchObject({ clientEmail: "compta@atelier-bois.fr", status: "accepté" });
    expect(listedQuote.invoice.id).toBe((await converted.json()).id);
    const [listedProject] = (await (await v1("/projects", { token: dora.read })).json()).items;
    expect(listedProject).toMatchObject({ clientName: "Atelier Bois", taskCount: 2, doneTaskCount: 1 });
    const [listedExpense] = (await (await v1("/expenses", { token: dora.read })).json()).items;
    expect(listedExpense.projectName).toBe("Refonte");

    // Pages still follow one another through the cursor, every invoice once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await (
        await v1(`/invoices?limit=3${cursor ? `&cursor=${cursor}` : ""}`, { token: dora.read })
      ).json();
      seen.push(...page.items.map((item: { id: string }) => item.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual(invoices.map((item: { id: string }) => item.id).sort());
  });
});

describe("/api/v1 actions", () => {
  it("sends, accepts and refuses quotes through the quotes services, with a write token only", async () => {
    const erin = await seller("erin.api@example.fr");
    const client = await (
      await v1("/clients", {
        token: erin.write,
        method: "POST",
        body: { name: "Brasserie du Nord", email: "achats@brasserie-nord.fr" },
      })
    ).json();
    const create = async () =>
      (
        await v1("/quotes", {
          token: erin.write,
          method: "POST",
          body: { clientId: client.id, clientName: "Brasserie du Nord", lines },
        })
      ).json();
    const quote = await create();

    expect((await v1(`/quotes/${quote.id}/send`, { token: erin.read, method: "POST" })).status).toBe(403);
    expect((await v1(`/quotes/${quote.id}/send`, { token: bobWrite, method: "POST" })).status).toBe(404);
    expect((await v1(`/quotes/${quote.id}/archive`, { token: erin.write, method: "POST" })).status).toBe(404);
    const sent = await v1(`/quotes/${quote.id}/send`, { token: erin.write, method: "POST" });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ id: quote.id, status: "envoyé", sentAt: expect.any(String) });
    const email = await lastEmailTo(context, "achats@brasserie-nord.fr");
    expect(email?.subject).toContain(quote.quoteNumber);

    const accepted = await v1(`/quotes/${quote.id}/accept`, { token: erin.write, method: "POST" });
    expect(await accepted.json()).toMatchObject({ status: "accepté", acceptedAt: expect.any(String) });
    const again = await v1(`/quotes/${quote.id}/refuse`, { token: erin.write, method: "POST" });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe("Seul un devis envoyé peut être marqué comme refusé.");

    const other = await create();
    const badAddress = await v1(`/quotes/${other.id}/send`, {
      token: erin.write,
      method: "POST",
      body: { to: "pas-une-adresse" },
    });
    expect(badAddress.status).toBe(400);
    await v1(`/quotes/${other.id}/send`, {
      token: erin.write,
      method: "POST",
      body: { to: "direction@brasserie-nord.fr", message: "Voici notre proposition." },
    });
    expect((await lastEmailTo(context, "direction@brasserie-nord.fr"))?.text).toContain(
      "Voici notre proposition.",
    );
    const refused = await v1(`/quotes/${other.id}/refuse`, { token: erin.write, method: "POST" });
    expect(await refused.json()).toMatchObject({ status: "refusé", refusedAt: expect.any(String) });
  });

  it("issues and sends an invoice, then records its payment, through the invoices services", async () => {
    const fanny = await seller("fanny.api@example.fr");
    const draft = await (
      await v1("/invoices", {
        token: fanny.write,
        method: "POST",
        body: { clientName: "Maison Roux", typedBuyer: TYPED_BUSINESS, lines },
      })
    ).json();

    expect((await v1(`/invoices/${draft.id}/issue`, { token: fanny.read, method: "POST" })).status).toBe(403);
    const unconfirmed = await v1(`/invoices/${draft.id}/send`, {
      token: fanny.write,
      method: "POST",
      body: { to: "compta@maison-roux.fr", message: "Bonjour, votre facture." },
    });
    expect(unconfirmed.status).toBe(409);
    const issued = await v1(`/invoices/${draft.id}/issue`, { token: fanny.write, method: "POST" });
    expect(issued.status).toBe(200);
    const invoice = await issued.json();
    expect(invoice).toMatchObject({ status: "en-attente", invoiceNumber: expect.stringMatching(/^INV-/) });
    expect((await v1(`/invoices/${draft.id}/issue`, { token: fanny.write, method: "POST" })).status).toBe(
      409,
    );
    // Issued: the draft's update is refused by the invoicing rules.
    expect(
      (await v1(`/invoices/${draft.id}`, { token: fanny.write, method: "PATCH", body: { notes: "x" } }))
        .status,
    ).toBe(409);

    const noMessage = await v1(`/invoices/${draft.id}/send`, {
      token: fanny.write,
      method: "POST",
      body: { to: "compta@maison-roux.fr" },
    });
    expect(noMessage.status).toBe(400);
    const sent = await v1(`/invoices/${draft.id}/send`, {
      token: fanny.write,
      method: "POST",
      body: { to: "compta@maison-roux.fr", message: "Bonjour, votre facture." },
    });
    expect(sent.status).toBe(200);
    expect((await sent.json()).sentAt).toEqual(expect.any(String));
    expect((await lastEmailTo(context, "compta@maison-roux.fr"))?.subject).toContain(invoice.invoiceNumber);

    const payment = await v1("/payments", {
      token: fanny.write,
      method: "POST",
      body: { invoiceId: draft.id, amountCents: invoice.totalCents, method: "virement" },
    });
    expect(payment.status).toBe(201);
    expect((await (await v1(`/invoices/${draft.id}`, { token: fanny.read })).json()).status).toBe("payée");
  });
});

describe("openapi.json", () => {
  it("is a public OpenAPI 3.1 document listing every route, the bearer scheme, the hooks and the payload", async () => {
    const response = await context.app.request("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBeTruthy();
    expect(document.components.securitySchemes.bearerToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.security).toEqual([{ bearerToken: [] }]);
    for (const resource of ["clients", "quotes", "invoices", "payments", "expenses", "projects", "tasks"]) {
      expect(document.paths[`/${resource}`]?.get, resource).toBeDefined();
      expect(document.paths[`/${resource}`]?.post, resource).toBeDefined();
      expect(document.paths[`/${resource}/{id}`]?.get, resource).toBeDefined();
    }
    expect(document.paths["/clients/{id}"].patch).toBeDefined();
    expect(document.paths["/payments/{id}"].patch).toBeUndefined();
    expect(document.paths["/hooks"].post).toBeDefined();
    for (const action of [
      "/quotes/{id}/send",
      "/quotes/{id}/accept",
      "/quotes/{id}/refuse",
      "/invoices/{id}/issue",
      "/invoices/{id}/send",
    ])
      expect(document.paths[action]?.post?.responses["403"], action).toBeDefined();
    expect(document.paths["/invoices/{id}/send"].post.requestBody.required).toBe(true);
    expect(document.paths["/quotes/{id}/send"].post.requestBody.required).toBe(false);
    expect(document.components.schemas.InvoiceSend.required).toEqual(["message"]);
    expect(document.paths["/hooks/{id}"].delete).toBeDefined();
    expect(Object.keys(document.webhooks)).toEqual(
      expect.arrayContaining(["client.created", "invoice.paid", "payment.received", "expense.created"]),
    );
    const payload = document.components.schemas.WebhookPayload;
    expect(payload.required).toEqual(expect.arrayContaining(["id", "event", "created_at", "data"]));
    expect(document.components.schemas.ClientCreate.properties.name.type).toBe("string");
    // Every reference resolves, and every operation says what it answers.
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(20);
    for (const [, name] of refs) expect(document.components.schemas[name ?? ""], name).toBeDefined();
    for (const [path, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations as Record<string, { responses?: object }>))
        expect(Object.keys(operation.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
  });
});

describe("REST hooks", () => {
  it("delivers a signed client.created, retries a 500 with the same event id, and never sends Bob's events", async () => {
    const target = await receiver([500, 200]);
    try {
      const hook = await subscribe(aliceWrite, target.url);
      expect(hook).toMatchObject({ target_url: target.url, event: "client.created" });
      expect(hook.secret.length).toBeGreaterThan(30);

      // Bob's client and Alice's own, each made from a different path (API token, the SPA's session).
      await v1("/clients", { token: bobWrite, method: "POST", body: { name: "Client de Bob" } });
      const created = await call(context, "/api/clients", {
        method: "POST",
        cookie: alice.cookie,
        body: { name: "Boulangerie Martin" },
      });
      const client = await created.json();

      const start = new Date();
      expect(await runJob(start)).toBe(1);
      expect(target.received).toHaveLength(1);
      const [first] = target.received;
      const firstBody = JSON.parse(first?.body ?? "{}");
      expect(first?.headers["content-type"]).toBe("application/json");
      expect(first?.headers["ardoise-event"]).toBe("client.created");
      expect(first?.headers["ardoise-delivery"]).toBeTruthy();
      expect(
        verifySignature(String(first?.headers["ardoise-signature"]), first?.body ?? "", hook.secret),
      ).toBe(true);
      expect(
        verifySignature(String(first?.headers["ardoise-signature"]), first?.body ?? "", "whsec_faux"),
      ).toBe(false);
      expect(firstBody).toMatchObject({
        event: "client.created",
        data: { id: client.id, name: "Boulangerie Martin" },
      });
      expect(Object.keys(firstBody)).toEqual(["id", "event", "created_at", "data"]);

      // Not due again before the first retry's delay; then retried within 30 s, same event id.
      expect(await runJob(later(start, 5_000))).toBe(0);
      // Due after the first delay, then picked up by the job loop's 10-second webhook beat: within 30 s.
      expect(RETRY_DELAYS_S[0] * 1000 + WEBHOOK_BEAT_MS).toBeLessThanOrEqual(30_000);
      expect(await runJob(later(start, 30_000))).toBe(1);
      expect(target.received).toHaveLength(2);
      const retry = target.received[1];
      expect(JSON.parse(retry?.body ?? "{}").id).toBe(firstBody.id);
      expect(retry?.headers["ardoise-delivery"]).toBe(first?.headers["ardoise-delivery"]);
      expect(
        verifySignature(String(retry?.headers["ardoise-signature"]), retry?.body ?? "", hook.secret),
      ).toBe(true);
      // Delivered: nothing more goes, and Bob's client never reached Alice's hook.
      expect(await runJob(later(start, 3_600_000))).toBe(0);
      expect(target.received.map(({ body }) => JSON.parse(body).data.name)).toEqual([
        "Boulangerie Martin",
        "Boulangerie Martin",
      ]);

      const hooks = await (await call(context, "/api/integrations/hooks", { cookie: alice.cookie })).json();
      const shown = hooks.items.find((item: { id: string }) => item.id === hook.id);
      expect(shown.deliveries[0]).toMatchObject({ status: "delivered", responseStatus: 200, attempts: 2 });
      expect(shown).not.toHaveProperty("secret");

      expect((await v1(`/hooks/${hook.id}`, { token: bobWrite, method: "DELETE" })).status).toBe(404);
      expect((await v1(`/hooks/${hook.id}`, { token: aliceWrite, method: "DELETE" })).status).toBe(204);
      await v1("/clients", { token: aliceWrite, method: "POST", body: { name: "Après désabonnement" } });
      expect(await runJob(later(start, 7_200_000))).toBe(0);
    } finally {
      target.close();
    }
  });

  it("loses no delivery when the instance that claimed it stops before sending", async () => {
    const target = await receiver([200]);
    try {
      const hook = await subscribe(bobWrite, target.url);
      await v1("/clients", { token: bobWrite, method: "POST", body: { name: "Pendant le redémarrage" } });
      const start = new Date();
      // An instance claims the delivery, then dies: nothing was sent.
      expect(await claimDueDeliveries(context.database.db, start)).toHaveLength(1);
      expect(target.received).toHaveLength(0);
      // A fresh runner (another process on the same database) waits for the claim's lease, then sends it.
      const restarted = await createTestContext({ database: context.database });
      const run = (at: Date) =>
        deliverWebhooks({ db: restarted.database.db, logger, send: httpSender({ allowLoopback: true }) }, at);
      expect(await run(later(start, 30_000))).toBe(0);
      expect(await run(later(start, CLAIM_LEASE_MS + 1_000))).toBe(1);
      expect(target.received).toHaveLength(1);
      expect(JSON.parse(target.received[0]?.body ?? "{}").data.name).toBe("Pendant le redémarrage");
      await v1(`/hooks/${hook.id}`, { token: bobWrite, method: "DELETE" });
    } finally {
      target.close();
    }
  });

  it("pauses a hook that fails every try, tells the user, and resumes it on « Renvoyer »", async () => {
    const statuses = Array.from({ length: MAX_ATTEMPTS }, () => 500);
    const target = await receiver([...statuses, 200]);
    try {
      const hook = await subscribe(aliceWrite, target.url, "expense.created");
      await v1("/expenses", {
        token: aliceWrite,
        method: "POST",
        body: { title: "Logiciel", amountCents: 1_200 },
      });
      let at = new Date();
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        expect(await runJob(at), `try ${attempt}`).toBe(1);
        at = later(at, (RETRY_DELAYS_S[attempt - 1] ?? 0) * 1000 + 1_000);
      }
      expect(target.received).toHaveLength(MAX_ATTEMPTS);
      expect(new Set(target.received.map(({ body }) => JSON.parse(body).id)).size).toBe(1);
      expect(await runJob(later(at, 86_400_000))).toBe(0);

      const hooks = await (await call(context, "/api/integrations/hooks", { cookie: alice.cookie })).json();
      const paused = hooks.items.find((item: { id: string }) => item.id === hook.id);
      expect(paused.pausedAt).not.toBeNull();
      expect(paused.deliveries[0]).toMatchObject({
        status: "failed",
        responseStatus: 500,
        attempts: MAX_ATTEMPTS,
      });
      const bell = await (await call(context, "/api/notifications", { cookie: alice.cookie })).json();
      expect(bell.items.some((item: { kind: string }) => item.kind === "webhook_paused")).toBe(true);

      // A paused hook gets no new events until it is resumed.
      await v1("/expenses", {
        token: aliceWrite,
        method: "POST",
        body: { title: "Pendant la pause", amountCents: 100 },
      });
      const [{ id: deliveryId }] = paused.deliveries;
      expect(
        (
          await call(context, `/api/integrations/hooks/deliveries/${deliveryId}/redeliver`, {
            method: "POST",
            cookie: bob.cookie,
          })
        ).status,
      ).toBe(404);
      const resent = await call(context, `/api/integrations/hooks/deliveries/${deliveryId}/redeliver`, {
        method: "POST",
        cookie: alice.cookie,
      });
      expect(resent.status).toBe(204);
      expect(await runJob(later(at, 86_400_000))).toBe(1);
      expect(target.received.at(-1)?.body).toBe(target.received[0]?.body);
      const [row] = await context.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, deliveryId));
      expect(row).toMatchObject({ status: "delivered", responseStatus: 200 });
      const after = await (await call(context, "/api/integrations/hooks", { cookie: alice.cookie })).json();
      expect(after.items.find((item: { id: string }) => item.id === hook.id).pausedAt).toBeNull();
    } finally {
      target.close();
    }
  });

  it("refuses an unknown event and a malformed target in French", async () => {
    const response = await v1("/hooks", {
      token: aliceWrite,
      method: "POST",
      body: { target_url: "ftp://exemple.fr", event: "client.deleted" },
    });
    expect(response.status).toBe(400);
    const { issues } = (await response.json()).error;
    expect(issues.map((issue: { path: string }) => issue.path).sort()).toEqual(["event", "target_url"]);
    expect(issues[0].message).toMatch(/[éè]|Adresse|Événement/);
  });
});
