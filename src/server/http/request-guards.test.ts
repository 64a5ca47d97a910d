import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, registerAndConfirm, registerPaid, STRONG_PASSWORD } from "../test/accounts";
import { drawPng } from "../test/png";
import { createTestContext, TEST_APP_URL, type TestContext } from "../test/test-app";

let context: TestContext;
let cookie: string;
beforeAll(async () => {
  context = await createTestContext();
  ({ cookie } = await registerPaid(context, { email: "garde@example.fr" }));
});
afterAll(() => context.close());

const clientNames = async () =>
  ((await (await call(context, "/api/clients", { cookie })).json()).items as { name: string }[]).map(
    (client) => client.name,
  );

const createClient = (name: string, headers: Record<string, string>) =>
  call(context, "/api/clients", { method: "POST", cookie, body: { name }, headers });

describe("the address printed at start works (point 1)", () => {
  it("signs up from APP_URL's loopback aliases, not from another origin", async () => {
    const signUp = (email: string, origin: string) =>
      call(context, "/api/auth/sign-up/email", {
        method: "POST",
        body: { email, password: STRONG_PASSWORD, name: "Alias" },
        // What a browser sends with a same-origin fetch: better-auth then checks the Origin.
        headers: {
          origin,
          "sec-fetch-site": "same-origin",
          "sec-fetch-mode": "cors",
          "x-forwarded-for": "192.0.2.10",
        },
      });
    expect((await signUp("ipv4@example.fr", "http://127.0.0.1:3000")).status).toBe(200);
    expect((await signUp("ipv6@example.fr", "http://[::1]:3000")).status).toBe(200);
    const otherPort = await signUp("port@example.fr", "http://127.0.0.1:4000");
    expect(otherPort.status).toBe(403);
    expect((await otherPort.json()).code).toBe("INVALID_ORIGIN");
  });
});

describe("cookie requests from other sites (point 11)", () => {
  it("refuses a state change from another origin in French and changes nothing", async () => {
    const refused = await createClient("Client piégé", { origin: "http://evil.example" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: "forbidden", message: "Requête refusée : elle ne provient pas d'une page d'Ardoise." },
    });
    // Without Origin, the browser's Fetch Metadata says the request came from another site.
    const crossSite = await context.app.request("/api/clients", {
      method: "POST",
      headers: { cookie, "content-type": "application/json", "sec-fetch-site": "cross-site" },
      body: JSON.stringify({ name: "Client piégé bis" }),
    });
    expect(crossSite.status).toBe(403);
    const payment = await call(context, "/functions/v1/create-registration-payment", {
      method: "POST",
      cookie,
      headers: { origin: "http://evil.example" },
    });
    expect(payment.status).toBe(403);
    expect(await clientNames()).toEqual([]);
  });

  it("refuses a form-style body (text/plain, urlencoded, multipart) on a JSON route with a 415", async () => {
    for (const [type, body] of [
      ["text/plain", JSON.stringify({ name: "Client texte" })],
      ["application/x-www-form-urlencoded", "name=Client+formulaire"],
    ] as const) {
      const response = await context.app.request("/api/clients", {
        method: "POST",
        headers: { cookie, origin: TEST_APP_URL, "content-type": type },
        body,
      });
      expect(response.status).toBe(415);
      expect((await response.json()).error).toEqual({
        code: "unsupported_media_type",
        message: "Format de requête non pris en charge : envoyez les données en JSON.",
      });
    }
    const form = new FormData();
    form.set("name", "Client multipart");
    const multipart = await context.app.request("/api/clients", {
      method: "POST",
      headers: { cookie, origin: TEST_APP_URL },
      body: form,
    });
    expect(multipart.status).toBe(415);
    expect(await clientNames()).toEqual([]);
  });

  it("lets our own pages (APP_URL and its loopback aliases) and non-browser callers through", async () => {
    expect((await createClient("Depuis APP_URL", { origin: TEST_APP_URL })).status).toBe(201);
    expect((await createClient("Depuis 127.0.0.1", { origin: "http://127.0.0.1:3000" })).status).toBe(201);
    expect((await createClient("Même origine", { "sec-fetch-site": "same-origin" })).status).toBe(201);
    // No Origin and no Fetch Metadata: not a browser page, so no victim's cookie rides along (scripts, tests).
    const script = await context.app.request("/api/clients", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Script" }),
    });
    expect(script.status).toBe(201);
    expect((await clientNames()).sort()).toEqual([
      "Depuis 127.0.0.1",
      "Depuis APP_URL",
      "Même origine",
      "Script",
    ]);
  });

  it("keeps multipart uploads on the upload routes, and the signed webhook out of the check", async () => {
    const form = new FormData();
    const png = drawPng(2, 2, () => [79, 70, 229]) as Uint8Array<ArrayBuffer>;
    form.set("file", new File([png], "logo.png", { type: "image/png" }));
    const upload = await context.app.request("/api/settings/logo", {
      method: "POST",
      headers: { cookie, origin: TEST_APP_URL },
      body: form,
    });
    expect(upload.status).toBeLessThan(300);
    const webhook = await context.app.request("/api/payments/webhook", {
      method: "POST",
      headers: {
        origin: "http://evil.example",
        "content-type": "application/json",
        "stripe-signature": "t=1,v1=x",
      },
      body: "{}",
    });
    // Judged by its signature, not by its origin.
    expect(webhook.status).toBe(400);
  });
});

describe("the development tools answer only to this machine (point 12)", () => {
  const fromSocket = (path: string, remoteAddress: string) =>
    context.app.request(path, { headers: { cookie } }, { incoming: { socket: { remoteAddress } } });

  it("answers 404 to a network caller, whatever X-Forwarded-For says, and serves loopback callers", async () => {
    await registerAndConfirm(context, { email: "boite@example.fr" });
    for (const path of ["/api/dev/mailbox", "/api/dev/stripe/sessions/cs_local_x", "/dev/mailbox"]) {
      expect((await fromSocket(path, "192.168.1.20")).status).toBe(404);
    }
    const spoofed = await context.app.request(
      "/api/dev/mailbox",
      { headers: { "x-forwarded-for": "127.0.0.1" } },
      { incoming: { socket: { remoteAddress: "203.0.113.9" } } },
    );
    expect(spoofed.status).toBe(404);
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const mailbox = await fromSocket("/api/dev/mailbox", address);
      expect(mailbox.status).toBe(200);
      expect(JSON.stringify(await mailbox.json())).toContain("boite@example.fr");
    }
  });
});
