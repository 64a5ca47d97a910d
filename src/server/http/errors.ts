import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { AppError } from "../errors";
import type { Logger } from "../logger";

export const notFoundError = (c: Context) =>
  new AppError("not_found", `Aucune ressource ne correspond à ${c.req.method} ${c.req.path}.`);

/** Turns any thrown value into the `{ error: { code, message, issues? } }` body; unexpected ones are logged. */
export function handleError(logger: Logger) {
  return (error: Error, c: Context) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      logger.error({ err: error, requestId: c.get("requestId"), path: c.req.path }, "request failed");
    }
    return c.json(appError.toBody(), appError.status);
  };
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
