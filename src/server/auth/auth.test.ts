import { hashPassword as betterAuthHash } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, securityAuditLog, session } from "../db/schema/index";
import {
  call,
  cookieFrom,
  firstLink,
  lastEmailTo,
  registerAndConfirm,
  STRONG_PASSWORD,
} from "../test/accounts";
import { createTestContext, type TestContext } from "../test/test-app";
import {
  SIGN_IN_MAX_FAILURES,
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
  SIGN_IN_MAX_FAILURES_PER_IP,
} from "./sign-in-limiter";

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const signIn = (email: string, password: string, ip = "203.0.113.1") =>
  call(context, "/api/auth/sign-in/email", {
    method: "POST",
    body: { email, password },
    headers: { "x-forwarded-for": ip },
  });

describe("registration and confirmation", () => {
  it("sends a French confirmation e-mail and refuses sign-in until it is confirmed", async () => {
    const email = "lea.moreau@example.fr";
    const signUp = await call(context, "/api/auth/sign-up/email", {
      method: "POST",
      body: { email: `  ${email}  `.trim(), password: STRONG_PASSWORD, name: "Léa Moreau" },
    });
    expect(signUp.status).toBe(200);
    expect(cookieFrom(signUp)).toBe("");
    const mail = await lastEmailTo(context, email);
    expect(mail?.subject).toMatch(/Confirmez votre adresse e-mail/);

    const early = await signIn(email, STRONG_PASSWORD, "203.0.113.50");
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({
      code: "EMAIL_NOT_VERIFIED",
      message: expect.stringMatching(/^Vérifiez votre email/),
    });

    const link = new URL(firstLink(mail?.text));
    const confirmed = await call(context, `${link.pathname}${link.search}`);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("http://localhost:3000/auth/callback");
    const cookie = cookieFrom(confirmed);
    const profile = await (await call(context, "/api/profile", { cookie })).json();
    expect(profile).toMatchObject({
      name: "Léa Moreau",
      email,
      role: "freelancer",
      bio: "",
      subscriptionStatus: "inactive",
    });
  });

  it("refuses a weak password with French reasons", async () => {
    const response = await call(context, "/api/auth/sign-up/email", {
      method: "POST",
      body: { email: "faible@example.fr", password: "motdepasse", name: "Faible" },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.code).toBe("WEAK_PASSWORD");
    expect(body.message).toBe("Ce mot de passe est trop faible.");
    expect(body.reasons.length).toBeGreaterThan(0);
    expect(body.reasons.join(" ")).not.toMatch(/\bthe\b|\bpassword\b/i);
  });

  it("answers a sign-up on an existing e-mail exactly like a new one, and warns the owner", async () => {
    const email = "deja.inscrit@example.fr";
    await registerAndConfirm(context, { email });
    const fresh = await call(context, "/api/auth/sign-up/email", {
      method: "POST",
      body: { email: "tout.nouveau@example.fr", password: STRONG_PASSWORD, name: "Nouveau" },
    });
    const again = await call(context, "/api/auth/sign-up/email", {
      method: "POST",
      body: { email, password: STRONG_PASSWORD, name: "Usurpateur" },
    });
    expect(again.status).toBe(fresh.status);
    const [freshBody, againBody] = [await fresh.json(), await again.json()];
    expect(Object.keys(againBody).sort()).toEqual(Object.keys(freshBody).sort());
    expect(Object.keys(againBody.user ?? {}).sort()).toEqual(Object.keys(freshBody.user ?? {}).sort());
    expect((await lastEmailTo(context, email))?.subject).toMatch(/compte/i);
  });
});

describe("sign-in", () => {
  it("gives the same answer for an unknown e-mail and a wrong password", async () => {
    await registerAndConfirm(context, { email: "connue@example.fr" });
    const unknown = await signIn("inconnue@example.fr", "Nimporte-Quoi-42", "198.51.100.7");
    const wrong = await signIn("connue@example.fr", "Nimporte-Quoi-42", "198.51.100.8");
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
  });

  it("blocks an address on an account after 5 failures, while the right password from elsewhere still works", async () => {
    const email = "cible@example.fr";
    await registerAndConfirm(context, { email });
    const attacker = "192.0.2.1";
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn(email, `Mauvais-${attempt}-xyz`, attacker)).status).toBe(401);
    }
    const blocked = await signIn(email, STRONG_PASSWORD, attacker);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(800);
    expect((await blocked.json()).message).toMatch(
      /^Trop de tentatives de connexion\. Réessayez dans 1[45] minutes\.$/,
    );
    // The owner, on a new device, is not locked out by someone else's five wrong tries.
    expect((await signIn(email, STRONG_PASSWORD, "192.0.2.99")).status).toBe(200);
    const audit = await context.database.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.eventType, "sign_in_failed")));
    expect(audit.filter((row) => row.metadata.email === email)).toHaveLength(5);
  });

  it("lets at most 5 of 40 parallel wrong passwords reach the password check", async () => {
    const email = "rafale@example.fr";
    await registerAndConfirm(context, { email });
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) => signIn(email, `Mauvais-${attempt}-xyz`, "192.0.2.40")),
    ).then((responses) => responses.map((response) => response.status));
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - SIGN_IN_MAX_FAILURES);
  });

  it(`blocks an IP after ${SIGN_IN_MAX_FAILURES_PER_IP} failures, whatever e-mail it tries next`, async () => {
    const ip = "198.51.100.200";
    for (let attempt = 1; attempt <= SIGN_IN_MAX_FAILURES_PER_IP; attempt++) {
      expect((await signIn(`essai${attempt}@example.fr`, "Mauvais-mot-2026", ip)).status).toBe(401);
    }
    await registerAndConfirm(context, { email: "innocente@example.fr" });
    expect((await signIn("innocente@example.fr", STRONG_PASSWORD, ip)).status).toBe(429);
    expect((await signIn("innocente@example.fr", STRONG_PASSWORD, "198.51.100.201")).status).toBe(200);
  });

  it(`locks an account for every address only after ${SIGN_IN_MAX_FAILURES_PER_ACCOUNT} failures from many`, async () => {
    const email = "assiegee@example.fr";
    await registerAndConfirm(context, { email });
    for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES_PER_ACCOUNT; attempt++) {
      const ip = `198.18.${Math.floor(attempt / SIGN_IN_MAX_FAILURES)}.1`;
      expect((await signIn(email, `Mauvais-${attempt}-xyz`, ip)).status).toBe(401);
    }
    expect((await signIn(email, STRONG_PASSWORD, "198.18.200.1")).status).toBe(429);
  });

  it("refuses missing credentials in French", async () => {
    const response = await call(context, "/api/auth/sign-in/email", {
      method: "POST",
      body: { email: "a@b.fr" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "MISSING_CREDENTIALS",
      message: "Indiquez votre adresse e-mail et votre mot de passe.",
    });
  });
});

