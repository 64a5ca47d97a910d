import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookSubscriptions } from "../../db/schema/index";
import { call, registerPaid } from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";
import { TARGET_REFUSED_MESSAGE } from "./target-url";
import { deliverWebhooks, httpSender } from "./webhook-delivery";

/*
 * Issue 26 §7: the SSRF guard holds in every mode. Outside production (NODE_ENV defaults to development)
 * only loopback is allowed besides the public Internet, as decision 013 says; production allows no loopback.
 */

let context: TestContext;
let production: TestContext;
let alice: { cookie: string; userId: string };
let token: string;

beforeAll(async () => {
  context = await createTestContext();
  production = await createTestContext({
    env: { NODE_ENV: "production", ALLOW_LOCAL_OUTBOX: "true" },
    database: context.database,
  });
  alice = await registerPaid(context, { email: "alice.ssrf@example.fr" });
  const created = await call(context, "/api/integrations/tokens", {
    method: "POST",
    cookie: alice.cookie,
    body: { name: "Zapier", scope: "write" },
  });
  token = (await created.json()).token;
});
afterAll(() => context.close());

const subscribe = (app: TestContext, target: string) =>
  app.app.request("/api/v1/hooks", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ target_url: target, event: "client.created" }),
  });

const storedTargets = async () =>
  (
    await context.database.db
      .select({ targetUrl: webhookSubscriptions.targetUrl })
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.userId, alice.userId))
  ).map((row) => row.targetUrl);

const PRIVATE_TARGETS = [
  "http://10.0.0.5/hook",
  "http://192.168.1.10:8080/hook",
  "http://169.254.169.254/latest/meta-data/",
  "http://0xa9fea9fe/latest/meta-data/",
  "http://100.64.0.1/hook",
  "http://192.88.99.1/hook",
  "http://0.0.0.0:3000/hook",
  "http://[fd00::1]/hook",
  "http://[fe80::1]/hook",
  "http://[::ffff:10.0.0.5]/hook",
  "http://[::ffff:127.0.0.1]/hook",
  "http://[::10.0.0.5]/hook",
  "http://[2002:c0a8:10a::1]/hook",
  "http://[64:ff9b:1::a00:5]/hook",
  "http://[2001:0:a00:1::f5ff:fffe]/hook",
];

async function expectRefused(response: Response, path = "target_url") {
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({
    error: {
      code: "validation_failed",
      message: TARGET_REFUSED_MESSAGE,
      issues: [{ path, message: TARGET_REFUSED_MESSAGE }],
    },
  });
}

describe("hook targets outside production", () => {
  it("refuses private, reserved and IPv6-embedded targets with the French 400, and stores nothing", async () => {
    for (const target of PRIVATE_TARGETS) await expectRefused(await subscribe(context, target));
    expect(await storedTargets()).toEqual([]);
  });

  it("refuses them for webhook automations too", async () => {
    for (const target of ["http://10.0.0.5/hook", "http://[::ffff:a9fe:a9fe]/"]) {
      const response = await call(context, "/api/automations", {
        method: "POST",
        cookie: alice.cookie,
        body: { kind: "event_webhook", event: "invoice.paid", targetUrl: target },
      });
      // On the form's own field, where the Automatisations page shows it.
      await expectRefused(response, "targetUrl");
    }
    expect(await storedTargets()).toEqual([]);
  });

  it("still allows loopback, where decision 013 does, and delivers to it", async () => {
    const received: IncomingMessage["headers"][] = [];
    const server = createServer((request, response) => {
      received.push(request.headers);
      request.resume();
      request.on("end", () => response.end("ok"));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const hook = await subscribe(context, `http://127.0.0.1:${port}/hook`);
      expect(hook.status).toBe(201);
      expect((await subscribe(context, `http://localhost:${port}/hook`)).status).toBe(201);
      await call(context, "/api/clients", {
        method: "POST",
        cookie: alice.cookie,
        body: { name: "Atelier" },
      });
      const sent = await deliverWebhooks({
        db: context.database.db,
        logger: pino({ level: "silent" }),
        send: httpSender(context.targets),
      });
      expect(sent).toBe(2);
      expect(received.map((headers) => headers["ardoise-event"])).toEqual([
        "client.created",
        "client.created",
      ]);
    } finally {
      server.close();
    }
  });
});

describe("hook targets in production", () => {
  it("refuses loopback as well, and accepts a public address", async () => {
    for (const target of ["http://127.0.0.1:9/hook", "http://2130706433/hook", "http://[::1]/hook"])
      await expectRefused(await subscribe(production, target));
    for (const target of PRIVATE_TARGETS) await expectRefused(await subscribe(production, target));
    const publicHook = await subscribe(production, "https://93.184.216.34/hook");
    expect(publicHook.status).toBe(201);
    expect(await storedTargets()).toContain("https://93.184.216.34/hook");
  });
});
