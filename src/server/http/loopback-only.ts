import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { notFoundError } from "./errors";

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 form (a dual-stack socket reports ::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (isIP(v4) === 4) return v4.startsWith("127.");
  return address === "::1";
}

/** The socket's peer ("" once the socket is gone); null for a request made in-process (app.request has no socket). */
function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? "";
  } catch {
    return null;
  }
}

/**
 * The development tools (local mailbox, local test checkout) answer only to the machine itself: with
 * HOST=0.0.0.0 anyone on the network could otherwise read the outbox's confirmation and reset links, or
 * complete a test payment. The socket's address decides, never X-Forwarded-For, which a caller can write;
 * behind a reverse proxy on the same machine every caller looks local, so keep the tools off such a setup
 * (they are closed in production anyway). An in-process request has no peer at all and is the machine itself.
 * Others get the same 404 as a route that does not exist.
 */
export function loopbackOnly(): MiddlewareHandler {
  return async (c, next) => {
    const address = socketAddress(c);
    if (address !== null && !isLoopbackAddress(address)) throw notFoundError(c);
    await next();
  };
}
