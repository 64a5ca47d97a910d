import { z } from "zod";

/** Every error the API can answer, with the HTTP status it maps to. The client parses the same shape. */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  payment_required: 402,
  card_declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorBody = z.object({
  error: z.object({
    code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBody>;
export type ErrorIssue = NonNullable<ErrorBody["error"]["issues"]>[number];
