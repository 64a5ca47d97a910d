import { formatDocumentNumber, type NumberSeries } from "@shared/domain/numbering";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/tenant";

/**
 * Takes the next number of the user's series for the year, inside the caller's transaction. The counter
 * row stays locked until that transaction ends: concurrent issues (any instance) wait their turn, and a
 * rollback hands the number back, so the series never has a gap or a duplicate.
 */
export async function takeNextNumber(
  tx: Tx,
  { userId, series, year }: { userId: string; series: NumberSeries; year: number },
) {
  const result = await tx.execute(sql`
    insert into numbering_counters (user_id, series, year, last_value)
    values (${userId}, ${series}, ${year}, 1)
    on conflict (user_id, series, year) do update set last_value = numbering_counters.last_value + 1, updated_at = now()
    returning last_value`);
  const value = (result as unknown as { rows: { last_value: number }[] }).rows[0]?.last_value;
  if (!value) throw new Error("numbering counter returned no value");
  return formatDocumentNumber(series, year, Number(value));
}
