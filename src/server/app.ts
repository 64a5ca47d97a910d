import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import type { Database } from "./db/client";
import type { Env } from "./env";
import { handleError, notFoundError, payloadTooLarge } from "./http/errors";
import { requestLogger } from "./http/request-logger";
import { securityHeaders } from "./http/security-headers";
import { spaRoutes } from "./http/spa";
import type { Logger } from "./logger";
import { healthRoutes } from "./modules/health/health.routes";

/** JSON bodies are small; file uploads (10 MB, spec §5) get their own limit on their own routes. */
export const MAX_BODY_BYTES = 1024 * 1024;

export type AppDeps = {
  database: Database;
  env: Pick<Env, "NODE_ENV">;
  logger: Logger;
  /** The built SPA (dist/client); absent in API tests and in `npm run dev`, where Vite serves it. */
  clientDir?: string;
};

export function createApp({ database, env, logger, clientDir }: AppDeps) {
  const app = new Hono();

  app.use(requestId());
  app.use(requestLogger(logger));
  app.use(securityHeaders({ isProduction: env.NODE_ENV === "production" }));
  app.use(compress());
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw payloadTooLarge(MAX_BODY_BYTES);
      },
    }),
  );

  app.route("/api/health", healthRoutes(database));
  app.all("/api/*", (c) => {
    throw notFoundError(c);
  });
  app.all("/functions/*", (c) => {
    throw notFoundError(c);
  });

  if (clientDir) app.route("/", spaRoutes(clientDir));

  app.notFound((c) => c.json(notFoundError(c).toBody(), 404));
  app.onError(handleError(logger));
  return app;
}

export type App = ReturnType<typeof createApp>;
