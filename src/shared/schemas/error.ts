import { z } from "zod";
import { type ErrorCode, errorStatus } from "../errors";

/** The error body as a schema, for callers that want a strict check (API tests, external clients). */
export const errorBody = z.object({
  error: z.object({
    code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
