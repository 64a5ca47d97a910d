import { formatDocumentNumber, NUMBER_PREFIXES, type NumberSeries } from "@shared/domain/numbering";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/tenant";

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * The seller's invoice prefix. Read FOR SHARE before the counter moves: a prefix change (which locks the
 * identity row FOR UPDATE, then looks for an issued invoice) waits for this issue to commit and then sees
 * it, so no invoice is ever numbered with a prefix that changes afterwards.
 */
async function invoicePrefix(tx: Tx, userId: string): Promise<string> {
  const result = await tx.execute(sql`
    select invoice_number_prefix as prefix from business_identities where user_id = ${userId} for share`);
  return rowsOf<{ prefix: string }>(result)[0]?.prefix ?? NUMBER_PREFIXES.facture;
}

/**
 * Takes the next number of the user's series for the year, inside the caller's transaction. The counter
 * row stays locked until that transaction ends: concurrent issues (any instance) wait their turn, and a
 * rollback hands the number back, so the series never has a gap or a duplicate.
 */
export async function takeNextNumber(
  tx: Tx,
  { userId, series, year }: { userId: string; series: NumberSeries; year: number },
) {
  const prefix = series === "facture" ? await invoicePrefix(tx, userId) : NUMBER_PREFIXES[series];
  const result = await tx.execute(sql`
    insert into numbering_counters (user_id, series, year, last_value)
    values (${userId}, ${series}, ${year}, 1)
    on conflict (user_id, series, year) do update set last_value = numbering_counters.last_value + 1, updated_at = now()
    returning last_value`);
  const value = rowsOf<{ last_value: number }>(result)[0]?.last_value;
  if (!value) throw new Error("numbering counter returned no value");
  return formatDocumentNumber(series, year, Number(value), prefix);
}
