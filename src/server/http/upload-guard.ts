import { FILE_ERROR_MESSAGES, MAX_FILE_SIZE_BYTES } from "@shared/security/file-validation";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { every } from "hono/combine";
import type { AuthVariables } from "../auth/session";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { takeRateLimitSlot } from "../security/rate-limit";

/** A 10 MB file plus the multipart envelope (boundaries, part headers, the file name). */
export const MAX_UPLOAD_BODY_BYTES = MAX_FILE_SIZE_BYTES + 64 * 1024;

/**
 * Files one user may send per minute, all upload routes together (issue 26). Each one is read, sniffed and
 * often parsed in a worker: a freelancer importing a month of supplier invoices stays far below it, a script
 * sending hostile files in a loop does not. Counted in the database, so it holds across instances.
 */
export const UPLOADS_PER_MINUTE = 60;

const uploadBodyLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BODY_BYTES,
  onError: () => {
    throw new AppError("payload_too_large", FILE_ERROR_MESSAGES.tooLarge, [
      { path: "file", message: FILE_ERROR_MESSAGES.tooLarge },
    ]);
  },
});

const uploadRateLimit =
  (db: Db): MiddlewareHandler<{ Variables: AuthVariables }> =>
  async (c, next) => {
    const slot = await takeRateLimitSlot(db, {
      key: `upload:${c.get("user").id}`,
      limit: UPLOADS_PER_MINUTE,
      windowMs: 60_000,
    });
    if (!slot.isAllowed)
      throw new AppError(
        "rate_limited",
        `Vous avez envoyé plus de ${UPLOADS_PER_MINUTE} fichiers en une minute : réessayez dans ${slot.retryAfterSeconds} s.`,
        undefined,
        { retryAfterSeconds: slot.retryAfterSeconds },
      );
    await next();
  };

/** The guard of every route that takes a file: the per-user count first (no body is read past it), then the size. */
export const uploadGuard = (db: Db) => every(uploadRateLimit(db), uploadBodyLimit);
