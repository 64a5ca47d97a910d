import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { MAX_HOOKS_PER_USER } from "@shared/schemas/public-api";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookSubscriptions } from "../../db/schema/index";
import { call, registerPaid } from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";
import { deliverWebhooks, httpSender, MAX_ATTEMPTS, RETRY_DELAYS_S } from "../public-api/webhook-delivery";

// Issue 14 §3: the « webhook sur un événement » rule, and the Automatisations page's form for every kind
// (create, edit, pause, delete), validated on the server by the shared schema.

let context: TestContext;
const logger = pino({ level: "silent" });
const runJob = (at: Date) =>
  deliverWebhooks({ db: context.database.db, logger, send: httpSender({ allowLoopback: true }) }, at);

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

type Received = { headers: IncomingMessage["headers"]; body: string };

/** A target on 127.0.0.1 that answers the next status of `statuses` (the last one repeats). */
async function receiver(statuses: number[]) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
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
  return { url: `http://127.0.0.1:${port}/ardoise`, received, close: () => server.close() };
}

function verifies(header: string | string[] | undefined, body: string, secret: string) {
  const { t, v1 } = Object.fromEntries(
    String(header)
      .split(",")
      .map((part) => part.split("=")),
  );
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return Boolean(t && v1) && timingSafeEqual(Buffer.from(v1 ?? ""), Buffer.from(expected));
}

const post = (cookie: string, body: unknown) =>
  call(context, "/api/automations", { method: "POST", cookie, body });
const rules = async (cookie: string) =>
  (await (await call(context, "/api/automations", { cookie })).json()).items as Rule[];
type Rule = {
  id: string;
  name: string;
  trigger: string;
  action: string;
  isActive: boolean;
  runCount: number;
  lastError: string | null;
  settings: Record<string, unknown> | null;
  runs: { status: string; summary: string; error: string | null; deliveryId: string | null }[];
};
const ruleOf = async (cookie: string, id: string) => (await rules(cookie)).find((rule) => rule.id === id);
const addClient = (cookie: string, name: string) =>
  call(context, "/api/clients", { method: "POST", cookie, body: { name } });

