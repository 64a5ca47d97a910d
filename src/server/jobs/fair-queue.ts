import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/*
 * Queues kept in table rows (webhook deliveries, answers to the plateforme agréée, payment reminders) are
 * shared by every user. Taken oldest first across everyone, one user's backlog holds up all the others
 * (issue 26: 180 deliveries of one user pushed another's to 91 s). These take them round-robin instead.
 */

/**
 * A row's place in its user's own queue (1 for the user's oldest): ordering a claim by it, then by age,
 * takes every user's first row before anyone's second. With `dense`, rows that tie on `order` share a
 * place (a payment reminder's rows share their invoice's).
 */
export function placeInUserQueue(
  userId: AnyColumn | SQL,
  order: (AnyColumn | SQL)[],
  { dense = false }: { dense?: boolean } = {},
): SQL<number> {
  const rank = dense ? sql.raw("dense_rank()") : sql.raw("row_number()");
  return sql<number>`${rank} over (partition by ${userId} order by ${sql.join(order, sql`, `)})`.mapWith(
    Number,
  );
}

/** Runs `work` on every item, `limit` at a time; one item's failure is `onError`'s, not the others'. */
export async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  onError: (error: unknown, item: T) => void,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item).catch((error: unknown) => onError(error, item));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
