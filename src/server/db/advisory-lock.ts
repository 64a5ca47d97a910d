import { sql } from "drizzle-orm";
import type { Db } from "./client";

/** A transaction: drizzle's, or a tenant transaction (`withTenant`'s, typed as Db). */
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Pick<Db, "execute">;

/**
 * Holds a transaction-scoped advisory lock on a text key until the transaction ends: a check-then-write on
 * that key (count, then insert) cannot interleave with another one, across processes on one PostgreSQL.
 */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
