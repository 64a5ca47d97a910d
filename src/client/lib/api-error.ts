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
