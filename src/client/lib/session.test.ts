import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionQuery } from "./session";

const user = { id: "u1", email: "camille@example.fr", name: "Camille", emailVerified: true };

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
    ),
  );
}

// The retries' delays are what the query would wait; here the session is read once per call.
const readSession = () => new QueryClient().fetchQuery({ ...sessionQuery, retry: false });

afterEach(() => vi.unstubAllGlobals());

describe("the session check", () => {
  it("reads a 401 or a null session as signed out", async () => {
    answer(401, { code: "UNAUTHORIZED", message: "Vous devez être connecté." });
    await expect(readSession()).resolves.toBeNull();
    answer(200, null);
    await expect(readSession()).resolves.toBeNull();
  });

  it("reads a rate limit, a server error or no network as unknown, never as signed out", async () => {
    answer(429, {
      code: "TOO_MANY_REQUESTS",
      message: "Trop de requêtes. Veuillez patienter avant de réessayer.",
    });
    await expect(readSession()).rejects.toMatchObject({ status: 429 });
    answer(503, null);
    await expect(readSession()).rejects.toMatchObject({ status: 503 });
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(readSession()).rejects.toMatchObject({ status: 0 });
  });

  it("keeps the last session while the checks fail, asking again with growing delays", async () => {
    const client = new QueryClient();
    answer(200, { user, session: { id: "s1", expiresAt: "2030-01-01T00:00:00.000Z" } });
    await client.fetchQuery(sessionQuery);
    answer(429, { code: "TOO_MANY_REQUESTS", message: "Trop de requêtes." });
    await client.fetchQuery({ ...sessionQuery, staleTime: 0, retry: false }).catch(() => {});
    expect(client.getQueryData(sessionQuery.queryKey)?.user.id).toBe("u1");
    const delay = sessionQuery.retryDelay as (failureCount: number) => number;
    expect([0, 1, 2, 5, 10].map((count) => delay(count))).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});
