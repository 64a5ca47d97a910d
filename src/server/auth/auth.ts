import { assessPassword } from "@shared/security/password";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { account, authSchema } from "../db/schema/index";
import type { Mailer } from "../email/mailer";
import { accountExistsEmail } from "../email/templates/account-exists";
import { changeEmailEmail } from "../email/templates/change-email";
import { resetPasswordEmail } from "../email/templates/reset-password";
import { verifyEmailEmail } from "../email/templates/verify-email";
import type { Env } from "../env";
import { trustedOrigins } from "../http/same-origin";
import type { Logger } from "../logger";
import { logSecurityEvent } from "../modules/audit/audit.service";
import { revokeAccountCredentials } from "../modules/profile/account-credentials.service";
import { ensureProfile } from "../modules/profile/profile.service";
import { CLIENT_IP_HEADER } from "./client-ip";
import { hashPassword, needsRehash, OWASP_SCRYPT, TEST_SCRYPT, verifyPassword } from "./password-hash";
import { resolveAuthSecret } from "./secret";

/** Our cookies' names start with it: `ardoise.session_token`, `__Secure-ardoise.session_token` over HTTPS. */
export const AUTH_COOKIE_PREFIX = "ardoise";
export type AuthDeps = { db: Db; env: Env; mailer: Mailer; logger: Logger };

// Paths whose body carries a new password, and the field that holds it.
const NEW_PASSWORD_FIELD: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

const HOUR = 60 * 60;

/** E-mail links always land on our own pages, whatever callback a client asked for. */
function withCallback(url: string, callbackUrl: string): string {
  const link = new URL(url);
  link.searchParams.set("callbackURL", callbackUrl);
  return link.toString();
}

