import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessModules } from "../../app";
import { securityAuditLog } from "../../db/schema/index";
import {
  call,
  cookieFrom,
  firstLink,
  freshIp,
  lastEmailTo,
  markPaid,
  registerAndConfirm,
  STRONG_PASSWORD,
} from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";
import { grantAdmin } from "../admin/admin.service";

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const signIn = (email: string, password: string) =>
  call(context, "/api/auth/sign-in/email", {
    method: "POST",
    body: { email, password },
    headers: { "x-forwarded-for": freshIp() },
  });

describe("profile", () => {
  it("updates the profile with validated fields, and never the subscription", async () => {
    const { cookie } = await registerAndConfirm(context, { email: "profil@example.fr" });
    const updated = await call(context, "/api/profile", {
      method: "PATCH",
      cookie,
      body: {
        name: "Camille Martin-Durand",
        jobTitle: "Développeuse web",
        skills: ["React", "Node.js"],
        bio: "Freelance à Lyon.",
      },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      name: "Camille Martin-Durand",
      jobTitle: "Développeuse web",
      skills: ["React", "Node.js"],
    });
    const session = await (await call(context, "/api/auth/get-session", { cookie })).json();
    expect(session.user.name).toBe("Camille Martin-Durand");

    const sneaky = await call(context, "/api/profile", {
      method: "PATCH",
      cookie,
      body: { subscriptionStatus: "active" },
    });
    expect(sneaky.status).toBe(400);
    const empty = await call(context, "/api/profile", { method: "PATCH", cookie, body: { name: "   " } });
    expect((await empty.json()).error.issues).toEqual([{ path: "name", message: "Indiquez votre nom." }]);
    expect((await (await call(context, "/api/profile", { cookie })).json()).subscriptionStatus).toBe(
      "inactive",
    );
  });
});

describe("account changes", () => {
  it("changes the password with the current one and signs the other devices out", async () => {
    const email = "change.mdp@example.fr";
    const { cookie: laptop } = await registerAndConfirm(context, { email });
    const phone = cookieFrom(await signIn(email, STRONG_PASSWORD));
    const wrongCurrent = await call(context, "/api/auth/change-password", {
      method: "POST",
      cookie: laptop,
      body: {
        currentPassword: "Pas-Le-Bon-2026",
        newPassword: "Autre-Velo-Vert-2029",
        revokeOtherSessions: true,
      },
    });
    expect(wrongCurrent.status).toBe(400);
    expect((await wrongCurrent.json()).message).toBe("Mot de passe incorrect.");

    const changed = await call(context, "/api/auth/change-password", {
      method: "POST",
      cookie: laptop,
      body: {
        currentPassword: STRONG_PASSWORD,
        newPassword: "Autre-Velo-Vert-2029",
        revokeOtherSessions: true,
      },
    });
    expect(changed.status).toBe(200);
    const laptopNow = cookieFrom(changed) || laptop;
    expect((await call(context, "/api/profile", { cookie: phone })).status).toBe(401);
    expect((await call(context, "/api/profile", { cookie: laptopNow })).status).toBe(200);
    const [audit] = await context.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.eventType, "password_changed"));
    expect(audit?.eventDescription).toMatch(/Mot de passe modifié/);
  });

  it("changes the e-mail only once both addresses have confirmed", async () => {
    const { cookie } = await registerAndConfirm(context, { email: "ancienne@example.fr" });
    const request = await call(context, "/api/auth/change-email", {
      method: "POST",
      cookie,
      body: { newEmail: "nouvelle@example.fr", callbackURL: "/app/profile" },
    });
    expect(request.status).toBe(200);
    const follow = async (text: string | null | undefined) => {
      const link = new URL(firstLink(text));
      await call(context, `${link.pathname}${link.search}`, { cookie });
    };
    const currentEmail = async () => (await (await call(context, "/api/profile", { cookie })).json()).email;

    // Step 1: the current address approves the change.
    const approval = await lastEmailTo(context, "ancienne@example.fr");
    expect(approval?.subject).toBe("Confirmez le changement d'adresse e-mail");
    await follow(approval?.text);
    expect(await currentEmail()).toBe("ancienne@example.fr");
    // Step 2: the new address confirms; only then does the account change.
    const confirmation = await lastEmailTo(context, "nouvelle@example.fr");
    expect(confirmation?.subject).toMatch(/Confirmez votre adresse e-mail/);
    await follow(confirmation?.text);
    expect(await currentEmail()).toBe("nouvelle@example.fr");
  });
});

describe("access", () => {
  it("answers every business module 401 when anonymous and 402 when unpaid", async () => {
    const { cookie } = await registerAndConfirm(context, { email: "pas.paye@example.fr" });
    const paths = Object.keys(businessModules);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      for (const method of ["GET", "POST", "PATCH", "DELETE"]) {
        expect((await call(context, `/api${path}`, { method })).status, `${method} ${path} anonymous`).toBe(
          401,
        );
        expect(
          (await call(context, `/api${path}`, { method, cookie })).status,
          `${method} ${path} unpaid`,
        ).toBe(402);
      }
    }
  });

  it("tells admins apart through is_admin and has_admin_permission", async () => {
    const { cookie: adminCookie, userId: adminId } = await registerAndConfirm(context, {
      email: "admin@example.fr",
    });
    const { cookie: userCookie, userId } = await registerAndConfirm(context, { email: "simple@example.fr" });
    await markPaid(context, userId);
    expect(await grantAdmin(context.database.db, "ADMIN@example.fr ")).toEqual({ userId: adminId });
    expect(await grantAdmin(context.database.db, "personne@example.fr")).toBeNull();

    expect(
      await (await call(context, "/api/rpc/is_admin", { method: "POST", cookie: adminCookie })).json(),
    ).toBe(true);
    expect(
      await (await call(context, "/api/rpc/is_admin", { method: "POST", cookie: userCookie })).json(),
    ).toBe(false);
    const permission = { resource_name: "invoices", action_name: "read" };
    const asAdmin = await call(context, "/api/rpc/has_admin_permission", {
      method: "POST",
      cookie: adminCookie,
      body: { ...permission, user_uuid: userId },
    });
    expect(await asAdmin.json()).toBe(false);
    const self = await call(context, "/api/rpc/has_admin_permission", {
      method: "POST",
      cookie: adminCookie,
      body: permission,
    });
    expect(await self.json()).toBe(true);
    // A non-admin cannot probe someone else's permissions.
    const probe = await call(context, "/api/rpc/has_admin_permission", {
      method: "POST",
      cookie: userCookie,
      body: { ...permission, user_uuid: adminId },
    });
    expect(await probe.json()).toBe(false);
    expect((await call(context, "/api/rpc/is_admin", { method: "POST" })).status).toBe(401);
    const denied = await context.database.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.eventType, "access_denied")));
    expect(denied.length).toBeGreaterThan(0);
  });
});
