import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RENDERED_ROOT } from "@shared/rendered-page";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "../db/schema/index";
import { call, registerAndConfirm, registerPaid } from "../test/accounts";
import { createTestContext, type TestContext } from "../test/test-app";

// A build's output, as vite.config.ts lays it out: the shell, the invoice list's template, and in place of
// src/client/prerender.tsx built for Node, a renderer that asks the API for the profile with the request's
// session, as the real one's queries do. What is tested is the server's side: when it renders, with which
// session, what the answer carries.
const buildDir = mkdtempSync(join(tmpdir(), "ardoise-rendered-"));
const clientDir = join(buildDir, "client");
mkdirSync(join(clientDir, "rendered", "app"), { recursive: true });
mkdirSync(join(buildDir, "page-render"));
writeFileSync(join(clientDir, "index.html"), '<div id="root">shell</div>');
writeFileSync(join(clientDir, "rendered", "app", "invoices.html"), `<body>${RENDERED_ROOT}</body>`);
writeFileSync(
  join(buildDir, "page-render", "prerender.js"),
  `export async function renderSignedIn(path, request) {
    const response = await request.fetch("/api/profile", { headers: { accept: "application/json" } });
    if (!response.ok) return undefined;
    const profile = await response.json();
    if (profile.subscriptionStatus !== "active") return undefined;
    return { markup: "<main>" + profile.email + " " + path + "</main>", state: { mutations: [], queries: [] } };
  }`,
);

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({ clientDir });
});
afterAll(async () => {
  await context.close();
  rmSync(buildDir, { recursive: true, force: true });
});

const DAY_MS = 24 * 3600_000;

describe("a page the server renders with the user's data", () => {
  it("is rendered with the request's session and kept by no cache", async () => {
    const { cookie } = await registerPaid(context, { email: "page.rendue@example.fr" });
    const page = await call(context, "/app/invoices?status=paid", { cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<main>page.rendue@example.fr /app/invoices?status=paid</main>");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("vary")).toMatch(/Cookie/);
  });

  it("passes on the session renewed while the API answered it", async () => {
    const { cookie, userId } = await registerPaid(context, { email: "page.renouvelee@example.fr" });
    // A session last renewed two days ago: the next request renews it for 7 days, cookie included.
    await context.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 5 * DAY_MS) })
      .where(eq(session.userId, userId));
    const page = await call(context, "/app/invoices", { cookie });
    expect(await page.text()).toContain("<main>page.renouvelee@example.fr");
    const renewed = page.headers.getSetCookie().find((line) => line.includes("session_token="));
    expect(renewed).toMatch(/Max-Age=604800/);
  });

  it("goes without data to an unpaid user, a request with no session cookie, and a HEAD", async () => {
    const unpaid = await registerAndConfirm(context, { email: "page.impayee@example.fr" });
    const paid = await registerPaid(context, { email: "page.head@example.fr" });
    for (const [label, cookie, method] of [
      ["unpaid", unpaid.cookie, "GET"],
      ["sidebar cookie only", "sidebar_state=false", "GET"],
      ["HEAD", paid.cookie, "HEAD"],
    ] as const) {
      const page = await call(context, "/app/invoices", { cookie, method });
      expect(page.status, label).toBe(200);
      expect(page.headers.get("cache-control"), label).toBe("no-cache");
      if (method === "GET") expect(await page.text(), label).toBe('<div id="root">shell</div>');
    }
  });
});
