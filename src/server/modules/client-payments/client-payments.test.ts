import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { formatMoney } from "@shared/format";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  businessIdentities,
  clientCheckoutSessions,
  clientPortalSettings,
  invoices,
  payments,
  webhookDeliveries,
} from "../../db/schema/index";
import { call, freshIp, markPaid, registerAndConfirm } from "../../test/accounts";
import { chat, only } from "../../test/assistant-chat";
import { createTestContext, type TestContext } from "../../test/test-app";
import { TYPED_BUSINESS } from "../../test/typed-buyer";

const KEY = "sk_test_AliceOwnAccount1234";
const WHSEC = "whsec_AliceSigningSecret987";
const BRUNO_KEY = "rk_live_BrunoRestricted99";
/** A restricted key with Checkout Sessions but without Refunds: Stripe answers 403 to a refund. */
const CHLOE_KEY = "rk_live_ChloeCheckoutOnly42";
const CHLOE_WHSEC = "whsec_ChloeSigningSecret654";
/** The keys the fake Stripe knows; a restricted one without Checkout Sessions is refused with a 403. */
const KNOWN_KEYS = [KEY, BRUNO_KEY, CHLOE_KEY];
const READ_ONLY_KEY = "rk_live_BrunoWithoutCheckout";
const keyChecks: string[] = [];

let context: TestContext;
let stripeApi: Server;
type StripeRequest = {
  method: string;
  path: string;
  authorization?: string;
  idempotencyKey?: string;
  form: URLSearchParams;
  /** The object answered (a created session's id, a refund's id). */
  id?: string;
};
const stripeRequests: StripeRequest[] = [];
type FakeSession = { id: string; status: "open" | "complete" | "expired"; amount: number; invoiceId: string };
/** What the fake Stripe holds, as Stripe would: sessions by id, refunds, answers by idempotency key. */
const stripe = {
  sessions: new Map<string, FakeSession>(),
  refunds: [] as { id: string; payment_intent: string; amount: number; reason: string | null }[],
  replies: new Map<string, { status: number; body: string }>(),
  /** Keys whose refunds Stripe refuses (a restricted key without the Refunds permission). */
  refundsRefusedFor: new Set([CHLOE_KEY]),
  /** How long a session creation takes, so that concurrent « Payer » really overlap. */
  createDelayMs: 0,
  created: 0,
};
const createsFor = (invoiceId: string) =>
  stripeRequests.filter(
    (request) =>
      request.path === "/v1/checkout/sessions" && request.form.get("metadata[invoiceId]") === invoiceId,
  );
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };
let chloe: { cookie: string; userId: string };
let aliceWebhook: string;
let chloeWebhook: string;

function sessionBody(session: FakeSession) {
  return {
    id: session.id,
    object: "checkout.session",
    url: `https://checkout.stripe.com/c/pay/${session.id}`,
    amount_total: session.amount,
    currency: "eur",
    status: session.status,
    payment_status: session.status === "complete" ? "paid" : "unpaid",
    payment_intent: session.status === "complete" ? `pi_of_${session.id}` : null,
  };
}

const stripeError = (status: number, type: string, message: string, code?: string) => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

/** The fake Stripe API's answer to one request (the SDK of the freelancer's key talks to it). */
async function answer(request: StripeRequest): Promise<{ status: number; body: unknown }> {
  const key = request.authorization?.replace(/^Bearer /, "") ?? "";
  const sessionPath = /^\/v1\/checkout\/sessions\/([^/?]+)(\/expire)?$/.exec(request.path);
  if (request.method === "POST" && request.path === "/v1/checkout/sessions") {
    await new Promise((resolve) => setTimeout(resolve, stripe.createDelayMs));
    const session: FakeSession = {
      id: `cs_test_${++stripe.created}`,
      status: "open",
      amount: Number(request.form.get("line_items[0][price_data][unit_amount]")),
      invoiceId: request.form.get("metadata[invoiceId]") ?? "",
    };
    stripe.sessions.set(session.id, session);
    request.id = session.id;
    return { status: 200, body: sessionBody(session) };
  }
  if (sessionPath) {
    const session = stripe.sessions.get(sessionPath[1] ?? "");
    if (!session)
      return stripeError(404, "invalid_request_error", "No such checkout.session", "resource_missing");
    if (request.method === "GET") return { status: 200, body: sessionBody(session) };
    if (session.status !== "open") {
      return stripeError(
        400,
        "invalid_request_error",
        'Only Checkout Sessions with a status in ["open"] can be expired.',
      );
    }
    session.status = "expired";
    return { status: 200, body: sessionBody(session) };
  }
  if (request.method === "POST" && request.path === "/v1/refunds") {
    if (stripe.refundsRefusedFor.has(key)) {
      return stripeError(
        403,
        "invalid_request_error",
        "The provided key does not have the required permissions (rak_refund_write).",
      );
    }
    const refund = {
      id: `re_test_${stripe.refunds.length + 1}`,
      payment_intent: request.form.get("payment_intent") ?? "",
      amount: Number(request.form.get("amount")),
      reason: request.form.get("reason"),
    };
    stripe.refunds.push(refund);
    request.id = refund.id;
    return { status: 200, body: { object: "refund", status: "succeeded", currency: "eur", ...refund } };
  }
  return stripeError(
    404,
    "invalid_request_error",
    `Unrecognized request URL (${request.method}: ${request.path})`,
  );
}

