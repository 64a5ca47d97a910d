import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aiTaskExecutions } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import type { Env } from "../../env";

/**
 * Tokens the user may still spend today through the AI providers (AI_DAILY_TOKEN_QUOTA), counted from the
 * recorded interactions since midnight in Paris. The offline engine costs nothing and is never limited.
 */
export async function tokensLeftToday(db: Db, env: Env, userId: string, now = new Date()): Promise<number> {
  const midnight = sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'Europe/Paris') at time zone 'Europe/Paris')`;
  const [row] = await withTenant(db, userId, (tx) =>
    tx
      .select({ used: sql<number>`coalesce(sum(${aiTaskExecutions.tokensUsed}), 0)`.mapWith(Number) })
      .from(aiTaskExecutions)
      .where(and(eq(aiTaskExecutions.userId, userId), gte(aiTaskExecutions.createdAt, midnight))),
  );
  return env.AI_DAILY_TOKEN_QUOTA - (row?.used ?? 0);
}
