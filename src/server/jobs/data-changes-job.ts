import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * Keeps data_changes small, so that reading a user's data version with the session stays a short index
 * scan: the rows of each user with more than one are replaced, in one statement, by one row carrying their
 * summed weight. The version (the sum) is unchanged, so no cached answer is lost, and it never goes back.
 * Rows of transactions still open are not seen here and stay; rows another compaction removed first are not
 * returned by this one's delete, so they are never counted twice. Returns how many users were compacted.
 */
export async function compactDataChanges(db: Db): Promise<number> {
  const result = await db.execute(sql`
    with busy as (
      select user_id, max(id) as top from data_changes group by user_id having count(*) > 1
    ), gone as (
      delete from data_changes d using busy b where d.user_id = b.user_id and d.id <= b.top
      returning d.user_id, d.weight
    ), folded as (
      insert into data_changes (user_id, weight) select user_id, sum(weight) from gone group by user_id
      returning user_id
    )
    select (select count(*) from folded)::int as users`);
  const [counts] = (result as unknown as { rows: { users: number }[] }).rows;
  return counts?.users ?? 0;
}
