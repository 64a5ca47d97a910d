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

/** 402 for a signed-in user whose 59 € registration is not paid (after requireUser); the refusal is audited. */
export function requirePaid(db: Db, logger: Logger): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const userId = c.get("user").id;
    if (!(await hasPaid(db, userId))) {
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