describe("webhook on an event", () => {
  it("POSTs a signed delivery on its event, retried with the same id, each try in its run log", async () => {
    const alice = await registerPaid(context, { email: "alice.webhook@example.fr" });
    const bob = await registerPaid(context, { email: "bob.webhook@example.fr" });
    const target = await receiver([500, 200]);
    const created = await post(alice.cookie, {
      kind: "event_webhook",
      event: "client.created",
      targetUrl: target.url,
    });
    expect(created.status).toBe(201);
    const rule = await created.json();
    expect(rule).toMatchObject({
      name: "Webhook : Nouveau client",
      trigger: "Quand vous ajoutez un client (client.created)",
      action: `Envoyer un webhook signé (POST JSON) à ${target.url}`,
      runsAutomatically: true,
      settings: { kind: "event_webhook", event: "client.created", targetUrl: target.url },
    });
    // The signing secret is shown once, at creation; the rule's hook is not a REST hook of Intégrations.
    expect(rule.secret).toMatch(/^whsec_/);
    expect((await ruleOf(alice.cookie, rule.id)) as Record<string, unknown>).not.toHaveProperty("secret");
    // The rule's hook is listed on the Automatisations page, not among the REST hooks; it counts in the cap.
    expect(await (await call(context, "/api/integrations/hooks", { cookie: alice.cookie })).json()).toEqual({
      items: [],
      usage: { count: 1, limit: MAX_HOOKS_PER_USER },
    });

    await addClient(bob.cookie, "Client de Bob");
    await addClient(alice.cookie, "Atelier Dupont");
    const first = new Date();
    await runJob(first);
    expect(target.received).toHaveLength(1);
    let shown = await ruleOf(alice.cookie, rule.id);
    expect(shown?.runCount).toBe(1);
    expect(shown?.lastError).toBe("Réponse HTTP 500");
    expect(shown?.runs).toEqual([
      expect.objectContaining({
        status: "running",
        summary: `« Nouveau client » (client.created) non livré à ${target.url} (essai 1), nouvel essai prévu`,
        error: "Réponse HTTP 500",
      }),
    ]);

    await runJob(new Date(first.getTime() + (RETRY_DELAYS_S[0] + 1) * 1000));
    expect(target.received).toHaveLength(2);
    const [failed, delivered] = target.received.map(({ headers, body }) => ({
      headers,
      payload: JSON.parse(body),
    }));
    expect(delivered?.payload).toMatchObject({ event: "client.created", data: { name: "Atelier Dupont" } });
    expect(delivered?.payload.id).toBe(failed?.payload.id);
    for (const { headers, body } of target.received) {
      expect(headers["ardoise-event"]).toBe("client.created");
      expect(verifies(headers["ardoise-signature"], body, rule.secret)).toBe(true);
    }
    shown = await ruleOf(alice.cookie, rule.id);
    expect(shown).toMatchObject({ runCount: 1, lastError: null });
    expect(shown?.runs).toEqual([
      expect.objectContaining({
        status: "succeeded",
        summary: `« Nouveau client » (client.created) livré à ${target.url} (HTTP 200)`,
        error: null,
      }),
    ]);

    // Paused, the rule queues nothing; resumed, it delivers again; deleted, its hook goes with it.
    const pause = (isActive: boolean) =>
      call(context, `/api/automations/${rule.id}`, {
        method: "PATCH",
        cookie: alice.cookie,
        body: { isActive },
      });
    expect((await pause(false)).status).toBe(200);
    await addClient(alice.cookie, "Pendant la pause");
    await pause(true);
    await addClient(alice.cookie, "Après la pause");
    await runJob(new Date(Date.now() + 60_000));
    expect(target.received.map(({ body }) => JSON.parse(body).data.name)).toEqual([
      "Atelier Dupont",
      "Atelier Dupont",
      "Après la pause",
    ]);
    expect((await ruleOf(alice.cookie, rule.id))?.runCount).toBe(2);
    expect(
      (await call(context, `/api/automations/${rule.id}`, { method: "DELETE", cookie: alice.cookie })).status,
    ).toBe(204);
    expect(
      await context.database.db
        .select()
        .from(webhookSubscriptions)
        .where(eq(webhookSubscriptions.automationId, rule.id)),
    ).toEqual([]);
    target.close();
  });

  it("pauses the rule after its last failed try, and resumes with its hook", async () => {
    const nina = await registerPaid(context, { email: "nina.webhook@example.fr" });
    const target = await receiver([503]);
    const rule = await (
      await post(nina.cookie, { kind: "event_webhook", event: "client.created", targetUrl: target.url })
    ).json();
    await addClient(nina.cookie, "Studio Martin");
    let at = new Date();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await runJob(at);
      at = new Date(at.getTime() + ((RETRY_DELAYS_S[attempt - 1] ?? 0) + 1) * 1000);
    }
    expect(target.received).toHaveLength(MAX_ATTEMPTS);
    const shown = await ruleOf(nina.cookie, rule.id);
    expect(shown).toMatchObject({ isActive: false, runCount: 1, lastError: "Réponse HTTP 503" });
    expect(shown?.runs[0]).toMatchObject({
      status: "failed",
      summary: `« Nouveau client » (client.created) non livré à ${target.url} après ${MAX_ATTEMPTS} essais : règle mise en pause`,
    });
    await call(context, `/api/automations/${rule.id}`, {
      method: "PATCH",
      cookie: nina.cookie,
      body: { isActive: true },
    });
    const [hook] = await context.database.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.automationId, rule.id));
    expect(hook?.pausedAt).toBeNull();
    target.close();
  });
});

