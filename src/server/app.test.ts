import { gunzipSync } from "node:zlib";
import { errorBody } from "@shared/schemas/error";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "./app";
import { testDatabaseKind } from "./test/database";
import { createTestContext, type TestContext } from "./test/test-app";

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

describe("GET /api/health", () => {
  it("reports the database, its migrations and the version", async () => {
    const response = await context.app.request("/api/health");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: "ok", database: testDatabaseKind, version: expect.any(String) });
    expect(body.migrations.applied).toBeGreaterThan(0);
    expect(body.migrations.pending).toBe(0);
    expect(body.migrations.latest).toMatch(/^\d{4}_/);
  });
});

describe("errors", () => {
  it("answers unknown /api routes with a JSON 404 in French", async () => {
    const response = await context.app.request("/api/nope?x=1", { method: "POST" });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = errorBody.parse(await response.json());
    expect(body.error.code).toBe("not_found");
    expect(body.error.message).toBe("Aucune ressource ne correspond à POST /api/nope.");
  });

  it("answers unknown server functions with a JSON 404", async () => {
    const response = await context.app.request("/functions/v1/does-not-exist", { method: "POST" });
    expect(response.status).toBe(404);
    expect(errorBody.parse(await response.json()).error.code).toBe("not_found");
  });

  it("refuses a body over the limit with 413 and a clear message", async () => {
    const response = await context.app.request("/api/health", {
      method: "POST",
      body: "x".repeat(MAX_BODY_BYTES + 1),
      headers: { "content-type": "text/plain" },
    });
    expect(response.status).toBe(413);
    const body = errorBody.parse(await response.json());
    expect(body.error).toEqual({
      code: "payload_too_large",
      message: "La requête est trop volumineuse (1 Mo maximum).",
    });
  });
});

describe("security headers", () => {
  it("sets the CSP, denies framing, and carries a request id", async () => {
    const response = await context.app.request("/api/health");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-src https://js.stripe.com");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
    // HSTS only in production (tests run with NODE_ENV=test).
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("compresses for a client that accepts gzip, and says responses vary with it either way", async () => {
    const plain = await context.app.request("/api/health");
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect((await plain.json()).status).toBe("ok");

    const gzipped = await context.app.request("/api/health", { headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers.get("vary")).toBe("Accept-Encoding");
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    const body = gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString("utf8");
    expect(JSON.parse(body).status).toBe("ok");
  });
});
