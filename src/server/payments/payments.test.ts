import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, registrationPayments, securityAuditLog } from "../db/schema/index";
import { call, lastEmailTo, registerAndConfirm } from "../test/accounts";
import { createTestDatabase } from "../test/database";
import { createTestContext, type TestContext } from "../test/test-app";
import { CHECKOUTS_PER_HOUR } from "./checkout";

const CARD = { expiry: "12/40", cvc: "123", cardholder: "Camille Martin" };

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const subscription = async (ctx: TestContext, userId: string) =>
  (await ctx.database.db.select().from(profiles).where(eq(profiles.id, userId)))[0]?.subscriptionStatus;

async function startLocalCheckout(ctx: TestContext, cookie: string): Promise<string> {
  const response = await call(ctx, "/functions/v1/create-registration-payment", { method: "POST", cookie });
  expect(response.status).toBe(200);
  const { url } = await response.json();
  expect(url).toMatch(/^http:\/\/localhost:3000\/dev\/stripe\?session=cs_local_/);
  return new URL(url).searchParams.get("session") as string;
}

/** A Stripe-shaped event for a checkout session, signed like Stripe would (or not). */
function signedEvent(
  ctx: TestContext,
  session: Record<string, unknown>,
  {
    id = `evt_${Math.random().toString(36).slice(2)}`,
    type = "checkout.session.completed",
    timestamp,
  }: { id?: string; type?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  });
  const signature = ctx.payments.stripe.webhooks.generateTestHeaderString({
    payload,
    secret: ctx.payments.webhookSecret,
    timestamp,
  });
  return { payload, signature };
}

const deliver = (ctx: TestContext, { payload, signature }: { payload: string; signature: string }) =>
  ctx.app.request("/api/payments/webhook", {
    method: "POST",
    body: payload,
    headers: { "stripe-signature": signature, "content-type": "application/json" },
  });

