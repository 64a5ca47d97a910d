import "@shared/zod-fr";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { openDatabase } from "./db/client";
import { EnvError, loadDotEnv, parseEnv } from "./env";
import { startJobLoop } from "./jobs/job-loop";
import { createLogger } from "./logger";
import { describeModes } from "./modes";
import { createServices } from "./services";
import { version } from "./version";
import { createVoiceSocketServer } from "./voice/socket-server";
import { closeWorkerPool, workerPool } from "./workers/pool";

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  loadDotEnv();
  const env = parseEnv();
  const logger = createLogger(env);
  const clientDir =
    process.env.ARDOISE_SERVE_CLIENT === "false"
      ? undefined
      : fileURLToPath(new URL("../../dist/client", import.meta.url));

  console.log(`Ardoise ${version} — ${env.appUrl}`);
  for (const line of describeModes(env)) console.log(`  ${line}`);

  const startedAt = performance.now();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    poolSize: env.DATABASE_POOL_SIZE,
    onLockLost: (error) => {
      logger.fatal({ err: error }, "PGlite data directory lock lost: stopping to protect the data");
      process.exit(1);
    },
  });
  if (database.migrations.backup) console.log(`  sauvegarde avant migration : ${database.migrations.backup}`);

  const services = createServices(database, env, logger);
  const app = createApp(services, { clientDir });
  const stopJobs = startJobLoop(services);
  // The worker threads load their code beside the event loop, before the first file or spoken answer.
  workerPool();
  const websocket = { server: createVoiceSocketServer() };
  const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT, websocket }, (info) => {
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    // The address to open is APP_URL, the one origin (with its loopback aliases) the API trusts; the socket
    // address only says where the server listens.
    console.log(
      `Prêt en ${seconds} s : ouvrez ${env.appUrl} (écoute sur ${info.address}:${info.port}, ${database.kind}, ${database.migrations.applied} migrations)`,
    );
  });

  let isStopping = false;
  const stop = (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    console.log(`${signal} reçu : arrêt en cours (requêtes en cours terminées, base fermée)…`);
    const force = setTimeout(() => {
      logger.error("graceful shutdown timed out");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    stopJobs();
    server.close(async () => {
      await closeWorkerPool();
      await database.close();
      console.log("Arrêt terminé.");
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) console.error(error.message);
  else if (error instanceof Error && error.name === "DatabaseLockedError") console.error(error.message);
  else console.error("Démarrage impossible :", error);
  process.exit(1);
});
