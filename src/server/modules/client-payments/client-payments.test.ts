import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { formatMoney } from "@shared/format";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  businessIdentities,
  clientPortalSettings,
  invoices,
  payments,
  webhookDeliveries,
} from "../../db/schema/index";
import { call, freshIp, markPaid, registerAndConfirm } from "../../test/accounts";
import { chat, only } from "../../test/assistant-chat";
import { createTestContext, type TestContext } from "../../test/test-app";

const KEY = "sk_test_AliceOwnAccount1234";
const WHSEC = "whsec_AliceSigningSecret987";
const BRUNO_KEY = "rk_live_BrunoRestricted99";
/** The keys the fake Stripe knows; a restricted one without Checkout Sessions is refused with a 403. */
const KNOWN_KEYS = [KEY, BRUNO_KEY];
const READ_ONLY_KEY = "rk_live_BrunoWithoutCheckout";
const keyChecks: string[] = [];

let context: TestContext;
let stripeApi: Server;
const stripeRequests: { path: string; authorization?: string; form: URLSearchParams }[] = [];
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };
let aliceWebhook: string;

beforeAll(async () => {
  // A fake Stripe API on loopback: the SDK of the freelancer's key creates sessions here.
  stripeApi = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
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
      const form = new URLSearchParams(body);
      stripeRequests.push({ path: request.url ?? "", authorization: request.headers.authorization, form });
      const id = `cs_test_${stripeRequests.length}`;
      response.end(
        JSON.stringify({
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.com/c/pay/${id}`,
          amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
          currency: form.get("line_items[0][price_data][currency]"),
          payment_status: "unpaid",
        }),
      );
    });
  });
  await new Promise<void>((resolve) => stripeApi.listen(0, "127.0.0.1", resolve));
  const { port } = stripeApi.address() as AddressInfo;
  context = await createTestContext({
    stripeConfig: { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 },
  });
  alice = await registerAndConfirm(context, { email: "alice.paiements@example.fr" });
  bruno = await registerAndConfirm(context, { email: "bruno.paiements@example.fr" });
  for (const { userId } of [alice, bruno]) {
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
    expect(url).toBe(`https://checkout.stripe.com/c/pay/cs_test_${stripeRequests.length}`);
    expect(sent?.path).toBe("/v1/checkout/sessions");
    expect(sent?.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.form.get("mode")).toBe("payment");
    expect(sent?.form.get("line_items[0][price_data][unit_amount]")).toBe("120000");
    expect(sent?.form.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(sent?.form.get("metadata[invoiceId]")).toBe(invoice.id);
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

    // Paid: nothing left to pay.
    const again = await asClient(`/api/public/links/${invoice.token}/checkout`);
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe("Cette facture n'a plus rien à régler.");
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
