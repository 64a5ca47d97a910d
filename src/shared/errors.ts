/**
 * Every error the API can answer, with the HTTP status it maps to. The client reads the same catalogue.
 * Kept free of zod: the client's first page imports it, and the schema lives in schemas/error.ts.
 */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  payment_required: 402,
  card_declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** Well-formed, but a business rule refuses it as it stands (e.g. issuing without the client's SIREN). */
  unprocessable: 422,
  /**
   * The feature is switched off by this server's configuration (no payment provider…): a normal state, not
   * an outage, so asking again cannot help; the message says what to configure.
   */
  not_configured: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export type ErrorIssue = { path: string; message: string };
export type ErrorBody = { error: { code: ErrorCode; message: string; issues?: ErrorIssue[] } };

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(errorStatus, value);
}

/** The house error shape `{ error: { code, message, issues? } }`, checked without a schema library. */
export function isErrorBody(value: unknown): value is ErrorBody {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return isErrorCode(error?.code) && typeof error?.message === "string";
}