beforeAll(async () => {
  // A fake Stripe API on loopback, keeping sessions and refunds, and replaying an idempotency key's answer.
  stripeApi = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", async () => {
      response.setHeader("content-type", "application/json");
      // The key check at save: Stripe answers 401 to an unknown key, 403 to a key without the permission.
      if (request.method === "GET" && request.url?.startsWith("/v1/checkout/sessions?")) {
        const key = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
        keyChecks.push(key);
        response.statusCode = KNOWN_KEYS.includes(key) ? 200 : key === READ_ONLY_KEY ? 403 : 401;
        response.end(
          JSON.stringify(
            response.statusCode === 200
              ? { object: "list", data: [], has_more: false, url: "/v1/checkout/sessions" }
              : { error: { type: "invalid_request_error", message: `Invalid API Key provided: ${key}` } },
          ),
        );
        return;
      }
      const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
      const replayKey = idempotencyKey && `${request.headers.authorization} ${idempotencyKey}`;
      const logged: StripeRequest = {
        method: request.method ?? "",
        path: request.url ?? "",
        authorization: request.headers.authorization,
        idempotencyKey,
        form: new URLSearchParams(body),
      };
      stripeRequests.push(logged);
      // Stripe answers a key it has seen with the first answer (refused requests are not kept: not executed).
      let reply = replayKey ? stripe.replies.get(replayKey) : undefined;
      if (!reply) {
        const answered = await answer(logged);
        reply = { status: answered.status, body: JSON.stringify(answered.body) };
        if (replayKey && reply.status === 200) stripe.replies.set(replayKey, reply);
      }
      response.statusCode = reply.status;
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => stripeApi.listen(0, "127.0.0.1", resolve));
  const { port } = stripeApi.address() as AddressInfo;
  context = await createTestContext({
    stripeConfig: { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 },
  });
  alice = await registerAndConfirm(context, { email: "alice.paiements@example.fr" });
  bruno = await registerAndConfirm(context, { email: "bruno.paiements@example.fr" });
  chloe = await registerAndConfirm(context, { email: "chloe.paiements@example.fr" });
  for (const { userId } of [alice, bruno, chloe]) {
    await markPaid(context, userId);
    await context.database.db.insert(businessIdentities).values({
      userId,
      legalName: "Martin EI",
      siren: "732829320",
      addressLine1: "12 rue des Lilas",
      postalCode: "69003",
      city: "Lyon",
      vatRegime: "assujetti",
      vatNumber: "FR44732829320",
      paymentTermsDays: 30,
      latePenaltyRate: "3 fois le taux d'intérêt légal",
    });
  }
  const saved = await call(context, "/api/client-payments/stripe", {
    method: "PUT",
    cookie: alice.cookie,
    body: { secretKey: KEY, webhookSecret: WHSEC },
  });
  expect(saved.status).toBe(200);
  aliceWebhook = new URL((await saved.json()).webhookUrl).pathname;
  const chloeSaved = await call(context, "/api/client-payments/stripe", {
    method: "PUT",
    cookie: chloe.cookie,
    body: { secretKey: CHLOE_KEY, webhookSecret: CHLOE_WHSEC },
  });
  chloeWebhook = new URL((await chloeSaved.json()).webhookUrl).pathname;
});
afterAll(async () => {
  await context.close();
  await new Promise((resolve) => stripeApi.close(resolve));
});

/** An issued invoice of 1 200,00 € TTC and its client link's token. */
async function sharedInvoice(cookie: string) {
  const created = await call(context, "/api/invoices", {
    method: "POST",
    cookie,
    body: {
      clientName: "Brasserie du Nord",
      typedBuyer: TYPED_BUSINESS,
      lines: [{ description: "Site vitrine", quantity: 1, unitPriceCents: 100000, vatRateBp: 2000 }],
    },
  });
  const { id } = await created.json();
  expect((await call(context, `/api/invoices/${id}/issue`, { method: "POST", cookie })).status).toBe(200);
  const link = await call(context, "/api/client-links", { method: "POST", cookie, body: { invoiceId: id } });
  const token = new URL((await link.json()).url).pathname.split("/").pop() as string;
  return { id: id as string, token };
}

const asClient = (path: string, body?: unknown) =>
  call(context, path, { method: "POST", body, headers: { "x-forwarded-for": freshIp() } });