describe("the payment gate", () => {
  it("answers 401 anonymous, 402 unpaid and 200 paid on a business route", async () => {
    const { cookie, userId } = await registerAndConfirm(context, { email: "gate@example.fr" });
    expect((await call(context, "/api/notifications")).status).toBe(401);
    const unpaid = await call(context, "/api/notifications", { cookie });
    expect(unpaid.status).toBe(402);
    expect((await unpaid.json()).error.code).toBe("payment_required");

    const sessionId = await startLocalCheckout(context, cookie);
    const paid = await call(context, `/api/dev/stripe/sessions/${sessionId}/pay`, {
      method: "POST",
      cookie,
      body: { cardNumber: "4242 4242 4242 4242", ...CARD },
    });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ redirectUrl: `/payment-success?session_id=${sessionId}` });
    expect(await subscription(context, userId)).toBe("active");
    const bell = await call(context, "/api/notifications", { cookie });
    expect(bell.status).toBe(200);
    expect(await bell.json()).toEqual({ count: 0, items: [] });
    expect((await lastEmailTo(context, "gate@example.fr"))?.subject).toMatch(/paiement|inscription/i);
  });

  it(`caps an unpaid user at ${CHECKOUTS_PER_HOUR} checkout sessions an hour, even in parallel, in French`, async () => {
    const { cookie, userId } = await registerAndConfirm(context, { email: "boucle@example.fr" });
    const statuses = await Promise.all(
      Array.from({ length: CHECKOUTS_PER_HOUR + 3 }, () =>
        call(context, "/functions/v1/create-registration-payment", { method: "POST", cookie }),
      ),
    ).then((responses) => responses.map((response) => response.status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(CHECKOUTS_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    const refused = await call(context, "/functions/v1/create-registration-payment", {
      method: "POST",
      cookie,
    });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toEqual({
      code: "rate_limited",
      message: "Trop de paiements commencés en une heure. Réessayez dans 60 minutes.",
    });
    const opened = await context.database.db
      .select()
      .from(registrationPayments)
      .where(eq(registrationPayments.userId, userId));
    expect(opened).toHaveLength(CHECKOUTS_PER_HOUR);
  });

  it("refuses creating a payment without a session, and a second one once paid", async () => {
    const anonymous = await call(context, "/functions/v1/create-registration-payment", { method: "POST" });
    expect(anonymous.status).toBe(401);
    const { cookie } = await registerAndConfirm(context, { email: "deux.fois@example.fr" });
    const sessionId = await startLocalCheckout(context, cookie);
    await call(context, `/api/dev/stripe/sessions/${sessionId}/pay`, {
      method: "POST",
      cookie,
      body: { cardNumber: "4242424242424242", ...CARD },
    });
    const again = await call(context, "/functions/v1/create-registration-payment", {
      method: "POST",
      cookie,
    });
    expect(again.status).toBe(409);
  });
});

describe("the local test checkout", () => {
  it("declines 4000 0000 0000 0002 in French and keeps the account unpaid", async () => {
    const { cookie, userId } = await registerAndConfirm(context, { email: "refus@example.fr" });
    const sessionId = await startLocalCheckout(context, cookie);
    const declined = await call(context, `/api/dev/stripe/sessions/${sessionId}/pay`, {
      method: "POST",
      cookie,
      body: { cardNumber: "4000 0000 0000 0002", ...CARD },
    });
    expect(declined.status).toBe(402);
    expect((await declined.json()).error).toEqual({
      code: "card_declined",
      message: "Votre carte a été refusée. Aucun montant n'a été débité : essayez une autre carte.",
    });
    expect(await subscription(context, userId)).toBe("inactive");
    const typo = await call(context, `/api/dev/stripe/sessions/${sessionId}/pay`, {
      method: "POST",
      cookie,
      body: { cardNumber: "4242 4242 4242 4241", ...CARD },
    });
    expect(typo.status).toBe(400);
    expect((await typo.json()).error.issues[0]).toEqual({
      path: "cardNumber",
      message: "Numéro de carte invalide.",
    });
  });

  it("shows another user's checkout session as not found", async () => {
    const { cookie: owner } = await registerAndConfirm(context, { email: "proprio@example.fr" });
    const { cookie: intruder } = await registerAndConfirm(context, { email: "intrus@example.fr" });
    const sessionId = await startLocalCheckout(context, owner);
    expect((await call(context, `/api/dev/stripe/sessions/${sessionId}`, { cookie: intruder })).status).toBe(
      404,
    );
    const pay = await call(context, `/api/dev/stripe/sessions/${sessionId}/pay`, {
      method: "POST",
      cookie: intruder,
      body: { cardNumber: "4242424242424242", ...CARD },
    });
    expect(pay.status).toBe(404);
  });

  it("is refused in production unless ALLOW_LOCAL_PAYMENTS=true", async () => {
    const production = await createTestContext({
      env: { NODE_ENV: "production", ALLOW_LOCAL_OUTBOX: "true" },
      database: context.database,
    });
    expect(production.payments.mode).toBe("disabled");
    expect((await production.app.request("/api/dev/stripe/sessions/cs_local_x")).status).toBe(404);
    // A normal state of a server not set up yet, not an outage (no 503): the French answer says what to set,
    // and the payment page, which retries only what may pass on a retry, shows it at once.
    const { cookie, userId } = await registerAndConfirm(production, { email: "sans.stripe@example.fr" });
    const checkout = await call(production, "/functions/v1/create-registration-payment", {
      method: "POST",
      cookie,
    });
    expect(checkout.status).toBe(409);
    expect(await checkout.json()).toMatchObject({
      error: {
        code: "not_configured",
        message:
          "Le paiement de l'inscription n'est pas encore configuré sur ce serveur : son administrateur doit définir STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET (ou ALLOW_LOCAL_PAYMENTS=true pour un paiement de test). Aucun montant n'a été débité.",
      },
    });
    const opened = await context.database.db
      .select()
      .from(registrationPayments)
      .where(eq(registrationPayments.userId, userId));
    expect(opened).toEqual([]);
    const allowed = await createTestContext({
      env: { NODE_ENV: "production", ALLOW_LOCAL_OUTBOX: "true", ALLOW_LOCAL_PAYMENTS: "true" },
      database: context.database,
    });
    expect(allowed.payments.mode).toBe("local");
  });
});

describe("the webhook", () => {
  async function pendingSession(email: string) {
    const { cookie, userId } = await registerAndConfirm(context, { email });
    const sessionId = await startLocalCheckout(context, cookie);
    const paidSession = {
      id: sessionId,
      object: "checkout.session",
      client_reference_id: userId,
      amount_total: 5900,
      currency: "eur",
      payment_status: "paid",
    };
    return { userId, sessionId, paidSession };
  }

  it("refuses a forged signature, a replayed (old) event and one dated in the future", async () => {
    const { userId, paidSession } = await pendingSession("forge@example.fr");
    const good = signedEvent(context, paidSession);
    const forged = await deliver(context, {
      payload: good.payload.replace("5900", "5901"),
      signature: good.signature,
    });
    expect(forged.status).toBe(400);
    expect((await forged.json()).error.message).toBe(
      "Signature Stripe invalide, ou événement daté de plus de 5 minutes d'écart.",
    );
    const stale = signedEvent(context, paidSession, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect((await deliver(context, stale)).status).toBe(400);
    // Signed with the right secret but dated ahead: refused as well, with the same 300 s tolerance.
    const ahead = signedEvent(context, paidSession, { timestamp: Math.floor(Date.now() / 1000) + 600 });
    expect((await deliver(context, ahead)).status).toBe(400);
    const unsigned = await context.app.request("/api/payments/webhook", {
      method: "POST",
      body: good.payload,
    });
    expect(unsigned.status).toBe(400);
    expect(await subscription(context, userId)).toBe("inactive");
    // Within the tolerance, a clock a little ahead is fine.
    const slightlyAhead = signedEvent(context, paidSession, {
      timestamp: Math.floor(Date.now() / 1000) + 30,
    });
    expect((await deliver(context, slightlyAhead)).status).toBe(200);
    expect(await subscription(context, userId)).toBe("active");
  });

  it("processes a duplicated event once, and a second event for the same session changes nothing", async () => {
    const { userId, paidSession } = await pendingSession("double@example.fr");
    const event = signedEvent(context, paidSession, { id: "evt_double_1" });
    expect(await (await deliver(context, event)).json()).toEqual({
      received: true,
      duplicate: false,
      result: "fulfilled",
    });
    expect(await (await deliver(context, event)).json()).toEqual({ received: true, duplicate: true });
    const other = signedEvent(context, paidSession, {
      id: "evt_double_2",
      type: "checkout.session.async_payment_succeeded",
    });
    expect(await (await deliver(context, other)).json()).toEqual({
      received: true,
      duplicate: false,
      result: "already_fulfilled",
    });
    expect(await subscription(context, userId)).toBe("active");
    const completions = await context.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.userId, userId));
    expect(completions.filter((row) => row.eventType === "payment_completed")).toHaveLength(1);
  });

  it("waits for an async payment: 'completed' unpaid first, then 'async_payment_succeeded' out of order", async () => {
    const { userId, paidSession } = await pendingSession("sepa@example.fr");
    const succeeded = signedEvent(context, paidSession, { type: "checkout.session.async_payment_succeeded" });
    const completedUnpaid = signedEvent(context, { ...paidSession, payment_status: "unpaid" });
    expect((await (await deliver(context, completedUnpaid)).json()).result).toBe("pending");
    expect(await subscription(context, userId)).toBe("inactive");
    expect((await (await deliver(context, succeeded)).json()).result).toBe("fulfilled");
    expect(await subscription(context, userId)).toBe("active");
  });

  it("rejects a wrong amount, a wrong currency, and a session claimed for another user", async () => {
    const { userId, paidSession } = await pendingSession("montant@example.fr");
    const { userId: otherUser } = await pendingSession("autre@example.fr");
    for (const session of [
      { ...paidSession, amount_total: 100 },
      { ...paidSession, currency: "usd" },
      { ...paidSession, client_reference_id: otherUser },
    ]) {
      expect((await (await deliver(context, signedEvent(context, session))).json()).result).toBe("rejected");
    }
    expect(await subscription(context, userId)).toBe("inactive");
    expect(await subscription(context, otherUser)).toBe("inactive");
  });
});

