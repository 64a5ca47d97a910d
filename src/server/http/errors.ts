import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { AppError, INVALID_INPUT_MESSAGE } from "../errors";
import type { Logger } from "../logger";

export const notFoundError = (c: Context) =>
  new AppError("not_found", `Aucune ressource ne correspond à ${c.req.method} ${c.req.path}.`);

/** Turns any thrown value into the `{ error: { code, message, issues? } }` body; unexpected ones are logged. */
export function handleError(logger: Logger) {
  return (error: Error, c: Context) => {
    if (isDataException(error)) {
      // Validation should have refused the value; the request still gets a 400, and the log says where.
      logger.warn(
        { err: error, requestId: c.get("requestId"), path: c.req.path },
        "value refused by the database",
      );
      return c.json(new AppError("validation_failed", INVALID_INPUT_MESSAGE).toBody(), 400);
    }
    const appError = toAppError(error);
    if (appError.status >= 500) {
      logger.error({ err: error, requestId: c.get("requestId"), path: c.req.path }, "request failed");
    }
    if (appError.retryAfterSeconds) c.header("Retry-After", String(appError.retryAfterSeconds));
    return c.json(appError.toBody(), appError.status);
  };
}

/**
 * SQLSTATE class 22, "data exception" (a NUL byte, a day that does not exist, a number out of range…): the
 * database refused a value that came from the request. Drizzle wraps the driver's error, hence the causes.
 */
function isDataException(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause)
    if (/^22[0-9A-Z]{3}$/.test(String((cause as { code?: unknown }).code))) return true;
  return false;
}

function toAppError(error: Error): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return AppError.fromZod(error);
  if (error instanceof HTTPException) {
    if (error.status === 413) return payloadTooLarge();
    if (error.status === 400) return new AppError("bad_request", "La requête est mal formée.");
    if (error.status === 401) return new AppError("unauthenticated", "Vous devez être connecté.");
    if (error.status === 404) return new AppError("not_found", "Ressource introuvable.");
  }
  return new AppError("internal", "Une erreur interne est survenue. Veuillez réessayer.");
}

export const payloadTooLarge = (maxBytes = 0) =>
  new AppError(
    "payload_too_large",
    maxBytes
      ? `La requête est trop volumineuse (${Math.round(maxBytes / 1024 / 1024)} Mo maximum).`
      : "La requête est trop volumineuse.",
  );