describe("sessions", () => {
  it("signs out everywhere: another device's session is refused at once", async () => {
    const email = "deux.appareils@example.fr";
    const { cookie: laptop } = await registerAndConfirm(context, { email });
    const phone = cookieFrom(await signIn(email, STRONG_PASSWORD, "203.0.113.77"));
    expect((await call(context, "/api/profile", { cookie: phone })).status).toBe(200);

    const signOut = await call(context, "/api/account/sign-out", { method: "POST", cookie: laptop });
    expect(signOut.status).toBe(200);
    expect((await call(context, "/api/profile", { cookie: phone })).status).toBe(401);
    expect((await call(context, "/api/profile", { cookie: laptop })).status).toBe(401);
  });

  it("refuses a cookie whose token was altered, and a session past its expiry", async () => {
    const { cookie, userId } = await registerAndConfirm(context, { email: "cookie.altere@example.fr" });
    expect((await call(context, "/api/profile", { cookie })).status).toBe(200);
    // Same signature, another token: the signature no longer matches.
    const altered = cookie.replace(
      /session_token=(.)/,
      (_, first: string) => `session_token=${first === "a" ? "b" : "a"}`,
    );
    expect(altered).not.toBe(cookie);
    const refused = await call(context, "/api/profile", { cookie: altered });
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.message).toBe("Session requise : veuillez vous connecter.");
    // The right signature written another way (no padding) is not what better-call writes: refused too.
    const unpadded = cookie.replace(/(session_token=[^;]*)%3D/, "$1");
    expect(unpadded).not.toBe(cookie);
    expect((await call(context, "/api/profile", { cookie: unpadded })).status).toBe(401);

    const { db } = context.database;
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.userId, userId));
    expect((await call(context, "/api/profile", { cookie })).status).toBe(401);
  });

  it("extends a session used after a day, as better-auth does (7 days from the request)", async () => {
    const { cookie, userId } = await registerAndConfirm(context, { email: "session.glissante@example.fr" });
    const { db } = context.database;
    const day = 24 * 3600_000;
    const expiresOf = async () =>
      (await db.select({ at: session.expiresAt }).from(session).where(eq(session.userId, userId)))[0]?.at;
    const fresh = await expiresOf();
    expect((await call(context, "/api/profile", { cookie })).status).toBe(200);
    expect(await expiresOf()).toEqual(fresh);

    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 5 * day) })
      .where(eq(session.userId, userId));
    const renewed = await call(context, "/api/profile", { cookie });
    expect(renewed.status).toBe(200);
    const extended = (await expiresOf())?.getTime() ?? 0;
    expect(Math.abs(extended - (Date.now() + 7 * day))).toBeLessThan(60_000);
    // The browser's cookie is renewed with it, for another 7 days.
    const setCookie = renewed.headers.getSetCookie().find((line) => line.includes("session_token="));
    expect(setCookie).toMatch(/Max-Age=604800/);
  });

  it("resets a forgotten password with a single-use link and revokes every session", async () => {
    const email = "oubli@example.fr";
    const { cookie } = await registerAndConfirm(context, { email });
    const unknownReset = await call(context, "/api/auth/request-password-reset", {
      method: "POST",
      body: { email: "personne@example.fr", redirectTo: "/reset-password" },
    });
    const knownReset = await call(context, "/api/auth/request-password-reset", {
      method: "POST",
      body: { email, redirectTo: "/reset-password" },
    });
    expect(knownReset.status).toBe(unknownReset.status);
    const answer = await knownReset.json();
    expect(answer).toEqual(await unknownReset.json());
    expect(answer.message).toBe(
      "Si un compte existe pour cette adresse, un e-mail de réinitialisation vient de lui être envoyé.",
    );

    const mail = await lastEmailTo(context, email);
    expect(mail?.subject).toMatch(/Réinitialisez votre mot de passe/);
    const resetLink = await call(
      context,
      new URL(firstLink(mail?.text)).pathname + new URL(firstLink(mail?.text)).search,
    );
    const token = new URL(resetLink.headers.get("location") ?? "", "http://x").searchParams.get("token");
    expect(token).toBeTruthy();

    const newPassword = "Nouveau-Velo-Bleu-2027";
    const reset = await call(context, "/api/auth/reset-password", {
      method: "POST",
      body: { newPassword, token },
    });
    expect(reset.status).toBe(200);
    expect((await call(context, "/api/profile", { cookie })).status).toBe(401);
    const reused = await call(context, "/api/auth/reset-password", {
      method: "POST",
      body: { newPassword: "Encore-Autre-2028-x", token },
    });
    expect(reused.status).toBe(400);
    expect((await reused.json()).message).toMatch(/lien/);
    expect((await signIn(email, STRONG_PASSWORD, "203.0.113.90")).status).toBe(401);
    expect((await signIn(email, newPassword, "203.0.113.91")).status).toBe(200);
  });

  it("never rate-limits the session check: 120 page loads in a minute stay signed in", async () => {
    const { cookie } = await registerAndConfirm(context, { email: "pages@example.fr" });
    for (let load = 0; load < 120; load++) {
      const check = await call(context, "/api/auth/get-session", {
        cookie,
        headers: { "x-forwarded-for": "203.0.113.120" },
      });
      expect(check.status).toBe(200);
      expect((await check.json())?.user.email).toBe("pages@example.fr");
    }
  });

  it("signs the other devices out on a password change, even when the caller did not ask", async () => {
    const email = "changement@example.fr";
    const { cookie: laptop, userId } = await registerAndConfirm(context, { email });
    const phone = cookieFrom(await signIn(email, STRONG_PASSWORD, "203.0.113.130"));
    expect((await call(context, "/api/profile", { cookie: phone })).status).toBe(200);
    const changed = await call(context, "/api/auth/change-password", {
      method: "POST",
      cookie: laptop,
      body: { currentPassword: STRONG_PASSWORD, newPassword: "Autre-Velo-Vert-2031" },
    });
    expect(changed.status).toBe(200);
    expect((await call(context, "/api/profile", { cookie: phone })).status).toBe(401);
    expect((await call(context, "/api/profile", { cookie: cookieFrom(changed) || laptop })).status).toBe(200);
    const [audit] = await context.database.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.userId, userId), eq(securityAuditLog.eventType, "password_changed")));
    expect(audit?.eventDescription).toBe("Mot de passe modifié, autres sessions révoquées");
  });
});

describe("password hashes", () => {
  it("signs in with a hash in better-auth's old format and upgrades it to scrypt with its parameters", async () => {
    const email = "ancien.hash@example.fr";
    const { userId } = await registerAndConfirm(context, { email });
    const { db } = context.database;
    const ofUser = eq(account.userId, userId);
    await db
      .update(account)
      .set({ password: await betterAuthHash(STRONG_PASSWORD) })
      .where(ofUser);
    const stored = async () =>
      (await db.select({ hash: account.password }).from(account).where(ofUser))[0]?.hash;
    const legacy = await stored();
    expect(legacy).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);

    expect((await signIn(email, "Pas-Le-Bon-2026-x", "203.0.113.140")).status).toBe(401);
    expect(await stored()).toBe(legacy);
    expect((await signIn(email, STRONG_PASSWORD, "203.0.113.141")).status).toBe(200);
    const upgraded = await stored();
    // Tests hash at N=2^10 to stay fast (password-hash.ts); the format is the production one.
    expect(upgraded).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/);
    expect((await signIn(email, STRONG_PASSWORD, "203.0.113.142")).status).toBe(200);
    expect(await stored()).toBe(upgraded);
  });
});
