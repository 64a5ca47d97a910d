import { Hono } from "hono";
import type { Db } from "../db/client";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { logSecurityEvent } from "../modules/audit/audit.service";
import type { Auth } from "./auth";
import { CLIENT_IP_HEADER, clientIp } from "./client-ip";
import { translateAuthError } from "./error-messages";
import { clearSignInFailures, releaseSignInAttempt, reserveSignInAttempt } from "./sign-in-limiter";

type Deps = { auth: Auth; db: Db; env: Pick<Env, "TRUST_PROXY">; logger: Logger };

const authJson = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/** better-auth under /api/auth, with the caller's IP, the failed sign-in limiter and French errors. */
export function authRoutes({ auth, db, env, logger }: Deps) {
  return new Hono().on(["GET", "POST"], "/*", async (c) => {
    const ip = clientIp(c, env.TRUST_PROXY);
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    const isPasswordSignIn = c.req.method === "POST" && c.req.path.endsWith("/sign-in/email");
    const body = isPasswordSignIn ? await c.req.raw.clone().text() : undefined;
    const request = new Request(c.req.raw.url, {
      method: c.req.method,
      headers,
      body: isPasswordSignIn ? body : c.req.method === "GET" ? undefined : await c.req.raw.arrayBuffer(),
    });
    if (!isPasswordSignIn) return translateAuthError(await auth.handler(request));

    const credentials = parseCredentials(body);
    if (!credentials) {
      return authJson(400, {
        code: "MISSING_CREDENTIALS",
        message: "Indiquez votre adresse e-mail et votre mot de passe.",
      });
    }
    const key = { email: credentials.email, ip };
    const userAgent = c.req.header("user-agent");
    const reservation = await reserveSignInAttempt(db, key);
    if ("retryAfterMs" in reservation) {
      const { retryAfterMs } = reservation;
      const minutes = Math.ceil(retryAfterMs / 60_000);
      await logSecurityEvent(db, logger, {
        eventType: "sign_in_blocked",
        description: "Connexion bloquée : trop d'échecs en 15 minutes",
        metadata: { email: credentials.email },
        userAgent,
      });
      return authJson(
        429,
        {
          code: "TOO_MANY_ATTEMPTS",
          message: `Trop de tentatives de connexion. Réessayez dans ${minutes} minute${minutes > 1 ? "s" : ""}.`,
          retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
        },
        { "retry-after": String(Math.ceil(retryAfterMs / 1000)) },
      );
    }
    const response = await auth.handler(request);
    // The reservation stays as the failure of a wrong password; any other outcome gives it back.
    if (response.status === 401) {
      await logSecurityEvent(db, logger, {
        eventType: "sign_in_failed",
        description: "Échec de connexion : identifiants incorrects",
        metadata: { email: credentials.email },
        userAgent,
      });
    } else if (response.ok) {
      await clearSignInFailures(db, key);
    } else {
      await releaseSignInAttempt(db, reservation.attemptId);
    }
    return translateAuthError(response);
  });
}

function parseCredentials(body: string | undefined): { email: string } | null {
  try {
    const parsed = JSON.parse(body ?? "") as { email?: unknown; password?: unknown };
    if (typeof parsed.email !== "string" || typeof parsed.password !== "string") return null;
    const email = parsed.email.trim().toLowerCase();
    return email && parsed.password ? { email } : null;
  } catch {
    return null;
  }
}
