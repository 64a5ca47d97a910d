import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { Db } from "../db/client";
import { dataChanges, session, user } from "../db/schema/index";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import { logSecurityEvent } from "../modules/audit/audit.service";
import { hasPaid } from "../modules/profile/profile.service";
import type { Auth } from "./auth";

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };
/** `dataVersion`: the version of the user's business data when the session was read (db/schema/data-changes.ts). */
export type AuthVariables = { user: SessionUser; sessionId: string; dataVersion: string };

/** better-call's signature: base64 of the 32 HMAC bytes, always 44 characters with one "=" of padding. */
const SIGNATURE_LENGTH = 44;

/**
 * The token of better-auth's session cookie when its signature is ours. better-call signs the cookie as
 * `token.base64(HMAC-SHA256(token, secret))`; checking it here with node:crypto (synchronous, no WebCrypto
 * key import per request) is what better-auth does, minus its per-request context (decision 008). The
 * signature must be exactly the text better-call writes, as better-call itself requires.
 */
export function verifiedSessionToken(cookieValue: string | undefined, secret: string): string | null {
  if (!cookieValue) return null;
  const dot = cookieValue.lastIndexOf(".");
  if (dot < 1) return null;
  const token = cookieValue.slice(0, dot);
  const signature = Buffer.from(cookieValue.slice(dot + 1));
  if (signature.length !== SIGNATURE_LENGTH) return null;
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return timingSafeEqual(signature, expected) ? token : null;
}

/** The session query, prepared once per database: parsed and planned once per connection, built once. */
function prepareSessionQuery(db: Db) {
  return db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      // In the same round trip: what a cached read of this request is checked against.
      dataVersion: sql<string>`(select coalesce(sum(${dataChanges.weight}), 0)::text from ${dataChanges} where ${dataChanges.userId} = ${user.id})`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.token, sql.placeholder("token")), gt(session.expiresAt, sql.placeholder("now"))))
    .prepare("find_session");
}
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();

/**
 * The live session of `token` and its user: one indexed query (session.token is unique), run for every
 * business request so that a revoked or expired session is refused at once (no cookie cache, decision 005).
 */
export async function findSession(db: Db, token: string, now = new Date()) {
  let query = sessionQueries.get(db);
  if (!query) {
    query = prepareSessionQuery(db);
    sessionQueries.set(db, query);
  }
  const [found] = await query.execute({ token, now });
  return found;
}

const unauthenticated = () => new AppError("unauthenticated", "Session requise : veuillez vous connecter.");

/**
 * 401 unless the request carries a live session, read from the database every time (revocation is
 * immediate): the signed cookie checked, then one query joining session and user. When the session is due
 * for its sliding renewal (better-auth's updateAge), better-auth reads it instead, extends it and renews
 * the cookie, whose Set-Cookie goes out with this response. A "don't remember me" session is never extended,
 * as in better-auth.
 */
export function requireUser(auth: Auth, db: Db): MiddlewareHandler<{ Variables: AuthVariables }> {
  const settings = auth.$context.then(({ authCookies, secret, sessionConfig }) => ({
    cookieName: authCookies.sessionToken.name,
    dontRememberName: authCookies.dontRememberToken.name,
    secret,
    renewAfterMs: (sessionConfig.expiresIn - sessionConfig.updateAge) * 1000,
  }));
  return async (c, next) => {
    const { cookieName, dontRememberName, secret, renewAfterMs } = await settings;
    const token = verifiedSessionToken(getCookie(c, cookieName), secret);
    const now = new Date();
    const found = token ? await findSession(db, token, now) : undefined;
    if (!found) throw unauthenticated();
    const isDueForRenewal = found.expiresAt.getTime() - now.getTime() < renewAfterMs;
    if (isDueForRenewal && !getCookie(c, dontRememberName)) {
      const renewed = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
      if (!renewed.response) throw unauthenticated();
      for (const cookie of renewed.headers?.getSetCookie() ?? [])
        c.header("set-cookie", cookie, { append: true });
    }
    const { id, email, name, emailVerified } = found;
    c.set("user", { id, email, name, emailVerified });
    c.set("sessionId", found.sessionId);
    c.set("dataVersion", found.dataVersion);
    await next();
  };
}

/** How long a process trusts a "paid" answer before reading it again (decision 008). */
export const PAID_CACHE_MS = 60_000;
const PAID_CACHE_MAX_USERS = 10_000;

/**
 * 402 for a signed-in user whose 59 € registration is not paid (after requireUser); the refusal is audited.
 * The registration is paid once and never unpaid by the application, so a positive answer is remembered for
 * PAID_CACHE_MS: it saves a query on every business request. A negative one is never remembered, so access
 * opens on the very next request after payment.
 */
export function requirePaid(db: Db, logger: Logger): MiddlewareHandler<{ Variables: AuthVariables }> {
  const paidUntil = new Map<string, number>();
  const isPaid = async (userId: string) => {
    const now = Date.now();
    if ((paidUntil.get(userId) ?? 0) > now) return true;
    if (!(await hasPaid(db, userId))) return false;
    if (paidUntil.size >= PAID_CACHE_MAX_USERS) paidUntil.clear();
    paidUntil.set(userId, now + PAID_CACHE_MS);
    return true;
  };
  return async (c, next) => {
    const userId = c.get("user").id;
    if (!(await isPaid(userId))) {
      await logSecurityEvent(db, logger, {
        userId,
        eventType: "access_denied",
        description: "Accès refusé : inscription non réglée",
        resource: `${c.req.method} ${c.req.path}`,
      });
      throw new AppError(
        "payment_required",
        "Finalisez votre inscription (59 €) pour accéder à cette fonctionnalité.",
      );
    }
    await next();
  };
}
