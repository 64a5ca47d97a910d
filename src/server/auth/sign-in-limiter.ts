import { and, count, eq, gt, lt, min } from "drizzle-orm";
import type { Db } from "../db/client";
import { signInFailures } from "../db/schema/index";

// Spec §5/§9: 5 attempts per 15 minutes, applied to failed password sign-ins per e-mail and per IP.
export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export type SignInKey = { email: string; ip: string | null };

/** Milliseconds until the next attempt is allowed, or 0 when it is allowed now. */
export async function signInRetryAfterMs(db: Db, key: SignInKey, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const columns = [
    eq(signInFailures.email, key.email),
    key.ip ? eq(signInFailures.ipAddress, key.ip) : undefined,
  ];
  const windows = await Promise.all(
    columns
      .filter((match) => match !== undefined)
      .map(async (match) => {
        const [row] = await db
          .select({ failures: count(), oldest: min(signInFailures.createdAt) })
          .from(signInFailures)
          .where(and(match, gt(signInFailures.createdAt, since)));
        // Blocked keys never record more failures, so once the oldest leaves the sliding window, one is free.
        if (!row?.oldest || row.failures < SIGN_IN_MAX_FAILURES) return 0;
        return Math.max(1000, row.oldest.getTime() + SIGN_IN_WINDOW_MS - now.getTime());
      }),
  );
  return Math.max(0, ...windows);
}

export async function recordSignInFailure(db: Db, key: SignInKey): Promise<void> {
  await db.insert(signInFailures).values({ email: key.email, ipAddress: key.ip });
  // Rows older than the window are never read again.
  await db
    .delete(signInFailures)
    .where(lt(signInFailures.createdAt, new Date(Date.now() - SIGN_IN_WINDOW_MS)));
}

/** A successful sign-in clears the e-mail's failures (the IP's stay counted). */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
}
