import { type ErrorCode, type ErrorIssue, errorStatus } from "@shared/errors";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

export const INVALID_INPUT_MESSAGE = "Certaines informations sont invalides.";

/** The one error type of the server: a code from the shared catalogue and a French message for the user. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues?: ErrorIssue[];
  /** Sent as Retry-After with a 429 or 503: when the caller may try again. */
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message: string,
    issues?: ErrorIssue[],
    options: { retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.issues = issues;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): ContentfulStatusCode {
    return errorStatus[this.code];
  }

  toBody() {
    return {
      error: { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) },
    };
  }

  static fromZod(error: { issues: readonly z.core.$ZodIssue[] }): AppError {
    const issues = error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    return new AppError("validation_failed", INVALID_INPUT_MESSAGE, issues);
  }
}
