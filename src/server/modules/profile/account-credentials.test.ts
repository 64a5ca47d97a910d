import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens, integrations, securityAuditLog, verification } from "../../db/schema/index";
import {
  call,
  cookieFrom,
  firstLink,
  freshIp,
  lastEmailTo,
  registerPaid,
  STRONG_PASSWORD,
} from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";
import { INVALID_TOKEN_MESSAGE } from "../public-api/v1.routes";

// Issue 26, finding 6: API tokens and calendar feeds are no sessions, and used to outlive the events that end
// sessions (global sign-out, password reset, password change); their secrets are stored as hashes.

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

/** A call as an automation tool makes it: bearer token, no cookie, no Origin. */
const v1 = (path: string, token: string) =>
  context.app.request(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });

/** Fetches a feed as Google's servers do: no cookie. */
const fetchFeed = (url: string) => call(context, new URL(url).pathname);

const signIn = (email: string, password: string) =>
  call(context, "/api/auth/sign-in/email", {
    method: "POST",
    body: { email, password },
    headers: { "x-forwarded-for": freshIp() },
  });

/** A paid account with a write token and a calendar feed, both working. */
async function accountWithCredentials(email: string) {
  const account = await registerPaid(context, { email });
  const created = await call(context, "/api/integrations/tokens", {
    method: "POST",
    cookie: account.cookie,
    body: { name: "Zapier", scope: "write" },
  });
  expect(created.status).toBe(201);
  const token = (await created.json()) as { id: string; token: string };
  const feed = await call(context, "/api/integrations/calendar", { method: "POST", cookie: account.cookie });
  const feedUrl = ((await feed.json()) as { feed: { url: string } }).feed.url;
  expect((await v1("/clients", token.token)).status).toBe(200);
  expect((await fetchFeed(feedUrl)).status).toBe(200);
  return { ...account, email, token, feedUrl };
}

async function expectRevoked({ token, feedUrl }: { token: { token: string }; feedUrl: string }) {
  const refused = await v1("/clients", token.token);
  expect(refused.status).toBe(401);
  expect((await refused.json()).error.message).toBe(INVALID_TOKEN_MESSAGE);
  expect((await fetchFeed(feedUrl)).status).toBe(404);
}

async function expectWorking({ token, feedUrl }: { token: { token: string }; feedUrl: string }) {
  expect((await v1("/clients", token.token)).status).toBe(200);
  expect((await fetchFeed(feedUrl)).status).toBe(200);
}

/** Asks for a reset link through « Mot de passe oublié » and reads its token from the e-mail, as a user does. */
async function resetToken(email: string) {
  const asked = await call(context, "/api/auth/request-password-reset", {
    method: "POST",
    body: { email, redirectTo: "/reset-password" },
    headers: { "x-forwarded-for": freshIp() },
  });
  expect(asked.status).toBe(200);
  const link = new URL(firstLink((await lastEmailTo(context, email))?.text));
  const landing = await call(context, link.pathname + link.search);
  const token = new URL(landing.headers.get("location") ?? "", "http://x").searchParams.get("token");
  expect(token).toBeTruthy();
  return token as string;
}