export function createAuth({ db, env, mailer, logger }: AuthDeps) {
  const audit = (event: Parameters<typeof logSecurityEvent>[2]) => logSecurityEvent(db, logger, event);
  const mail = async (
    to: string,
    message: { subject: string; html: string; text: string },
    userId?: string,
  ) => {
    await mailer.send({ to, userId, ...message });
  };
  const scryptCost = env.NODE_ENV === "test" ? TEST_SCRYPT : OWASP_SCRYPT;

  return betterAuth({
    appName: "Ardoise",
    baseURL: env.appUrl,
    basePath: "/api/auth",
    secret: resolveAuthSecret(env),
    trustedOrigins: trustedOrigins(env),
    database: drizzleAdapter(db, { provider: "pg", schema: authSchema }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: HOUR,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => hashPassword(password, scryptCost),
        // A correct password under an older hash (better-auth's default format, or a lower cost) is
        // re-hashed at today's cost on the spot; the old hash is only replaced if it is still the stored one.
        verify: async ({ hash, password }) => {
          const isValid = await verifyPassword(hash, password);
          if (isValid && needsRehash(hash, scryptCost)) {
            await db
              .update(account)
              .set({ password: await hashPassword(password, scryptCost), updatedAt: new Date() })
              .where(and(eq(account.providerId, "credential"), eq(account.password, hash)));
          }
          return isValid;
        },
      },
      sendResetPassword: async ({ user, url }) => {
        const link = withCallback(url, `${env.appUrl}/reset-password`);
        await mail(user.email, resetPasswordEmail({ name: user.name, url: link }), user.id);
        await audit({
          userId: user.id,
          eventType: "password_reset_requested",
          description: "Lien de réinitialisation envoyé",
        });
      },
      // Whoever knew the old password may have made an API token or kept the calendar URL: they end with
      // the sessions (issue 26).
      onPasswordReset: async ({ user }) => {
        await revokeAccountCredentials(db, logger, { userId: user.id, reason: "password_reset" });
        await audit({
          userId: user.id,
          eventType: "password_reset",
          description: "Mot de passe réinitialisé, sessions révoquées",
        });
      },
      // Same answer as a new sign-up (no enumeration); the owner of the address learns someone tried.
      onExistingUserSignUp: async ({ user }) => {
        await mail(
          user.email,
          accountExistsEmail({
            name: user.name,
            signInUrl: `${env.appUrl}/auth`,
            resetUrl: `${env.appUrl}/auth?mode=reset`,
          }),
          user.id,
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * HOUR,
      sendVerificationEmail: async ({ user, url }) => {
        const link = withCallback(url, `${env.appUrl}/auth/callback`);
        await mail(user.email, verifyEmailEmail({ name: user.name, url: link }), user.id);
      },
      afterEmailVerification: async (user) => {
        await audit({
          userId: user.id,
          eventType: "email_verified",
          description: "Adresse e-mail confirmée",
        });
      },
    },
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) => {
          const link = withCallback(url, `${env.appUrl}/app/profile?email=confirmed`);
          await mail(user.email, changeEmailEmail({ name: user.name, newEmail, url: link }), user.id);
          await audit({
            userId: user.id,
            eventType: "email_change_requested",
            description: `Changement d'e-mail demandé vers ${newEmail}`,
          });
        },
      },
    },
    // Reset links' tokens are stored as their SHA-256 (better-auth's own option; rows written before it are
    // still found by their plain value until they expire). E-mail verification and change links are signed
    // JWTs, not stored at all.
    verification: { storeIdentifier: "hashed" },
    // No cookie cache: a revoked session must be refused on the very next request.
    session: { expiresIn: 7 * 24 * HOUR, updateAge: 24 * HOUR, cookieCache: { enabled: false } },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: {
        // The session check runs on every page load: a 429 there would read as "signed out" and send the
        // user back to /auth. It is a read of the caller's own cookie, not a guess, so it is not limited.
        "/get-session": false,
        // Failed password sign-ins have their own limiter (sign-in-limiter.ts); this caps raw volume.
        "/sign-in/email": { window: 60, max: 30 },
        "/sign-up/email": { window: 15 * 60, max: 5 },
        "/request-password-reset": { window: 15 * 60, max: 5 },
        "/send-verification-email": { window: 15 * 60, max: 5 },
        "/change-email": { window: 15 * 60, max: 5 },
      },
    },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: env.NODE_ENV === "production",
      // better-auth skips its Origin check when NODE_ENV=test: the tests must run the production path.
      disableOriginCheck: false,
      // Set by our own middleware from the socket (or a trusted proxy), never from the client.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // No cookie cache, so /get-session reads the database every time: one query joining session and user
      // instead of two (business requests use requireUser's own read, decision 008).
      database: { joins: true },
    },
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          socialProviders: {
            google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET },
          },
        }
      : {}),
    databaseHooks: {
      session: {
        create: {
          after: async (session) => {
            const [found] = await db.query.user.findMany({
              where: (u, { eq }) => eq(u.id, session.userId),
              limit: 1,
            });
            if (found) await ensureProfile(db, { id: found.id, email: found.email, name: found.name });
            await audit({
              userId: session.userId,
              eventType: "sign_in",
              description: "Connexion",
              userAgent: session.userAgent,
            });
          },
        },
      },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/change-password" || ctx.context.returned instanceof APIError) return;
        // The session middleware's session is not kept for after-hooks; the replacement session that
        // change-password opens once it has revoked the others is.
        const userId = ctx.context.newSession?.user.id;
        if (!userId) return;
        // As on a reset: a password is changed when someone else may know it, and an API token or the
        // calendar URL they took would outlive the sessions (issue 26).
        await revokeAccountCredentials(db, logger, {
          userId,
          reason: "password_changed",
          userAgent: ctx.headers?.get("user-agent"),
        });
        await audit({
          userId,
          eventType: "password_changed",
          description: "Mot de passe modifié, autres sessions révoquées",
        });
      }),
      // A new password must be strong. Changing one's password is what a user does when someone else may
      // know it: every other session is signed out, whatever the caller asked (the audit line above says so).
      before: createAuthMiddleware(async (ctx) => {
        const field = NEW_PASSWORD_FIELD[ctx.path];
        const body = ctx.body as Record<string, unknown> | undefined;
        const password = field ? body?.[field] : undefined;
        if (typeof password !== "string") return;
        const inputs = [body?.email, body?.name].filter(
          (value): value is string => typeof value === "string",
        );
        const assessment = assessPassword(password, inputs);
        if (!assessment.isAcceptable) {
          throw new APIError("BAD_REQUEST", {
            code: "WEAK_PASSWORD",
            message: "Ce mot de passe est trop faible.",
            reasons: assessment.reasons,
          });
        }
        if (ctx.path === "/change-password")
          return { context: { body: { ...body, revokeOtherSessions: true } } };
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