describe("Stripe Checkout through the real SDK (fake Stripe API on loopback)", () => {
  let stripeApi: Server;
  let stripeContext: TestContext;
  const requests: { method: string; path: string; body: string }[] = [];
  const sessions = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    stripeApi = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        requests.push({ method: request.method ?? "", path: request.url ?? "", body });
        response.setHeader("content-type", "application/json");
        if (request.method === "POST" && request.url === "/v1/checkout/sessions") {
          const form = new URLSearchParams(body);
          const session = {
            id: `cs_test_${sessions.size + 1}`,
            object: "checkout.session",
            url: `https://checkout.stripe.com/c/pay/cs_test_${sessions.size + 1}`,
            client_reference_id: form.get("client_reference_id"),
            amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
            currency: form.get("line_items[0][price_data][currency]"),
            payment_status: "unpaid",
          };
          sessions.set(session.id, session);
          response.end(JSON.stringify(session));
          return;
        }
        const match = request.url?.match(/^\/v1\/checkout\/sessions\/([^/?]+)/);
        const session = match ? sessions.get(match[1] as string) : undefined;
        if (session) {
          response.end(JSON.stringify({ ...session, payment_status: "paid" }));
          return;
        }
        response.statusCode = 404;
        response.end(
          JSON.stringify({ error: { type: "invalid_request_error", message: "No such checkout session" } }),
        );
      });
    });
    await new Promise<void>((resolve) => stripeApi.listen(0, "127.0.0.1", resolve));
    const { port } = stripeApi.address() as AddressInfo;
    stripeContext = await createTestContext({
      database: await createTestDatabase(),
      env: { STRIPE_SECRET_KEY: "sk_test_loopback", STRIPE_WEBHOOK_SECRET: "whsec_loopback_secret" },
      stripeConfig: { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 },
    });
  });
  afterAll(async () => {
    await stripeContext.close();
    await new Promise((resolve) => stripeApi.close(resolve));
  });

  it("creates a 59 € EUR payment-mode session for the user, then confirms it from /payment-success", async () => {
    expect(stripeContext.payments.mode).toBe("stripe");
    const { cookie, userId } = await registerAndConfirm(stripeContext, { email: "stripe@example.fr" });
    const created = await call(stripeContext, "/functions/v1/create-registration-payment", {
      method: "POST",
      cookie,
    });
    expect(created.status).toBe(200);
    expect((await created.json()).url).toBe("https://checkout.stripe.com/c/pay/cs_test_1");

    const sent = new URLSearchParams(requests.find((request) => request.method === "POST")?.body);
    expect(sent.get("mode")).toBe("payment");
    expect(sent.get("client_reference_id")).toBe(userId);
    expect(sent.get("line_items[0][price_data][unit_amount]")).toBe("5900");
    expect(sent.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(sent.get("success_url")).toBe(
      "http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}",
    );
    expect(sent.get("cancel_url")).toBe("http://localhost:3000/payment-canceled");

    const [pending] = await stripeContext.database.db
      .select()
      .from(registrationPayments)
      .where(eq(registrationPayments.userId, userId));
    expect(pending).toMatchObject({ checkoutSessionId: "cs_test_1", status: "pending", provider: "stripe" });

    const confirmed = await call(stripeContext, "/api/payments/confirm", {
      method: "POST",
      cookie,
      body: { sessionId: "cs_test_1" },
    });
    const confirmedBody = await confirmed.json();
    expect(confirmedBody, JSON.stringify(confirmedBody)).toEqual({ hasPaid: true });
    expect(await subscription(stripeContext, userId)).toBe("active");
    // The webhook arriving afterwards finds the session fulfilled already.
    const late = signedEvent(stripeContext, { ...sessions.get("cs_test_1"), payment_status: "paid" });
    expect((await (await deliver(stripeContext, late)).json()).result).toBe("already_fulfilled");
  });
});
