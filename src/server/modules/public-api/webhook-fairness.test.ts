import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { HOOK_LIMIT_REACHED, MAX_HOOKS_PER_USER } from "@shared/schemas/public-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startJobLoop } from "../../jobs/job-loop";
import { call, registerPaid } from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";
import { emitEvents } from "./events";
import { PER_USER_IN_FLIGHT } from "./webhook-delivery";

// Issue 26, finding 3: one user's webhooks cannot hold up another's, and one user holds a bounded number.

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

async function writeToken(cookie: string): Promise<string> {
  const response = await call(context, "/api/integrations/tokens", {
    method: "POST",
    cookie,
    body: { name: "Zapier", scope: "write" },
  });
  expect(response.status).toBe(201);
  return (await response.json()).token;
}

/** A call as an automation tool makes it: bearer token, no cookie, no Origin. */
function v1(
  path: string,
  { token, method = "GET", body }: { token: string; method?: string; body?: unknown },
) {
  return context.app.request(`/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const subscribe = (token: string, targetUrl: string, event = "client.created") =>
  v1("/hooks", { token, method: "POST", body: { target_url: targetUrl, event } });

/** A hook target on 127.0.0.1 that takes `delayMs` to answer 200, noting when each delivery came in. */
async function receiver(delayMs: number) {
  const arrivals: number[] = [];
  let open = 0;
  let mostAtOnce = 0;
  const server = createServer((request, response) => {
    open++;
    mostAtOnce = Math.max(mostAtOnce, open);
    request.resume();
    request.on("end", () =>
      setTimeout(() => {
        arrivals.push(performance.now());
        open--;
        response.end("ok");
      }, delayMs),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    arrivals,
    mostAtOnce: () => mostAtOnce,
    close: () => server.close(),
  };
}

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now();
}

describe("webhook delivery across users", () => {
  it("delivers another user's event within seconds while one user has 180 queued to a slow receiver", async () => {
    const ann = await registerPaid(context, { email: "ann.file@example.fr" });
    const ben = await registerPaid(context, { email: "ben.file@example.fr" });
    const slow = await receiver(150);
    const fast = await receiver(0);
    let stop: (() => void) | undefined;
    try {
      expect((await subscribe(await writeToken(ann.cookie), slow.url)).status).toBe(201);
      const benToken = await writeToken(ben.cookie);
      expect((await subscribe(benToken, fast.url)).status).toBe(201);
      // Ann's 180 events are queued first (an import of clients), then Ben creates one client.
      await emitEvents(
        context.database.db,
        "client.created",
        Array.from({ length: 180 }, (_, index) => ({ userId: ann.userId, data: { index } })),
      );
      await v1("/clients", { token: benToken, method: "POST", body: { name: "Garage Lemoine" } });

      stop = startJobLoop(context);
      const annFirst = await until(() => slow.arrivals.length > 0, 15_000, "Ann's first delivery");
      const benFirst = await until(() => fast.arrivals.length > 0, 10_000, "Ben's delivery");
      // Ben's delivery does not wait behind Ann's queue: it goes out with her first ones.
      expect(benFirst - annFirst).toBeLessThan(3_000);
      // Ann's own go several at a time, never more than her share of the sending slots.
      await until(() => slow.arrivals.length === 180, 30_000, "Ann's 180 deliveries");
      expect(slow.mostAtOnce()).toBeGreaterThan(1);
      expect(slow.mostAtOnce()).toBeLessThanOrEqual(PER_USER_IN_FLIGHT);
      expect(fast.arrivals).toHaveLength(1);
    } finally {
      stop?.();
      slow.close();
      fast.close();
    }
  }, 60_000);
});

describe("hooks per user", () => {
  it(`holds ${MAX_HOOKS_PER_USER} hooks per user, webhook automations included, and says so in French`, async () => {
    const carl = await registerPaid(context, { email: "carl.hooks@example.fr" });
    const dora = await registerPaid(context, { email: "dora.hooks@example.fr" });
    const token = await writeToken(carl.cookie);
    const target = "http://127.0.0.1:9/hook";
    const automation = await call(context, "/api/automations", {
      method: "POST",
      cookie: carl.cookie,
      body: { kind: "event_webhook", event: "invoice.paid", targetUrl: target },
    });
    expect(automation.status).toBe(201);
    for (let index = 1; index < MAX_HOOKS_PER_USER - 3; index++)
      expect((await subscribe(token, `${target}?n=${index}`)).status).toBe(201);
    // Five at once for the last three places: the count is taken under the user's lock, so only three pass.
    const racing = await Promise.all(
      Array.from({ length: 5 }, (_, index) => subscribe(token, `${target}?course=${index}`)),
    );
    expect(racing.map((response) => response.status).sort()).toEqual([201, 201, 201, 409, 409]);

    const refused = await subscribe(token, `${target}?n=trop`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatchObject({ code: "conflict", message: HOOK_LIMIT_REACHED });
    expect(HOOK_LIMIT_REACHED).toContain("25 webhooks au plus");
    const another = await call(context, "/api/automations", {
      method: "POST",
      cookie: carl.cookie,
      body: { kind: "event_webhook", event: "invoice.issued", targetUrl: target },
    });
    expect(another.status).toBe(409);
    expect((await another.json()).error.message).toBe(HOOK_LIMIT_REACHED);

    // The Intégrations page lists the REST hooks and shows how many of the cap are used.
    const listed = await (await call(context, "/api/integrations/hooks", { cookie: carl.cookie })).json();
    expect(listed.usage).toEqual({ count: MAX_HOOKS_PER_USER, limit: MAX_HOOKS_PER_USER });
    expect(listed.items).toHaveLength(MAX_HOOKS_PER_USER - 1);

    // Another user is not affected; removing one hook makes room again.
    expect((await subscribe(await writeToken(dora.cookie), target)).status).toBe(201);
    expect((await v1(`/hooks/${listed.items[0].id}`, { token, method: "DELETE" })).status).toBe(204);
    expect((await subscribe(token, `${target}?n=encore`)).status).toBe(201);
  });
});