function signed(session: Record<string, unknown>, { secret = WHSEC, timestamp = 0, id = "" } = {}) {
  const payload = JSON.stringify({
    id: id || `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: "checkout.session", payment_status: "paid", ...session } },
  });
  const signature = context.payments.stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp ? { timestamp } : {}),
  });
  return { payload, signature };
}

const deliver = ({ payload, signature }: { payload: string; signature: string }, path = aliceWebhook) =>
  context.app.request(path, {
    method: "POST",
    body: payload,
    headers: { "stripe-signature": signature, "content-type": "application/json; charset=utf-8" },
  });

const paymentsOf = (invoiceId: string) =>
  context.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
const invoiceRow = async (id: string) =>
  (await context.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];

async function openCheckout(token: string) {
  const response = await asClient(`/api/public/links/${token}/checkout`);
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  return body.url as string;
}

describe("the freelancer's Stripe account", () => {
  it("refuses malformed keys in French, stores them sealed, shows only the end, and can be removed", async () => {
    const bad = await call(context, "/api/client-payments/stripe", {
      method: "PUT",
      cookie: bruno.cookie,
      body: { secretKey: "pk_test_publishable123456", webhookSecret: "secret" },
    });
    expect(bad.status).toBe(400);
    const messages = (await bad.json()).error.issues.map((issue: { message: string }) => issue.message);
    expect(messages).toEqual([
      "Clé Stripe invalide : elle commence par sk_ ou rk_.",
      "Secret de signature invalide : il commence par whsec_.",
    ]);

    const shown = await (await call(context, "/api/client-payments/stripe", { cookie: alice.cookie })).json();
    expect(shown).toEqual({
      stripe: { keyEnd: "1234" },
      webhookUrl: expect.stringMatching(
        /^http:\/\/localhost:3000\/api\/public\/stripe\/webhook\/[0-9a-f-]{36}$/,
      ),
      isLocalCheckout: false,
    });
    const [row] = await context.database.db
      .select()
      .from(clientPortalSettings)
      .where(eq(clientPortalSettings.userId, alice.userId));
    expect(JSON.stringify(row)).not.toContain(KEY);
    expect(JSON.stringify(row)).not.toContain(WHSEC);

    await call(context, "/api/client-payments/stripe", {
      method: "PUT",
      cookie: bruno.cookie,
      body: { secretKey: BRUNO_KEY, webhookSecret: "whsec_BrunoSecret1234" },
    });
    const removed = await call(context, "/api/client-payments/stripe", {
      method: "DELETE",
      cookie: bruno.cookie,
    });
    expect(await removed.json()).toMatchObject({ stripe: null, isLocalCheckout: true });
  });
  it("checks the key with Stripe before storing it, and refuses in French a key Stripe refuses; nothing is stored", async () => {
    const put = (cookie: string, secretKey: string, app = context) =>
      call(app, "/api/client-payments/stripe", {
        method: "PUT",
        cookie,
        body: { secretKey, webhookSecret: "whsec_AnotherSecret12345" },
      });
    const typo = "sk_test_AliceOwnAccount1235";
    const refused = await put(alice.cookie, typo);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({
      message:
        "Stripe refuse cette clé : vérifiez-la dans votre tableau de bord Stripe (Développeurs → Clés API) et collez-la en entier. Rien n'a été enregistré.",
      issues: [{ path: "secretKey", message: "Clé refusée par Stripe." }],
    });
    expect(keyChecks.at(-1)).toBe(typo);

    const withoutCheckout = await put(alice.cookie, READ_ONLY_KEY);
    expect(withoutCheckout.status).toBe(400);
    expect((await withoutCheckout.json()).error.message).toBe(
      "Cette clé restreinte ne peut pas créer de paiements : donnez-lui l'accès « Checkout Sessions » en écriture dans Stripe. Rien n'a été enregistré.",
    );

    // Stripe out of reach: the key cannot be vouched for, so it is not stored either.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const offline = await createTestContext({
      database: context.database,
      stripeConfig: { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 },
    });
    const unchecked = await put(alice.cookie, KEY, offline);
    expect(unchecked.status).toBe(503);
    expect((await unchecked.json()).error.message).toBe(
      "Stripe n'a pas pu vérifier la clé pour le moment. Réessayez dans un instant ; rien n'a été enregistré.",
    );

    // Alice's account still has the key she saved first, whose webhook secret still verifies events.
    const shown = await (await call(context, "/api/client-payments/stripe", { cookie: alice.cookie })).json();
    expect(shown.stripe).toEqual({ keyEnd: "1234" });
    const [row] = await context.database.db
      .select()
      .from(clientPortalSettings)
      .where(eq(clientPortalSettings.userId, alice.userId));
    expect(context.secrets.open(row?.stripeKeySealed ?? "", `stripe-key:${alice.userId}`)).toBe(KEY);
  });
});

describe("« Payer » on the public invoice page, through the freelancer's Stripe", () => {
  it("opens a Checkout Session for the amount due with the freelancer's key; a webhook replayed three times records one payment", async () => {
    // A REST hook on both events shows they fire once.
    const tokenResponse = await call(context, "/api/integrations/tokens", {
      method: "POST",
      cookie: alice.cookie,
      body: { name: "Test", scope: "write" },
    });
    const { token: apiToken } = await tokenResponse.json();
    for (const event of ["payment.received", "invoice.paid"]) {
      const hook = await context.app.request("/api/v1/hooks", {
        method: "POST",
        headers: { authorization: `Bearer ${apiToken}`, "content-type": "application/json" },
        body: JSON.stringify({ target_url: "http://127.0.0.1:9/hook", event }),
      });
      expect(hook.status).toBe(201);
    }

    const invoice = await sharedInvoice(alice.cookie);
    const url = await openCheckout(invoice.token);
    const sent = stripeRequests.at(-1);
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${sent?.id}`);
    expect(sent?.path).toBe("/v1/checkout/sessions");
    expect(sent?.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.form.get("mode")).toBe("payment");
    expect(sent?.form.get("line_items[0][price_data][unit_amount]")).toBe("120000");
    expect(sent?.form.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(sent?.form.get("metadata[invoiceId]")).toBe(invoice.id);
    expect(sent?.idempotencyKey).toMatch(/^ardoise-client-checkout-cs_reserved_/);
    expect(sent?.form.get("success_url")).toBe(`http://localhost:3000/d/${invoice.token}?paiement=reussi`);
    expect(sent?.form.get("cancel_url")).toBe(`http://localhost:3000/d/${invoice.token}?paiement=annule`);

    const sessionId = new URL(url).pathname.split("/").pop();
    const event = signed({ id: sessionId, amount_total: 120000, currency: "eur" });
    const replies = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    const outcomes = await Promise.all(replies.map((reply) => reply.json()));
    expect(outcomes.filter((outcome) => outcome.result === "recorded")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.duplicate)).toHaveLength(2);

    const recorded = await paymentsOf(invoice.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amountCents: 120000, method: "stripe", reference: sessionId });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "payée", paidCents: 120000 });
    const fired = await context.database.db
      .select({ event: webhookDeliveries.event })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.userId, alice.userId));
    expect(fired.map((row) => row.event).sort()).toEqual(["invoice.paid", "payment.received"]);

    // Paid: the client is told so.
    const again = await asClient(`/api/public/links/${invoice.token}/checkout`);
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe("Cette facture est déjà réglée.");
  });

  it("refuses a wrong signature, an old event, and an amount that is not the session's", async () => {
    const invoice = await sharedInvoice(alice.cookie);
    const sessionId = new URL(await openCheckout(invoice.token)).pathname.split("/").pop();
    const session = { id: sessionId, amount_total: 120000, currency: "eur" };

    const forged = await deliver(signed(session, { secret: "whsec_SomeoneElse12345" }));
    expect(forged.status).toBe(400);
    const old = await deliver(signed(session, { timestamp: Math.floor(Date.now() / 1000) - 301 }));
    expect(old.status).toBe(400);
    expect((await old.json()).error.message).toBe(
      "Signature Stripe invalide, ou événement daté de plus de 5 minutes d'écart.",
    );
    const elsewhere = await deliver(
      signed(session),
      "/api/public/stripe/webhook/00000000-0000-4000-8000-000000000000",
    );
    expect(elsewhere.status).toBe(404);

    const cheaper = await deliver(signed({ ...session, amount_total: 100 }));
    expect(await cheaper.json()).toMatchObject({ duplicate: false, result: "amount_mismatch" });
    const dollars = await deliver(signed({ ...session, currency: "usd" }));
    expect(await dollars.json()).toMatchObject({ result: "amount_mismatch" });
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "en-attente", paidCents: 0 });
  });

  it("after a partial transfer, asks only the rest, which stays due until Stripe pays it", async () => {
    const invoice = await sharedInvoice(alice.cookie);
    const transfer = await call(context, `/api/invoices/${invoice.id}/payments`, {
      method: "POST",
      cookie: alice.cookie,
      body: { amountCents: 20000, method: "virement" },
    });
    expect(transfer.status).toBe(200);
    const page = await (
      await call(context, `/api/public/links/${invoice.token}`, { headers: { "x-forwarded-for": freshIp() } })
    ).json();
    expect(page.dueCents).toBe(100000);

    const sessionId = new URL(await openCheckout(invoice.token)).pathname.split("/").pop();
    expect(stripeRequests.at(-1)?.form.get("line_items[0][price_data][unit_amount]")).toBe("100000");
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "en-attente", paidCents: 20000 });

    const paid = await deliver(signed({ id: sessionId, amount_total: 100000, currency: "eur" }));
    expect(await paid.json()).toMatchObject({ result: "recorded" });
    expect(
      (await paymentsOf(invoice.id)).map((payment) => payment.amountCents).sort((a, b) => a - b),
    ).toEqual([20000, 100000]);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "payée", paidCents: 120000 });
  });
});

