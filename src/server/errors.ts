import { type ErrorCode, type ErrorIssue, errorStatus } from "@shared/errors";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

export const INVALID_INPUT_MESSAGE = "Certaines informations sont invalides.";

/** The one error type of the server: a code from the shared catalogue and a French message for the user. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues?: ErrorIssue[];

  constructor(code: ErrorCode, message: string, issues?: ErrorIssue[]) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.issues = issues;
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
