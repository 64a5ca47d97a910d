import type { MiddlewareHandler } from "hono";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import { logSecurityEvent } from "../modules/audit/audit.service";
import { hasPaid } from "../modules/profile/profile.service";
import type { Auth } from "./auth";

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };
export type AuthVariables = { user: SessionUser; sessionId: string };

/** 401 unless the request carries a live session (read from the database every time: revocation is immediate). */
export function requireUser(auth: Auth): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new AppError("unauthenticated", "Session requise : veuillez vous connecter.");
    const { id, email, name, emailVerified } = session.user;
    c.set("user", { id, email, name, emailVerified });
    c.set("sessionId", session.session.id);
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