describe("without a Stripe key: the local test checkout", () => {
  it("pays through a signed event to the freelancer's own webhook, once, with Stripe's test cards", async () => {
    const invoice = await sharedInvoice(bruno.cookie);
    const requestsBefore = stripeRequests.length;
    const url = new URL(await openCheckout(invoice.token));
    expect(stripeRequests.length).toBe(requestsBefore);
    expect(url.pathname).toBe(`/d/${invoice.token}`);
    const sessionId = url.searchParams.get("paiement-test") as string;
    expect(sessionId).toMatch(/^cs_local_/);

    const payPath = `/api/public/links/${invoice.token}/checkout/${sessionId}/pay-test`;
    const declined = await asClient(payPath, { cardNumber: "4000 0000 0000 0002" });
    expect((await declined.json()).error.message).toBe(
      "Votre carte a été refusée. Aucun montant n'a été débité : essayez une autre carte.",
    );
    const accepted = await asClient(payPath, { cardNumber: "4242 4242 4242 4242" });
    expect(await accepted.json()).toEqual({ redirectUrl: `/d/${invoice.token}?paiement=reussi` });
    expect((await asClient(payPath, { cardNumber: "4242 4242 4242 4242" })).status).toBe(200);

    const recorded = await paymentsOf(invoice.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amountCents: 120000, method: "carte" });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "payée" });

    // Another link's token cannot pay this session.
    const other = await sharedInvoice(bruno.cookie);
    const foreign = await asClient(`/api/public/links/${other.token}/checkout/${sessionId}/pay-test`, {
      cardNumber: "4242 4242 4242 4242",
    });
    expect(foreign.status).toBe(404);
    expect(
      await context.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, bruno.userId), eq(payments.invoiceId, other.id))),
    ).toHaveLength(0);
  });
});

