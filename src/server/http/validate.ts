import { zValidator } from "@hono/zod-validator";
import { hasNulCharacter, INVALID_CHARACTERS_MESSAGE } from "@shared/schemas/fields";
import type { MiddlewareHandler, ValidationTargets } from "hono";
import { z } from "zod";
import { AppError, INVALID_INPUT_MESSAGE } from "../errors";

/**
 * Validates a request part with a shared schema; failures become the house 400 with French issues. A NUL
 * character anywhere in the part (a value or a key, at any depth) is refused too: PostgreSQL cannot store it,
 * and checking here covers every field of every validated route at once. The hook sees the raw part when
 * the schema failed and the parsed one when it passed, so what would be stored is what is checked.
 */
export const valid = <T extends z.ZodType, Target extends keyof ValidationTargets = "json">(
  schema: T,
  target?: Target,
) =>
  zValidator((target ?? "json") as Target, schema, (result) => {
    const path = pathToNul(result.data);
    if (path)
      throw new AppError("validation_failed", INVALID_INPUT_MESSAGE, [
        { path: path.join("."), message: INVALID_CHARACTERS_MESSAGE },
      ]);
    if (!result.success) throw AppError.fromZod(result.error);
  });

/** Where the first NUL character is in a parsed body or query, or null; iterative, as JSON nests deep. */
function pathToNul(value: unknown): PropertyKey[] | null {
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (typeof item.value === "string") {
      if (hasNulCharacter(item.value)) return item.path;
    } else if (item.value !== null && typeof item.value === "object") {
      for (const [key, child] of Object.entries(item.value)) {
        if (hasNulCharacter(key)) return [...item.path, key];
        pending.push({ value: child, path: [...item.path, key] });
      }
    }
  }
  return null;
}

const uuid = z.uuid();

/** `:id` must be a uuid; a malformed one is a record that does not exist (404 with the module's message). */
export const uuidParam =
  (notFoundMessage: string): MiddlewareHandler =>
  async (c, next) => {
    if (!uuid.safeParse(c.req.param("id")).success) throw new AppError("not_found", notFoundMessage);
    await next();
  };
