import { type ApiTokenScope, createHookInput, v1ListQuery } from "@shared/schemas/public-api";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { type AuthVariables, requirePaid } from "../../auth/session";
import type { Db } from "../../db/client";
import type { Mailer } from "../../email/mailer";
import { AppError } from "../../errors";
import { valid } from "../../http/validate";
import type { Logger } from "../../logger";
import { authenticateToken } from "./api-tokens.service";
import { buildOpenApiDocument } from "./openapi";
import { type ActionDeps, listResource, type Resource, resources } from "./resources";
import type { TargetPolicy } from "./target-url";
import { createHook, deleteHook } from "./webhooks.service";

export type V1Variables = AuthVariables & { tokenScope: ApiTokenScope };

export const MISSING_TOKEN_MESSAGE =
  "Jeton d'API requis : envoyez l'en-tête Authorization: Bearer <jeton> (Intégrations → API et webhooks).";
export const INVALID_TOKEN_MESSAGE = "Jeton d'API inconnu ou révoqué.";
export const READ_ONLY_TOKEN_MESSAGE =
  "Ce jeton est en lecture seule : créez un jeton « Lecture et écriture » pour modifier vos données.";

/**
 * 401 unless the request carries a live personal token; its owner then stands where a session's user
 * would, so requirePaid (402) and every service see the same user. `sessionId` names the token.
 */
function requireToken(db: Db): MiddlewareHandler<{ Variables: V1Variables }> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    if (!token) throw new AppError("unauthenticated", MISSING_TOKEN_MESSAGE);
    const owner = await authenticateToken(db, token);
    if (!owner) throw new AppError("unauthenticated", INVALID_TOKEN_MESSAGE);
    c.set("user", owner.user);
    c.set("sessionId", `api-token:${owner.tokenId}`);
    c.set("tokenScope", owner.scope);
    await next();
  };
}

/** Anything but a read needs a write token (403). */
const requireScope: MiddlewareHandler<{ Variables: V1Variables }> = async (c, next) => {
  const isRead = c.req.method === "GET" || c.req.method === "HEAD";
  if (!isRead && c.get("tokenScope") !== "write") throw new AppError("forbidden", READ_ONLY_TOKEN_MESSAGE);
  await next();
};

const uuid = z.uuid();
/** A malformed id names no record: the resource's own 404. */
function idOf(value: string | undefined, notFoundMessage: string): string {
  if (!uuid.safeParse(value).success) throw new AppError("not_found", notFoundMessage);
  return value as string;
}

function resourceRoutes({ db, mailer }: ActionDeps, entry: Resource) {
  const routes = new Hono<{ Variables: V1Variables }>()
    .get("/", valid(v1ListQuery, "query"), async (c) =>
      c.json(
        await listResource(db, { userId: c.get("user").id, resource: entry, query: c.req.valid("query") }),
      ),
    )
    .get("/:id", async (c) =>
      c.json(await entry.get(db, c.get("user").id, idOf(c.req.param("id"), entry.notFoundMessage))),
    );
  const { create, update } = entry;
  if (create)
    routes.post("/", valid(create.input), async (c) =>
      c.json(await create.run(db, c.get("user").id, c.req.valid("json")), 201),
    );
  if (update)
    routes.patch(
      "/:id",
      async (c, next) => {
        idOf(c.req.param("id"), entry.notFoundMessage);
        await next();
      },
      valid(update.input),
      async (c) => c.json(await update.run(db, c.get("user").id, c.req.param("id"), c.req.valid("json"))),
    );
  for (const action of entry.actions ?? []) {
    const run = (c: Context<{ Variables: V1Variables }>, input: unknown) =>
      action.run({ db, mailer }, c.get("user").id, idOf(c.req.param("id"), entry.notFoundMessage), input);
    const path = `/:id/${action.name}`;
    const { input } = action;
    if (input) routes.post(path, valid(input), async (c) => c.json(await run(c, c.req.valid("json"))));
    else routes.post(path, async (c) => c.json(await run(c, undefined)));
  }
  return routes;
}

/**
 * /api/v1: the public API (issue 14 §2, decision 013). openapi.json is public; everything else takes a
 * personal token (401), a paid registration (402) and, to write, a write token (403). No cookie is read,
 * which is why /api/v1 is exempt from the same-origin check.
 */
export function publicApiRoutes({
  db,
  mailer,
  logger,
  targets,
  appUrl,
}: {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  targets: TargetPolicy;
  appUrl: string;
}) {
  const document = buildOpenApiDocument({ serverUrl: `${appUrl}/api/v1` });
  const guarded = new Hono<{ Variables: V1Variables }>()
    .use(requireToken(db))
    .use(requirePaid(db, logger) as unknown as MiddlewareHandler<{ Variables: V1Variables }>)
    .use(requireScope)
    .post("/hooks", valid(createHookInput), async (c) =>
      c.json(await createHook(db, { userId: c.get("user").id, input: c.req.valid("json"), targets }), 201),
    )
    .delete("/hooks/:id", async (c) => {
      const hookId = idOf(c.req.param("id"), "Abonnement (hook) introuvable.");
      await deleteHook(db, { userId: c.get("user").id, hookId });
      return c.body(null, 204);
    });
  for (const entry of resources) guarded.route(`/${entry.path}`, resourceRoutes({ db, mailer }, entry));
  // Registered first, so its handler answers before the token middleware of the routes below.
  return new Hono().get("/openapi.json", (c) => c.json(document)).route("/", guarded);
}