describe("« Utilise Stripe pour encaisser la facture … »", () => {
  it("after consent, answers the invoice's payment link, and says honestly when no Stripe key is set", async () => {
    const unknown = await chat(
      context,
      bruno.cookie,
      "Utilise Stripe pour encaisser la facture FAC-2026-0007",
    );
    expect(only(unknown, "proposal")).toHaveLength(0);
    expect(JSON.stringify(unknown)).toContain("Je ne trouve pas la facture FAC-2026-0007 parmi les vôtres.");

    for (const [user, hasKey] of [
      [alice, true],
      [bruno, false],
    ] as const) {
      const { id } = await sharedInvoice(user.cookie);
      const { invoiceNumber } = await (
        await call(context, `/api/invoices/${id}`, { cookie: user.cookie })
      ).json();
      const events = await chat(
        context,
        user.cookie,
        `Utilise Stripe pour encaisser la facture ${invoiceNumber}`,
      );
      const proposal = only(events, "proposal")[0];
      expect(proposal?.proposal.summary).toBe("Créer le lien de paiement Stripe de la facture");
      const confirmed = await call(context, `/api/assistant/proposals/${proposal?.proposal.id}/confirm`, {
        method: "POST",
        cookie: user.cookie,
      });
      const { result } = await confirmed.json();
      expect(result.success, result.message).toBe(true);
      const url = /http:\/\/localhost:3000\/d\/[A-Za-z0-9_-]{43}/.exec(result.message)?.[0] as string;
      expect(result.message).toContain(`Lien de paiement de la facture ${invoiceNumber} prêt : ${url}`);
      expect(result.message).toContain(`« Payer ${formatMoney(120000)} »`);
      expect(result.message.includes("aucune clé Stripe n'est enregistrée")).toBe(!hasKey);

      // The link answered is the one the client pays through.
      const checkout = await openCheckout(new URL(url).pathname.split("/").pop() as string);
      expect(checkout.startsWith("https://checkout.stripe.com/")).toBe(hasKey);
    }
  });
});

describe("« Payer » is offered only where the client can pay online", () => {
  it("in production, not for a freelancer without a Stripe key of their own; yes with one", async () => {
    const production = await createTestContext({
      env: { NODE_ENV: "production", ALLOW_LOCAL_OUTBOX: "true" },
      database: context.database,
    });
    const page = async (app: TestContext, token: string) =>
      (await call(app, `/api/public/links/${token}`, { headers: { "x-forwarded-for": freshIp() } })).json();
    const withoutKey = await sharedInvoice(bruno.cookie);
    const withKey = await sharedInvoice(alice.cookie);

    expect(await page(production, withoutKey.token)).toMatchObject({ dueCents: 120000, canPayOnline: false });
    expect(await page(production, withKey.token)).toMatchObject({ dueCents: 120000, canPayOnline: true });
    // Outside production the local test checkout stands in for the missing key.
    expect(await page(context, withoutKey.token)).toMatchObject({ canPayOnline: true });
    // The page and the checkout agree: without a key, production opens none.
    const refused = await call(production, `/api/public/links/${withoutKey.token}/checkout`, {
      method: "POST",
      headers: { "x-forwarded-for": freshIp() },
    });
    // Not an outage (no 503): the client is told how else to pay, in French, as the page shows it.
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: {
        code: "not_configured",
        message:
          "Le paiement en ligne n'est pas proposé pour cette facture : votre prestataire n'a pas configuré le paiement par carte. Réglez-la selon les modalités indiquées sur la facture (virement…) ou contactez-le.",
      },
    });

    // Nothing left to pay: no « Payer » either.
    await call(context, `/api/invoices/${withKey.id}/payments`, {
      method: "POST",
      cookie: alice.cookie,
      body: { amountCents: 120000, method: "virement" },
    });
    expect(await page(production, withKey.token)).toMatchObject({ dueCents: 0, canPayOnline: false });
  });
});

const checkoutPath = (token: string) => `/api/public/links/${token}/checkout`;
const sessionIdOf = (url: string) => new URL(url).pathname.split("/").pop() as string;
const publicPage = async (token: string) =>
  (await call(context, `/api/public/links/${token}`, { headers: { "x-forwarded-for": freshIp() } })).json();
