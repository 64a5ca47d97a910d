import type { MiddlewareHandler } from "hono";
import type { Env } from "../env";
import { AppError } from "../errors";

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The origins whose pages may act with the session cookie: APP_URL, the TRUSTED_ORIGINS list, and outside
 * production the loopback aliases of a loopback APP_URL (same scheme and port), because the same local server
 * is opened as localhost, 127.0.0.1 or [::1] alike. better-auth and sameOriginOnly both use this list.
 */
export function trustedOrigins(env: Pick<Env, "NODE_ENV" | "appUrl" | "TRUSTED_ORIGINS">): string[] {
  const app = new URL(env.appUrl);
  const aliases =
    env.NODE_ENV !== "production" && LOOPBACK_HOSTS.includes(app.hostname)
      ? LOOPBACK_HOSTS.map((host) => `${app.protocol}//${host}${app.port ? `:${app.port}` : ""}`)
      : [];
  return [...new Set([app.origin, ...aliases, ...env.TRUSTED_ORIGINS])];
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json(?:\s*;.*)?$/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*;/i;

type Options = {
  origins: string[];
  /** Paths (exact) whose POST takes a multipart file upload instead of JSON. */
  uploadPaths: ReadonlySet<string>;
  /** Paths that authenticate otherwise than with the cookie (signed webhook, bearer tokens): not checked. */
  isExempt: (path: string) => boolean;
};

/**
 * CSRF wall for cookie-authenticated state changes (POST/PUT/PATCH/DELETE):
 * - Origin, when sent, must be a trusted origin (browsers send it on every cross-origin POST and on
 *   same-origin fetches); without it, Sec-Fetch-Site must not say another site sent the request.
 *   A request with neither header does not come from a browser page, so it cannot carry a victim's
 *   cookie on someone else's behalf: scripts, server-to-server calls and app.request() in tests pass.
 * - a body must be JSON (multipart on upload routes): a cross-site HTML form can only send
 *   text/plain, urlencoded or multipart, which would otherwise reach the JSON routes.
 */
export function sameOriginOnly({ origins, uploadPaths, isExempt }: Options): MiddlewareHandler {
  const trusted = new Set(origins);
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method) || isExempt(c.req.path)) return next();
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const isForeign =
      origin !== undefined
        ? !trusted.has(origin)
        : site !== undefined && site !== "same-origin" && site !== "none";
    if (isForeign) {
      throw new AppError("forbidden", "Requête refusée : elle ne provient pas d'une page d'Ardoise.");
    }
    const type = c.req.header("content-type");
    const length = c.req.header("content-length");
    const hasBody =
      type !== undefined ||
      (length !== undefined && length !== "0") ||
      c.req.header("transfer-encoding") !== undefined;
    const isAccepted =
      !hasBody ||
      (type !== undefined &&
        (JSON_TYPE.test(type) || (uploadPaths.has(c.req.path) && MULTIPART_TYPE.test(type))));
    if (!isAccepted) {
      throw new AppError(
        "unsupported_media_type",
        uploadPaths.has(c.req.path)
          ? "Format de requête non pris en charge : envoyez le fichier en multipart/form-data."
          : "Format de requête non pris en charge : envoyez les données en JSON.",
      );
    }
    return next();
  };
}
