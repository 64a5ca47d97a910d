import type { Db } from "../db/client";
import { AppError } from "../errors";
import { releaseSlot, renewSlots, SLOT_RENEW_MS, takeSlot } from "../security/leased-slots";

/*
 * One CSV export at a time per user (issue 26): an export of 100 000 rows takes seconds of a server's main
 * thread, and one user starting several at once would multiply that share while their neighbours wait. A
 * second download while the first streams, on any instance, gets a French 429 (a leased slot in the
 * database, renewed while the file streams).
 */

export const EXPORT_RETRY_AFTER_SECONDS = 10;

export const EXPORT_BUSY_MESSAGE =
  "Un export est déjà en cours de téléchargement : attendez qu'il se termine, puis réessayez.";

/** Takes the user's export slot; the returned function frees it (once, whatever calls it again). */
export async function takeExportSlot(db: Db, userId: string): Promise<() => void> {
  const id = await takeSlot(db, { userId, kind: "export", max: 1 });
  if (!id)
    throw new AppError("rate_limited", EXPORT_BUSY_MESSAGE, undefined, {
      retryAfterSeconds: EXPORT_RETRY_AFTER_SECONDS,
    });
  // A failed renewal or release is not the download's failure: the row then lapses after its lease.
  const renewing = setInterval(() => void renewSlots(db, [id]).catch(() => undefined), SLOT_RENEW_MS);
  renewing.unref();
  let isFree = false;
  return () => {
    if (isFree) return;
    isFree = true;
    clearInterval(renewing);
    void releaseSlot(db, id).catch(() => undefined);
  };
}