describe("« Renvoyer » on a webhook rule's failed delivery", () => {
  it("sends the same event again with fresh tries and resumes the paused rule; only its owner can", async () => {
    const omar = await registerPaid(context, { email: "omar.webhook@example.fr" });
    const eve = await registerPaid(context, { email: "eve.webhook@example.fr" });
    // Down for every try, then fixed.
    const target = await receiver([...Array(MAX_ATTEMPTS).fill(503), 200]);
    const rule = await (
      await post(omar.cookie, { kind: "event_webhook", event: "client.created", targetUrl: target.url })
    ).json();
    await addClient(omar.cookie, "Studio Renvoi");
    let at = new Date();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await runJob(at);
      at = new Date(at.getTime() + ((RETRY_DELAYS_S[attempt - 1] ?? 0) + 1) * 1000);
    }
    const failed = await ruleOf(omar.cookie, rule.id);
    expect(failed?.isActive).toBe(false);
    const [run] = failed?.runs ?? [];
    expect(run).toMatchObject({ status: "failed", deliveryId: expect.any(String) });
    const path = `/api/automations/${rule.id}/deliveries/${run?.deliveryId}/redeliver`;

    expect((await call(context, path, { method: "POST", cookie: eve.cookie })).status).toBe(404);
    const malformed = await call(context, `/api/automations/${rule.id}/deliveries/x/redeliver`, {
      method: "POST",
      cookie: omar.cookie,
    });
    expect(malformed.status).toBe(404);
    const again = await call(context, path, { method: "POST", cookie: omar.cookie });
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await again.json()).toMatchObject({
      isActive: true,
      runs: [{ status: "running", summary: "Renvoi demandé : nouvel essai dans quelques secondes" }],
    });

    await runJob(new Date());
    expect(target.received).toHaveLength(MAX_ATTEMPTS + 1);
    const [first, last] = [target.received[0], target.received.at(-1)].map((r) => JSON.parse(r?.body ?? ""));
    expect(last.id).toBe(first.id);
    const shown = await ruleOf(omar.cookie, rule.id);
    expect(shown).toMatchObject({ isActive: true, lastError: null });
    expect(shown?.runs).toEqual([
      expect.objectContaining({
        status: "succeeded",
        summary: `« Nouveau client » (client.created) livré à ${target.url} (HTTP 200)`,
      }),
    ]);
    target.close();
  });
});

