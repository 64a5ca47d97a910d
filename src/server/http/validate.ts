import { zValidator } from "@hono/zod-validator";
import type { MiddlewareHandler, ValidationTargets } from "hono";
import { z } from "zod";
import { AppError } from "../errors";

/** Validates a request part with a shared schema; failures become the house 400 with French issues. */
export const valid = <T extends z.ZodType, Target extends keyof ValidationTargets = "json">(
  schema: T,
  target?: Target,
) =>
  zValidator((target ?? "json") as Target, schema, (result) => {
    if (!result.success) throw AppError.fromZod(result.error);
  });

const uuid = z.uuid();

/** `:id` must be a uuid; a malformed one is a record that does not exist (404 with the module's message). */
export const uuidParam =
  (notFoundMessage: string): MiddlewareHandler =>
  async (c, next) => {
    if (!uuid.safeParse(c.req.param("id")).success) throw new AppError("not_found", notFoundMessage);
    await next();
  };
