import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * Keeps data_changes small, so that reading a user's data version with the session stays a short index
 * scan: each user with more than one row gets one new row (a fresh id, above every id taken so far) in place
 * of the rows seen now. Their version changes once more, so their cached reads are computed again once; an
 * older version can never come back (db/schema/data-changes.ts). Rows of transactions still open are not
 * seen here and stay, counted when they commit. Returns how many users were compacted.
 */
export async function compactDataChanges(db: Db): Promise<number> {
  const result = await db.execute(sql`
    with busy as (
      select user_id, max(id) as top from data_changes group by user_id having count(*) > 1
    ), fresh as (
      insert into data_changes (user_id) select user_id from busy returning user_id
    ), gone as (
      delete from data_changes d using busy b where d.user_id = b.user_id and d.id <= b.top returning 1
    )
    select (select count(*) from fresh)::int as users, (select count(*) from gone)::int as removed`);
  const [counts] = (result as unknown as { rows: { users: number }[] }).rows;
  return counts?.users ?? 0;
}
