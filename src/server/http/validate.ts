import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { AppError } from "../errors";

/** Validates a request part with a shared schema; failures become the house 400 with French issues. */
export const valid = <T extends z.ZodType, Target extends keyof ValidationTargets = "json">(
  schema: T,
  target?: Target,
) =>
  zValidator((target ?? "json") as Target, schema, (result) => {
    if (!result.success) throw AppError.fromZod(result.error);
  });
