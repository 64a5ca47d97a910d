import pino from "pino";
import { type App, createApp } from "../app";
import type { Database } from "../db/client";
import { createTestDatabase } from "./database";

export type TestContext = { app: App; database: Database; close: () => Promise<void> };

/** The real Hono app on a fresh real database, as the API tests use it. */
export async function createTestContext(): Promise<TestContext> {
  const database = await createTestDatabase();
  const app = createApp({ database, env: { NODE_ENV: "test" }, logger: pino({ level: "silent" }) });
  return { app, database, close: () => database.close() };
}
