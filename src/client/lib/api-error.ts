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
