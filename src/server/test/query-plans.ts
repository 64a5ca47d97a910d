import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import type { Database, Db } from "../db/client";
import * as schema from "../db/schema/index";

export type Statement = { query: string; params: unknown[] };
export type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
};

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** `work` on one connection of the database, through its driver (raw SQL with parameters). */
async function onConnection<T>(database: Database, work: (query: Query) => Promise<T>): Promise<T> {
  const client = (database.db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      return await work((text, params) => connection.query(text, params));
    } finally {
      connection.release();
    }
  }
  return work((text, params) => (client as PGlite).query(text, params));
}

/**
 * The statements `run` sends, recorded by a drizzle logger. On PostgreSQL a single connection (not the pool),
 * so that withTenant runs drizzle's own transaction on it, whose statements go through the logger.
 */
export async function recordStatements(database: Database, run: (db: Db) => Promise<unknown>) {
  const statements: Statement[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => statements.push({ query, params }) };
  const client = (database.db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      await run(drizzlePostgres({ client: connection, schema, logger }));
    } finally {
      connection.release();
    }
  } else {
    await run(drizzlePglite({ client: client as PGlite, schema, logger }));
  }
  return statements;
}

/** The plan of `statement` as the tenant `userId` runs it: row-level security is part of the plan. */
export function explainAsTenant(database: Database, { query, params }: Statement, userId: string) {
  return onConnection(database, async (sql) => {
    await sql("begin");
    try {
      await sql("select set_config('role', 'app_user', true), set_config('app.user_id', $1, true)", [userId]);
      const { rows } = await sql(`explain (format json) ${query}`, params);
      const [plan] = (rows[0]?.["QUERY PLAN"] ?? []) as { Plan: PlanNode }[];
      if (!plan) throw new Error(`no plan for ${query}`);
      return plan.Plan;
    } finally {
      await sql("rollback");
    }
  });
}

/** Every node of a plan, depth first. */
export const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
