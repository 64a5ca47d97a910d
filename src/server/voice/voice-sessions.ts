import { and, count, eq, inArray, lte, sql } from "drizzle-orm";
import { lockKey } from "../db/advisory-lock";
import type { Db } from "../db/client";
import { voiceSessions } from "../db/schema/index";

/*
 * The per-user limit on voice sockets, counted in the database so that it holds across instances (issue
 * 26: counted per process, two instances allowed four). A row per open socket, leased: the instance that
 * holds the socket renews it every VOICE_SESSION_RENEW_MS, so a killed process's rows lapse within
 * VOICE_SESSION_LEASE_S. Times are the database's (`now()`), one clock for every instance.
 *
 * Not advisory locks held for the socket's life: on PostgreSQL a session lock lives on one pooled
 * connection, which would then be pinned for as long as the socket (ten sockets, no pool left); on PGlite
 * every request shares the one connection, where session locks are re-entrant and would count nothing.
 * A transaction-scoped lock on the user's key only serialises the count-then-insert below.
 */

export const VOICE_SESSION_LEASE_S = 60;
export const VOICE_SESSION_RENEW_MS = 20_000;

/** Takes one of the user's `max` slots, or answers null when they are all held (by any instance). */
export async function openVoiceSession(db: Db, userId: string, max: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    await lockKey(tx, `voice:${userId}`);
    await tx
      .delete(voiceSessions)
      .where(and(eq(voiceSessions.userId, userId), lte(voiceSessions.expiresAt, sql`now()`)));
    const [held] = await tx
      .select({ count: count() })
      .from(voiceSessions)
      .where(eq(voiceSessions.userId, userId));
    if ((held?.count ?? 0) >= max) return null;
    const [row] = await tx
      .insert(voiceSessions)
      .values({ userId, expiresAt: leaseEnd })
      .returning({ id: voiceSessions.id });
    return row?.id ?? null;
  });
}

/** Renews the leases of this instance's open sockets; answers those still held (a lapsed one is gone). */
export async function renewVoiceSessions(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const renewed = await db
    .update(voiceSessions)
    .set({ expiresAt: leaseEnd })
    .where(inArray(voiceSessions.id, ids))
    .returning({ id: voiceSessions.id });
  return new Set(renewed.map((row) => row.id));
}

export async function closeVoiceSession(db: Db, id: string): Promise<void> {
  await db.delete(voiceSessions).where(eq(voiceSessions.id, id));
}

const leaseEnd = sql`now() + make_interval(secs => ${VOICE_SESSION_LEASE_S})`;
