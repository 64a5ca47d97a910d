import { and, eq, isNull, lt, type SQL, sql } from "drizzle-orm";
import { lockKey } from "../db/advisory-lock";
import type { Db } from "../db/client";
import { signInFailures } from "../db/schema/index";

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
// Spec §5/§9: 5 attempts per 15 minutes, for one address trying one account.
export const SIGN_IN_MAX_FAILURES = 5;
// One address over every account (credential stuffing): higher than 5 so that one colleague's typos do not
// close the sign-in page to a whole office behind the same NAT.
export const SIGN_IN_MAX_FAILURES_PER_IP = 20;
// One account from every address: an account-wide limit of 5 let anyone lock a user out with five wrong
// tries, even on a new device with the right password. 50 per 15 minutes still caps a distributed guesser
// at ~4 800 tries a day against a password that zxcvbn accepted (decision 005).
export const SIGN_IN_MAX_FAILURES_PER_ACCOUNT = 50;

export type SignInKey = { email: string; ip: string | null };
export type SignInReservation = { attemptId: string } | { retryAfterMs: number };

/**
 * Reserves one sign-in attempt before the password is checked, or says how long to wait. The count and the
 * reservation happen under the account's and the address's locks in one transaction, so parallel requests
 * cannot all pass a count taken before any of them was recorded. The reservation counts as a failure
 * until the outcome is known: a wrong password leaves it in place, anything else releases it.
 */
export async function reserveSignInAttempt(
  db: Db,
  key: SignInKey,
  now = new Date(),
): Promise<SignInReservation> {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const byPair = and(eq(signInFailures.email, key.email), ipIs(key.ip));
  const byAccount = eq(signInFailures.email, key.email);
  const byIp = key.ip ? eq(signInFailures.ipAddress, key.ip) : sql`false`;
  return db.transaction(async (tx) => {
    // Always the account first, then the address: two transactions never wait on each other's lock.
    await lockKey(tx, `sign-in:account:${key.email}`);
    if (key.ip) await lockKey(tx, `sign-in:ip:${key.ip}`);
    const window = (match: SQL | undefined) => ({
      failures: sql<number>`count(*) filter (where ${match})`.mapWith(Number),
      oldest: sql<Date | null>`min(${signInFailures.createdAt}) filter (where ${match})`.mapWith(
        signInFailures.createdAt,
      ),
    });
    const [counts] = await tx
      .select({ pair: window(byPair), account: window(byAccount), ip: window(byIp) })
      .from(signInFailures)
      .where(and(sql`(${byAccount} or ${byIp})`, sql`${signInFailures.createdAt} > ${since}`));
    const limits = [
      { ...counts?.pair, max: SIGN_IN_MAX_FAILURES },
      { ...counts?.account, max: SIGN_IN_MAX_FAILURES_PER_ACCOUNT },
      { ...counts?.ip, max: SIGN_IN_MAX_FAILURES_PER_IP },
    ];
    const waits = limits.map(({ failures = 0, oldest, max }) =>
      // A blocked key records no more attempts, so once its oldest leaves the sliding window, one is free.
      oldest && failures >= max ? Math.max(1000, oldest.getTime() + SIGN_IN_WINDOW_MS - now.getTime()) : 0,
    );
    const retryAfterMs = Math.max(0, ...waits);
    if (retryAfterMs > 0) return { retryAfterMs };
    const [reserved] = await tx
      .insert(signInFailures)
      .values({ email: key.email, ipAddress: key.ip, createdAt: now })
      .returning({ id: signInFailures.id });
    // Rows older than the window are never read again.
    await tx.delete(signInFailures).where(lt(signInFailures.createdAt, since));
    return { attemptId: (reserved as { id: string }).id };
  });
}

/** The attempt did not end on a wrong password (success, unverified e-mail, bad request…): it does not count. */
export async function releaseSignInAttempt(db: Db, attemptId: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.id, attemptId));
}

/**
 * A successful sign-in forgets this address's failures on this account (the user's own typos); what other
 * addresses tried on the account, and what this address tried elsewhere, stays counted.
 */
export async function clearSignInFailures(db: Db, key: SignInKey): Promise<void> {
  await db.delete(signInFailures).where(and(eq(signInFailures.email, key.email), ipIs(key.ip)));
}

const ipIs = (ip: string | null) =>
  ip ? eq(signInFailures.ipAddress, ip) : isNull(signInFailures.ipAddress);