describe("the page's form, for every kind", () => {
  it("creates each kind, refuses a bad body in French, and edits a rule within its kind", async () => {
    const { cookie } = await registerPaid(context, { email: "paul.formulaire@example.fr" });
    const client = await (await addClient(cookie, "Atelier Dupont")).json();
    const line = { description: "Maintenance du site", quantity: 1, unitPriceCents: 50000, vatRateBp: 2000 };
    const source = await (
      await call(context, "/api/invoices", {
        method: "POST",
        cookie,
        body: {
          clientId: client.id,
          clientName: "Atelier Dupont",
          lines: [line, { ...line, description: "Hébergement", unitPriceCents: 2000 }],
        },
      })
    ).json();
    const bodies = [
      { kind: "overdue_reminders" },
      { kind: "weekly_summary" },
      { kind: "quote_expiring", daysBefore: 5 },
      { kind: "client_welcome" },
      { kind: "invoice_paid_thanks" },
      { kind: "task_due", daysBefore: 2 },
      { kind: "event_webhook", event: "invoice.paid", targetUrl: "https://hooks.example.org/ardoise" },
      {
        kind: "recurring_invoice",
        clientId: client.id,
        sourceInvoiceId: source.id,
        frequency: "quarterly",
        dayOfMonth: 31,
        startDate: "2031-01-31",
        endDate: "2031-12-31",
        delivery: "send",
      },
    ];
    for (const body of bodies) {
      const response = await post(cookie, body);
      expect(response.status, await response.clone().text()).toBe(201);
    }
    const made = (await rules(cookie)).reverse();
    expect(made.map((rule) => [rule.name, rule.trigger, rule.action])).toEqual([
      [
        "Relance des factures en retard",
        "Quand une facture passe en retard",
        "Relancer le client par e-mail 7, 15 et 30 jours après l'échéance",
      ],
      ["Bilan hebdomadaire", "Chaque semaine", "Vous envoyer un bilan par e-mail le lundi matin"],
      [
        "Suivi des devis envoyés",
        "5 jours avant la fin de validité d'un devis envoyé",
        "Vous prévenir par e-mail (le client n'est pas contacté)",
      ],
      [
        "Bienvenue aux nouveaux clients",
        "Quand vous ajoutez un client",
        "Envoyer un e-mail de bienvenue au client (s'il a une adresse e-mail)",
      ],
      [
        "Remerciement après paiement",
        "Quand une facture est entièrement payée",
        "Envoyer un e-mail de remerciement au client",
      ],
      [
        "Rappel des tâches à échéance",
        "2 jours avant l'échéance d'une tâche non terminée",
        "Vous prévenir par e-mail",
      ],
      [
        "Webhook : Facture payée",
        "Quand une facture est entièrement payée (invoice.paid)",
        "Envoyer un webhook signé (POST JSON) à https://hooks.example.org/ardoise",
      ],
      [
        "Facture récurrente Atelier Dupont",
        "Chaque trimestre le 31, à partir du 31 janvier 2031 jusqu'au 31 décembre 2031",
        "Émettre et envoyer par e-mail une facture de 520,00\u00a0€ HT à Atelier Dupont",
      ],
    ]);
    // The edit form starts from each rule's settings: what was sent, the source invoice's lines copied.
    expect(made.map((rule) => rule.settings)).toMatchObject(
      bodies
        .map((body) =>
          body.kind === "recurring_invoice"
            ? {
                ...body,
                sourceInvoiceId: undefined,
                lines: [line, { ...line, description: "Hébergement", unitPriceCents: 2000 }],
              }
            : { ...body },
        )
        .map((settings) => JSON.parse(JSON.stringify(settings))),
    );

    const refused = await post(cookie, {
      kind: "recurring_invoice",
      clientId: client.id,
      lines: [],
      frequency: "monthly",
      dayOfMonth: 1,
      startDate: "2031-02-01",
      endDate: "2031-01-01",
      delivery: "draft",
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.issues).toEqual([
      { path: "lines", message: "Ajoutez au moins une ligne, ou reprenez celles d'une facture." },
      { path: "endDate", message: "La date de fin doit suivre la date de début." },
    ]);
    const badUrl = await post(cookie, { kind: "event_webhook", event: "invoice.paid", targetUrl: "ftp://x" });
    expect((await badUrl.json()).error.issues).toEqual([
      { path: "targetUrl", message: "Adresse de destination invalide (http:// ou https://)." },
    ]);

    const [, , quoteRule] = made;
    const edit = (id: string, body: unknown) =>
      call(context, `/api/automations/${id}`, { method: "PUT", cookie, body });
    const edited = await edit(quoteRule?.id ?? "", { kind: "quote_expiring", daysBefore: 7 });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      trigger: "7 jours avant la fin de validité d'un devis envoyé",
      settings: { kind: "quote_expiring", daysBefore: 7 },
    });
    const otherKind = await edit(quoteRule?.id ?? "", { kind: "weekly_summary" });
    expect(otherKind.status).toBe(400);
    expect((await otherKind.json()).error.message).toBe(
      "Le type d'une automatisation ne change pas : créez-en une nouvelle et supprimez celle-ci.",
    );
    const webhookRule = made[6];
    const moved = await edit(webhookRule?.id ?? "", {
      kind: "event_webhook",
      event: "quote.accepted",
      targetUrl: "https://hooks.example.org/devis",
    });
    expect(await moved.json()).toMatchObject({ name: "Webhook : Devis accepté" });
    const [hook] = await context.database.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.automationId, webhookRule?.id ?? ""));
    expect(hook).toMatchObject({ event: "quote.accepted", targetUrl: "https://hooks.example.org/devis" });
  });
});
