import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { type App, createApp } from "../app";
import type { Database } from "../db/client";
import { type Env, parseEnv } from "../env";
import { createServices, type ServiceOverrides, type Services } from "../services";
import { createTestDatabase } from "./database";

export type TestContext = Services & { app: App; close: () => Promise<void> };

export const TEST_APP_URL = "http://localhost:3000";

/** The variables of a test run (a second server process started by a test gets them too). */
export const TEST_ENV_VARS = {
  NODE_ENV: "test",
  APP_URL: TEST_APP_URL,
  BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
  LOG_LEVEL: "silent",
  // app.request() has no socket: tests give each caller an address through X-Forwarded-For.
  TRUST_PROXY: "true",
} as const;

/** The configuration of a test run: local defaults, a fixed secret, overridable per test file. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    ...TEST_ENV_VARS,
    DATA_DIR: mkdtempSync(join(tmpdir(), "ardoise-test-data-")),
    ...overrides,
  });
}

/** The real Hono app with its real services on a fresh real database, as the API tests use it. */
export async function createTestContext(
  options: { env?: Record<string, string>; database?: Database; clientDir?: string } & ServiceOverrides = {},
): Promise<TestContext> {
  const database = options.database ?? (await createTestDatabase());
  const services = createServices(database, testEnv(options.env), pino({ level: "silent" }), options);
  const app = createApp(services, { clientDir: options.clientDir });
  return { ...services, app, close: () => database.close() };
}