const transfer = async (cookie: string, invoiceId: string, amountCents: number) =>
  expect(
    (
      await call(context, `/api/invoices/${invoiceId}/payments`, {
        method: "POST",
        cookie,
        body: { amountCents, method: "virement" },
      })
    ).status,
  ).toBe(200);
const surplusesOf = async (cookie: string, invoiceId: string) =>
  (await call(context, `/api/client-payments/invoices/${invoiceId}/surpluses`, { cookie })).json();
const bell = async (cookie: string) =>
  ((await (await call(context, "/api/notifications", { cookie })).json()).items as { kind: string }[]).filter(
    (item) => item.kind === "payment_surplus",
  );
const liveSessionsOf = (invoiceId: string) =>
  context.database.db
    .select()
    .from(clientCheckoutSessions)
    .where(eq(clientCheckoutSessions.invoiceId, invoiceId));

/** The client pays the session on Stripe's page: Stripe marks it complete and signs its event. */
function paidAtStripe(sessionId: string, secret = WHSEC) {
  const session = stripe.sessions.get(sessionId);
  if (!session) throw new Error(`no session ${sessionId} at the fake Stripe`);
  session.status = "complete";
  return signed(
    { id: sessionId, amount_total: session.amount, currency: "eur", payment_intent: `pi_of_${sessionId}` },
    { secret },
  );
}

