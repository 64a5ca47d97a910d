import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger";

/** One structured line per request, tied to the request id that the response also carries (X-Request-Id). */
export function requestLogger(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const line = {
      requestId: c.get("requestId"),
      method: c.req.method,
      // A calendar feed's token is its only key: it never goes to the logs.
      path: c.req.path.replace(/^\/api\/calendar\/[^/]+/, "/api/calendar/[jeton]"),
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status >= 500) logger.error(line, "request");
    else logger.info(line, "request");
  };
}
