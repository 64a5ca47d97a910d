import { AppError } from "../errors";

/**
 * One CSV export at a time per user and process (issue 26): an export of 100 000 rows takes seconds of the
 * server's main thread, and one user starting several at once would multiply that share while their
 * neighbours wait. A second download while the first streams gets a French 429. Per process: it bounds
 * the load one process carries, as the worker queue does (decision 018).
 */
const exporting = new Set<string>();

export const EXPORT_RETRY_AFTER_SECONDS = 10;

export const EXPORT_BUSY_MESSAGE =
  "Un export est déjà en cours de téléchargement : attendez qu'il se termine, puis réessayez.";

/** Takes the user's export slot; the returned function frees it (once, whatever calls it again). */
export function takeExportSlot(userId: string): () => void {
  if (exporting.has(userId))
    throw new AppError("rate_limited", EXPORT_BUSY_MESSAGE, undefined, {
      retryAfterSeconds: EXPORT_RETRY_AFTER_SECONDS,
    });
  exporting.add(userId);
  let isFree = false;
  return () => {
    if (isFree) return;
    isFree = true;
    exporting.delete(userId);
  };
}
