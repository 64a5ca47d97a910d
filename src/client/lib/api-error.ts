import type { ErrorCode, ErrorIssue } from "@shared/errors";

/**
 * What the API client throws for a non-2xx answer `{ error: { code, message, issues? } }` (shared/errors.ts).
 * An answer without that body (proxy error, network) gets the code of its status, e.g. "unavailable".
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly issues?: ErrorIssue[];

  constructor(status: number, code: ErrorCode, message: string, issues?: ErrorIssue[]) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A request that got no answer at all: the server is stopped or restarting more often than the user's
 * internet is down (issue 31 §22), so the words name the server, not « votre connexion ».
 */
export const SERVER_UNREACHABLE_MESSAGE =
  "Le serveur d'Ardoise ne répond pas. Rien n'a été perdu : réessayez dans un instant.";

/** No answer from the server (status 0): the error stays on screen until the user dismisses or retries. */
export const isServerUnreachable = (error: unknown): boolean =>
  isApiError(error) && error.status === 0 && error.code === "unavailable";

// Spec §8: the generic error toast's advice, for failures that carry no French message of their own.
export const GENERIC_ERROR_ADVICE = "Veuillez réessayer. Si le problème persiste, contactez le support.";

/**
 * The French words to show for any failure: the server's message, the client's for a network failure
 * ("Connexion au serveur impossible…"), and for a bug in the page (whose message may be English) the
 * generic advice.
 */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : GENERIC_ERROR_ADVICE;
}