describe("one charge per invoice (issue 26 §5)", () => {
  it("4 concurrent « Payer » open one Checkout Session, handed out again while it is open", async () => {
    const invoice = await sharedInvoice(alice.cookie);
    stripe.createDelayMs = 150;
    let replies: Response[];
    try {
      replies = await Promise.all(Array.from({ length: 4 }, () => asClient(checkoutPath(invoice.token))));
    } finally {
      stripe.createDelayMs = 0;
    }
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
    const urls = new Set(await Promise.all(replies.map(async (reply) => (await reply.json()).url)));
    expect(urls.size).toBe(1);
    expect(createsFor(invoice.id)).toHaveLength(1);
    const [url] = [...urls];
    // A later click, same link, same amount: the same page.
    expect(await openCheckout(invoice.token)).toBe(url);
    expect(createsFor(invoice.id)).toHaveLength(1);
    const rows = await liveSessionsOf(invoice.id);
    expect(rows.map((row) => [row.id, row.status, row.amountCents])).toEqual([
      [sessionIdOf(url as string), "open", 120000],
    ]);
  });

  it("when the amount due changes, the open session is expired at Stripe before another opens", async () => {
    const invoice = await sharedInvoice(alice.cookie);
    const first = sessionIdOf(await openCheckout(invoice.token));
    await transfer(alice.cookie, invoice.id, 20000);
    const second = sessionIdOf(await openCheckout(invoice.token));
    expect(second).not.toBe(first);
    const calls = stripeRequests
      .filter((request) => request.path.includes(first) || createsFor(invoice.id).includes(request))
      .map((request) => request.path);
    expect(calls).toEqual([
      "/v1/checkout/sessions",
      `/v1/checkout/sessions/${first}/expire`,
      "/v1/checkout/sessions",
    ]);
    expect(stripe.sessions.get(first)?.status).toBe("expired");
    expect(stripe.sessions.get(second)).toMatchObject({ status: "open", amount: 100000 });
    expect(
      (await liveSessionsOf(invoice.id)).filter((row) => row.status === "open").map((row) => row.id),
    ).toEqual([second]);

    // Paid on Stripe's page meanwhile, and the freelancer records 100 € more by transfer: the next « Payer »
    // cannot expire it, opens nothing, and says why.
    const paid = paidAtStripe(second);
    await transfer(alice.cookie, invoice.id, 10000);
    const refused = await asClient(checkoutPath(invoice.token));
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(
      "Un paiement de cette facture vient d'aboutir : il sera pris en compte dans quelques instants.",
    );
    expect(createsFor(invoice.id)).toHaveLength(2);

    // Its event pays what was due (900 €) and refunds the 100 € beyond it at once.
    expect(await (await deliver(paid)).json()).toMatchObject({ result: "surplus_refunded" });
    expect(
      (await paymentsOf(invoice.id)).map((payment) => payment.amountCents).sort((a, b) => a - b),
    ).toEqual([10000, 20000, 90000]);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "payée", paidCents: 120000 });
    expect(stripe.refunds.filter((refund) => refund.payment_intent === `pi_of_${second}`)).toEqual([
      { id: expect.any(String), payment_intent: `pi_of_${second}`, amount: 10000, reason: null },
    ]);
    expect(await surplusesOf(alice.cookie, invoice.id)).toMatchObject([
      {
        sessionId: second,
        paidCents: 100000,
        appliedCents: 90000,
        surplusCents: 10000,
        isDuplicate: false,
        status: "refunded",
      },
    ]);
  });

  it("two paid sessions of one invoice record one payment; the other is refunded through Stripe, and the freelancer is told", async () => {
    const invoice = await sharedInvoice(alice.cookie);
    const current = sessionIdOf(await openCheckout(invoice.token));
    // A session opened before this change (its row left expired by the migration), still open at Stripe.
    const legacy = "cs_test_opened_before_the_change";
    stripe.sessions.set(legacy, { id: legacy, status: "open", amount: 120000, invoiceId: invoice.id });
    await context.database.db.insert(clientCheckoutSessions).values({
      id: legacy,
      userId: alice.userId,
      invoiceId: invoice.id,
      provider: "stripe",
      amountCents: 120000,
      currency: "eur",
      status: "expired",
    });
    const events = [paidAtStripe(current), paidAtStripe(legacy)];
    const replies = await Promise.all(events.map((event) => deliver(event)));
    const results = await Promise.all(replies.map(async (reply) => (await reply.json()).result));
    expect(results.sort()).toEqual(["recorded", "surplus_refunded"]);

    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "payée", paidCents: 120000 });
    const [surplus] = await surplusesOf(alice.cookie, invoice.id);
    expect(surplus).toMatchObject({
      paidCents: 120000,
      appliedCents: 0,
      surplusCents: 120000,
      isDuplicate: true,
      status: "refunded",
      refundError: null,
    });
    const refund = stripeRequests.find((request) => request.id === stripe.refunds.at(-1)?.id);
    expect(refund?.form.get("payment_intent")).toBe(`pi_of_${surplus.sessionId}`);
    expect(refund?.form.get("amount")).toBe("120000");
    expect(refund?.form.get("reason")).toBe("duplicate");
    expect(refund?.idempotencyKey).toBe(`ardoise-surplus-refund-${surplus.sessionId}`);
    expect([current, legacy]).toContain(surplus.sessionId);

    const items = await bell(alice.cookie);
    const number = (await invoiceRow(invoice.id))?.invoiceNumber;
    expect(items).toContainEqual(
      expect.objectContaining({
        title: `Paiement en double remboursé : facture ${number}`,
        description: `Brasserie du Nord · ${formatMoney(120000)} rendus au client par Stripe`,
        href: `/app/invoices/${invoice.id}`,
      }),
    );

    // Stripe delivers an event again: nothing more is paid or refunded.
    const refundsBefore = stripe.refunds.length;
    expect(await (await deliver(events[1] as (typeof events)[number])).json()).toMatchObject({
      duplicate: true,
    });
    expect(stripe.refunds.length).toBe(refundsBefore);
  });

  it("a refund whose step failed after the payment was recorded is made when Stripe delivers again", async () => {
    const invoice = await sharedInvoice(alice.cookie);
    const first = sessionIdOf(await openCheckout(invoice.token));
    const second = "cs_test_second_tab";
    stripe.sessions.set(second, { id: second, status: "open", amount: 120000, invoiceId: invoice.id });
    await context.database.db.insert(clientCheckoutSessions).values({
      id: second,
      userId: alice.userId,
      invoiceId: invoice.id,
      provider: "stripe",
      amountCents: 120000,
      currency: "eur",
      status: "expired",
    });
    expect((await (await deliver(paidAtStripe(first))).json()).result).toBe("recorded");
    // The surplus was recorded, then the process failed before refunding: the event was forgotten and the
    // row left pending, as the handler leaves them when its refund step throws.
    await context.database.db
      .update(clientCheckoutSessions)
      .set({
        paidAt: new Date(),
        status: "complete",
        appliedCents: 0,
        surplusCents: 120000,
        refundStatus: "pending",
        paymentIntentId: `pi_of_${second}`,
      })
      .where(eq(clientCheckoutSessions.id, second));
    const again = await (await deliver(paidAtStripe(second))).json();
    expect(again.result).toBe("surplus_refunded");
    const [surplus] = await surplusesOf(alice.cookie, invoice.id);
    expect(surplus).toMatchObject({ sessionId: second, status: "refunded", surplusCents: 120000 });
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  it("a paid invoice: the client's page says so and offers no « Payer »; a checkout is refused in French", async () => {
    const invoice = await sharedInvoice(alice.cookie);
    expect(await publicPage(invoice.token)).toMatchObject({ isPaid: false, canPayOnline: true });
    await transfer(alice.cookie, invoice.id, 120000);
    expect(await publicPage(invoice.token)).toMatchObject({ isPaid: true, canPayOnline: false, dueCents: 0 });
    const refused = await asClient(checkoutPath(invoice.token));
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatchObject({
      code: "conflict",
      message: "Cette facture est déjà réglée.",
    });
    expect(createsFor(invoice.id)).toHaveLength(0);
  });

  it("when Stripe refuses the refund, the money is shown to return, on the invoice and in the bell, until refunded or returned", async () => {
    const chloeInvoice = async () => {
      const invoice = await sharedInvoice(chloe.cookie);
      const sessionId = sessionIdOf(await openCheckout(invoice.token));
      // Paid by transfer while the client still had Stripe's page open, then paid there too.
      await transfer(chloe.cookie, invoice.id, 120000);
      const result = await (await deliver(paidAtStripe(sessionId, CHLOE_WHSEC), chloeWebhook)).json();
      expect(result).toMatchObject({ result: "surplus_to_return" });
      return { ...invoice, sessionId };
    };
    const invoice = await chloeInvoice();
    expect((await paymentsOf(invoice.id)).map((payment) => [payment.amountCents, payment.method])).toEqual([
      [120000, "virement"],
    ]);
    const toReturn = {
      sessionId: invoice.sessionId,
      surplusCents: 120000,
      isDuplicate: true,
      isTest: false,
      status: "to_return",
      refundError:
        "Votre clé Stripe ne permet pas les remboursements (accès « Refunds » en écriture) : remboursez ce montant depuis votre tableau de bord Stripe, puis indiquez-le ici.",
    };
    expect(await surplusesOf(chloe.cookie, invoice.id)).toMatchObject([toReturn]);
    const number = (await invoiceRow(invoice.id))?.invoiceNumber;
    expect(await bell(chloe.cookie)).toEqual([
      expect.objectContaining({
        title: `Paiement en double à rendre : facture ${number}`,
        description: `Brasserie du Nord · ${formatMoney(120000)} à rendre au client : le remboursement automatique a échoué`,
      }),
    ]);

    const retry = (cookie: string, sessionId: string, action = "refund") =>
      call(context, `/api/client-payments/surpluses/${sessionId}/${action}`, { method: "POST", cookie });
    expect(await (await retry(chloe.cookie, invoice.sessionId)).json()).toMatchObject(toReturn);
    // Another user's payment is not found; nor is a malformed id.
    expect((await retry(alice.cookie, invoice.sessionId)).status).toBe(404);
    expect((await retry(chloe.cookie, "not-a-session")).status).toBe(404);
    expect(
      (await call(context, `/api/client-payments/invoices/${invoice.id}/surpluses`, { cookie: alice.cookie }))
        .status,
    ).toBe(404);

    // The key is given the Refunds permission: the retry refunds once, a second retry changes nothing.
    stripe.refundsRefusedFor.delete(CHLOE_KEY);
    try {
      expect(await (await retry(chloe.cookie, invoice.sessionId)).json()).toMatchObject({
        status: "refunded",
      });
      expect(await (await retry(chloe.cookie, invoice.sessionId)).json()).toMatchObject({
        status: "refunded",
      });
    } finally {
      stripe.refundsRefusedFor.add(CHLOE_KEY);
    }
    expect(
      stripe.refunds.filter((refund) => refund.payment_intent === `pi_of_${invoice.sessionId}`),
    ).toHaveLength(1);
    expect(await bell(chloe.cookie)).toEqual([
      expect.objectContaining({ title: `Paiement en double remboursé : facture ${number}` }),
    ]);

    // Given back some other way: « Je l'ai rendu moi-même ».
    const other = await chloeInvoice();
    expect(await (await retry(chloe.cookie, other.sessionId, "returned")).json()).toMatchObject({
      status: "returned",
    });
    expect((await bell(chloe.cookie)).map((item) => (item as unknown as { title: string }).title)).toEqual([
      `Paiement en double remboursé : facture ${number}`,
    ]);
  });

  it("the local test checkout: one session for concurrent clicks, a replaced one cannot be paid, more than due is refunded", async () => {
    const invoice = await sharedInvoice(bruno.cookie);
    const replies = await Promise.all(Array.from({ length: 4 }, () => asClient(checkoutPath(invoice.token))));
    const urls = new Set(await Promise.all(replies.map(async (reply) => (await reply.json()).url)));
    expect(urls.size).toBe(1);
    const first = new URL([...urls][0] as string).searchParams.get("paiement-test") as string;

    await transfer(bruno.cookie, invoice.id, 20000);
    const second = new URL(await openCheckout(invoice.token)).searchParams.get("paiement-test") as string;
    expect(second).not.toBe(first);
    const pay = (sessionId: string) =>
      asClient(`${checkoutPath(invoice.token)}/${sessionId}/pay-test`, { cardNumber: "4242 4242 4242 4242" });
    const stale = await pay(first);
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.message).toBe(
      "Cette session de paiement a expiré : revenez à la facture et cliquez à nouveau sur « Payer ».",
    );

    // 100 € more arrive by transfer before the client pays the 1 000 € session: 900 € go to the invoice.
    await transfer(bruno.cookie, invoice.id, 10000);
    expect((await pay(second)).status).toBe(200);
    expect(
      (await paymentsOf(invoice.id)).map((payment) => payment.amountCents).sort((a, b) => a - b),
    ).toEqual([10000, 20000, 90000]);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "payée" });
    expect(await surplusesOf(bruno.cookie, invoice.id)).toMatchObject([
      { sessionId: second, surplusCents: 10000, appliedCents: 90000, isTest: true, status: "refunded" },
    ]);
    expect(await bell(bruno.cookie)).toContainEqual(
      expect.objectContaining({
        description: `Brasserie du Nord · ${formatMoney(10000)} rendus au client (paiement de test)`,
      }),
    );
    expect(await publicPage(invoice.token)).toMatchObject({ isPaid: true, canPayOnline: false });
  });
});
