import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "./client";
import * as schema from "./schema/index";

/** What a tenant transaction's work runs its queries on. */
export type Tx = Db;

/**
 * Runs `work` in one transaction as the non-owner role `app_user` with `app.user_id` set, so row-level
 * security hides and refuses every row of another user even if a query forgets its `user_id` filter.
 * Both settings are transaction-local: the pooled connection goes back clean.
 */
export function withTenant<T>(db: Db, userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (!userId) throw new Error("withTenant requires the session's user id");
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return withTenantPipelined(client, userId, work);
  if (tenantConnections.has(db)) return withTenantNested(db, userId, work);
  return db.transaction(async (tx) => {
    // One round trip for both (set_config('role', …, true) is SET LOCAL ROLE).
    await tx.execute(
      sql`select set_config('role', 'app_user', true), set_config('app.user_id', ${userId}, true)`,
    );
    return work(tx);
  });
}

const TENANT_SETTINGS = "select set_config('role', 'app_user', true), set_config('app.user_id', $1, true)";

/** A drizzle instance per pooled connection, built once: pg-pool hands the same clients out again. */
const connectionDbs = new WeakMap<pg.PoolClient, Db>();
/** Those instances: a withTenant called with one is nested in a tenant transaction already open on it. */
const tenantConnections = new WeakSet<Db>();
function dbOf(client: pg.PoolClient): Db {
  let db = connectionDbs.get(client);
  if (!db) {
    db = drizzle({ client, schema });
    connectionDbs.set(client, db);
    tenantConnections.add(db);
  }
  return db;
}

/**
 * A withTenant inside another one's work (a service called with the caller's `tx`): a savepoint of the open
 * transaction, as drizzle's nested transactions are, so that it commits with its parent and its failure
 * rolls back only its own statements. A `begin`/`commit` here would end the parent's transaction early and
 * run the parent's remaining statements outside it, without the tenant settings.
 */
async function withTenantNested<T>(db: Db, userId: string, work: (tx: Tx) => Promise<T>) {
  const client = (db as unknown as { $client: pg.PoolClient }).$client;
  const savepoint = `tenant_${++nestedSavepoints}`;
  await client.query(`savepoint ${savepoint}`);
  try {
    await client.query(TENANT_SETTINGS, [userId]);
    const result = await work(db);
    await client.query(`release savepoint ${savepoint}`);
    return result;
  } catch (error) {
    await client.query(`rollback to savepoint ${savepoint}`);
    throw error;
  }
}
let nestedSavepoints = 0;

/**
 * The opening of a pooled tenant transaction as one simple-protocol message: `begin` and the settings are
 * parsed and run by PostgreSQL in one go, answered by one ReadyForQuery. The user id is the session's
 * (our own database's) and is quoted as a literal, as simple messages carry no parameters.
 */
const tenantOpening = (userId: string) =>
  `begin; select set_config('role', 'app_user', true), set_config('app.user_id', ${pg.escapeLiteral(userId)}, true)`;

/**
 * PostgreSQL (decision 014): the pool's connections are in pipeline mode and write once per tick
 * (write-batching.ts), so the opening and the work's first statement leave together: one write and one
 * round trip instead of three of each. The settings are queued before `work` is even called, so no
 * statement of the work can reach the server ahead of them; if they fail, the transaction is aborted and
 * every statement behind them fails too.
 */
async function withTenantPipelined<T>(pool: pg.Pool, userId: string, work: (tx: Tx) => Promise<T>) {
  const client = await pool.connect();
  const opening = client.query(tenantOpening(userId));
  // Awaited below; until then a failure of the opening must not surface as an unhandled rejection.
  opening.catch(() => {});
  let result: T;
  try {
    result = await work(dbOf(client));
    await opening;
  } catch (error) {
    const rollback = await client.query("rollback").then(
      () => undefined,
      (rollbackError: Error) => rollbackError,
    );
    // A connection whose rollback failed is in an unknown state: the pool discards it.
    client.release(rollback);
    throw await opening.then(
      () => error,
      (openingError: unknown) => openingError,
    );
  }
  // The connection goes back to the pool with its commit queued: the next transaction on it is pipelined
  // behind the commit (and under load leaves in the same write); this one still answers only once committed.
  const commit = client.query("commit");
  client.release();
  await commit;
  return result;
}
