import { and, count, eq, inArray, lte, sql } from "drizzle-orm";
import { lockKey } from "../db/advisory-lock";
import type { Db } from "../db/client";
import { type LeasedSlotKind, leasedSlots } from "../db/schema/index";

/*
 * Per-user limits on what is held for a while (an open voice socket, a CSV export being downloaded),
 * counted in the database so that they hold across instances (issue 26: counted per process, two instances
 * allowed twice as many). A row per slot, leased: the instance that holds it renews it every
 * SLOT_RENEW_MS, so a killed process's rows lapse within SLOT_LEASE_S. Times are the database's (`now()`),
 * one clock for every instance.
 *
 * Not advisory locks held for the slot's life: on PostgreSQL a session lock lives on one pooled
 * connection, which would then be pinned for as long as the socket (ten sockets, no pool left); on PGlite
 * every request shares the one connection, where session locks are re-entrant and would count nothing.
 * A transaction-scoped lock on the user's key only serialises the count-then-insert below.
 */

export const SLOT_LEASE_S = 60;
export const SLOT_RENEW_MS = 20_000;

/** Takes one of the user's `max` slots of `kind`, or answers null when they are all held (by any instance). */
export async function takeSlot(
  db: Db,
  { userId, kind, max }: { userId: string; kind: LeasedSlotKind; max: number },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await lockKey(tx, `${kind}:${userId}`);
    const ofUser = and(eq(leasedSlots.userId, userId), eq(leasedSlots.kind, kind));
    await tx.delete(leasedSlots).where(and(ofUser, lte(leasedSlots.expiresAt, sql`now()`)));
    const [held] = await tx.select({ count: count() }).from(leasedSlots).where(ofUser);
    if ((held?.count ?? 0) >= max) return null;
    const [row] = await tx
      .insert(leasedSlots)
      .values({ userId, kind, expiresAt: leaseEnd })
      .returning({ id: leasedSlots.id });
    return row?.id ?? null;
  });
}

/** Renews the leases of slots this instance holds; answers those still held (a lapsed one is gone). */
export async function renewSlots(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const renewed = await db
    .update(leasedSlots)
    .set({ expiresAt: leaseEnd })
    .where(inArray(leasedSlots.id, ids))
    .returning({ id: leasedSlots.id });
  return new Set(renewed.map((row) => row.id));
}

export async function releaseSlot(db: Db, id: string): Promise<void> {
  await db.delete(leasedSlots).where(eq(leasedSlots.id, id));
}

const leaseEnd = sql`now() + make_interval(secs => ${SLOT_LEASE_S})`;