describe("« Se déconnecter partout »", () => {
  it("lists the API tokens and calendar feeds that outlive the sessions, never their secrets", async () => {
    const alice = await accountWithCredentials("alice.partout@example.fr");
    const listed = await call(context, "/api/account/credentials", { cookie: alice.cookie });
    expect(listed.status).toBe(200);
    const body = await listed.json();
    expect(body).toEqual({
      apiTokens: [
        {
          id: alice.token.id,
          name: "Zapier",
          tokenStart: alice.token.token.slice(0, 10),
          createdAt: expect.any(String),
          lastUsedAt: expect.any(String),
        },
      ],
      calendarFeeds: [
        { id: expect.any(String), createdAt: expect.any(String), lastReadAt: expect.any(String) },
      ],
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain(alice.token.token);
    expect(text).not.toContain(new URL(alice.feedUrl).pathname);
    expect((await call(context, "/api/account/credentials")).status).toBe(401);
  });

  it("revokes them in the same request when asked: the token answers 401, the feed 404", async () => {
    const bruno = await accountWithCredentials("bruno.partout@example.fr");
    const phone = cookieFrom(await signIn(bruno.email, STRONG_PASSWORD));
    const signOut = await call(context, "/api/account/sign-out", {
      method: "POST",
      cookie: bruno.cookie,
      body: { revokeCredentials: true },
    });
    expect(signOut.status).toBe(200);
    expect(await signOut.json()).toEqual({ success: true, revoked: { apiTokens: 1, calendarFeeds: 1 } });
    expect((await call(context, "/api/profile", { cookie: bruno.cookie })).status).toBe(401);
    expect((await call(context, "/api/profile", { cookie: phone })).status).toBe(401);
    await expectRevoked(bruno);
    const [audit] = await context.database.db
      .select()
      .from(securityAuditLog)
      .where(
        and(eq(securityAuditLog.userId, bruno.userId), eq(securityAuditLog.eventType, "credentials_revoked")),
      );
    expect(audit?.eventDescription).toBe(
      "Jetons d'API et flux de calendrier révoqués (déconnexion de tous les appareils)",
    );
  });

  it("keeps them working when the user chose to keep them, and on a plain sign-out", async () => {
    const claire = await accountWithCredentials("claire.partout@example.fr");
    const kept = await call(context, "/api/account/sign-out", {
      method: "POST",
      cookie: claire.cookie,
      body: { revokeCredentials: false },
    });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toEqual({ success: true, revoked: null });
    expect((await call(context, "/api/profile", { cookie: claire.cookie })).status).toBe(401);
    await expectWorking(claire);

    // The user menu's « Se déconnecter » sends no body: sessions only.
    const again = cookieFrom(await signIn(claire.email, STRONG_PASSWORD));
    const plain = await call(context, "/api/account/sign-out", { method: "POST", cookie: again });
    expect(plain.status).toBe(200);
    expect((await call(context, "/api/profile", { cookie: again })).status).toBe(401);
    await expectWorking(claire);
  });

  it("refuses a malformed choice in French, and signs no one out", async () => {
    const denis = await accountWithCredentials("denis.partout@example.fr");
    const refused = await call(context, "/api/account/sign-out", {
      method: "POST",
      cookie: denis.cookie,
      body: { revokeCredentials: "oui" },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.issues).toEqual([
      { path: "revokeCredentials", message: "Indiquez true ou false pour revokeCredentials." },
    ]);
    expect((await call(context, "/api/profile", { cookie: denis.cookie })).status).toBe(200);
    await expectWorking(denis);
  });
});

describe("a new password", () => {
  it("set through « Mot de passe oublié » revokes the API tokens, calendar feeds and sessions", async () => {
    const emma = await accountWithCredentials("emma.oubli@example.fr");
    const token = await resetToken(emma.email);
    const reset = await call(context, "/api/auth/reset-password", {
      method: "POST",
      body: { newPassword: "Nouveau-Velo-Rouge-2029", token },
    });
    expect(reset.status).toBe(200);
    expect((await call(context, "/api/profile", { cookie: emma.cookie })).status).toBe(401);
    await expectRevoked(emma);
  });

  it("chosen in the profile revokes them too (the other sessions end as before)", async () => {
    const farid = await accountWithCredentials("farid.change@example.fr");
    const changed = await call(context, "/api/auth/change-password", {
      method: "POST",
      cookie: farid.cookie,
      body: { currentPassword: STRONG_PASSWORD, newPassword: "Autre-Velo-Jaune-2032" },
    });
    expect(changed.status).toBe(200);
    await expectRevoked(farid);
    const listed = await call(context, "/api/account/credentials", { cookie: cookieFrom(changed) });
    expect(await listed.json()).toEqual({ apiTokens: [], calendarFeeds: [] });
  });
});

describe("secrets at rest", () => {
  it("keeps no API token, calendar token or reset token in clear", async () => {
    const gaelle = await accountWithCredentials("gaelle.repos@example.fr");
    const { db } = context.database;
    const tokens = await db.select().from(apiTokens).where(eq(apiTokens.userId, gaelle.userId));
    expect(tokens.map((row) => row.tokenHash)).toEqual([sha256Hex(gaelle.token.token)]);
    expect(JSON.stringify(tokens)).not.toContain(gaelle.token.token);

    const feedToken =
      new URL(gaelle.feedUrl).pathname
        .split("/")
        .pop()
        ?.replace(/\.ics$/, "") ?? "";
    const feeds = await db.select().from(integrations).where(eq(integrations.userId, gaelle.userId));
    expect(feeds.map((row) => row.publicToken)).toEqual([sha256Hex(feedToken)]);
    expect(JSON.stringify(feeds)).not.toContain(feedToken);

    const reset = await resetToken(gaelle.email);
    const rows = await db.select().from(verification).where(eq(verification.value, gaelle.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.identifier).not.toBe(`reset-password:${reset}`);
    expect(JSON.stringify(rows)).not.toContain(reset);
    // The link still works, once.
    const used = await call(context, "/api/auth/reset-password", {
      method: "POST",
      body: { newPassword: "Velo-Hashe-Bleu-2030", token: reset },
    });
    expect(used.status).toBe(200);
  });

  // Last: the migration's statements run against the whole table, as they do once on a real database.
  it("hashes in place what 0033 finds: a feed URL and a reset link already sent keep working", async () => {
    const hugo = await registerPaid(context, { email: "hugo.migration@example.fr" });
    const { db } = context.database;
    const feedToken = `${"Q".repeat(31)}z`;
    await db
      .insert(integrations)
      .values({ userId: hugo.userId, kind: "ics", name: "Google Calendar", publicToken: feedToken });
    const resetTokenText = "AncienJetonDeReinitialisation42";
    await db.insert(verification).values({
      id: "old-reset-row",
      identifier: `reset-password:${resetTokenText}`,
      value: hugo.userId,
      expiresAt: new Date(Date.now() + 30 * 60_000),
    });

    const migration = readFileSync(join(process.cwd(), "drizzle/0034_hash-stored-tokens.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));

    const [feed] = await db.select().from(integrations).where(eq(integrations.userId, hugo.userId));
    expect(feed?.publicToken).toBe(sha256Hex(feedToken));
    expect((await call(context, `/api/calendar/${feedToken}.ics`)).status).toBe(200);
    const [row] = await db.select().from(verification).where(eq(verification.id, "old-reset-row"));
    expect(row?.identifier).toBe(
      createHash("sha256").update(`reset-password:${resetTokenText}`).digest("base64url"),
    );
    const reset = await call(context, "/api/auth/reset-password", {
      method: "POST",
      body: { newPassword: "Velo-Migre-Vert-2031", token: resetTokenText },
    });
    expect(reset.status).toBe(200);
    expect((await signIn("hugo.migration@example.fr", "Velo-Migre-Vert-2031")).status).toBe(200);
  });
});
