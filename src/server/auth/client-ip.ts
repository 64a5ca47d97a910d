import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** Our own header carrying the caller's IP to better-auth; any value sent by a client is replaced. */
export const CLIENT_IP_HEADER = "x-ardoise-client-ip";

/**
 * The caller's address: the socket's, or with TRUST_PROXY the left-most X-Forwarded-For entry (only
 * safe when a reverse proxy overwrites that header, as the README says).
 */
export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // app.request() in tests has no socket.
    return null;
  }
}
