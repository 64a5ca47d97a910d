import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";

const root = new URL("..", import.meta.url).pathname;
const builtIndex = join(root, "dist/client/index.html");
const inputs = ["src/client", "src/shared", "vite.config.ts", "package.json", "package-lock.json"];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    stats.mtimeMs,
  );
}

/** True when dist/client is missing or older than any file it is built from. */
export function isClientBuildStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return inputs.some((input) => newestChange(join(root, input)) > builtAt);
}

export async function ensureClientBuild(): Promise<void> {
  if (!isClientBuildStale()) return;
  console.log("Construction de l'interface (dist/client)…");
  // The server may run with NODE_ENV=development or test, but the interface it serves is always the
  // production build: with another NODE_ENV, Vite would bundle React's development build (twice the size).
  const serverMode = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ configFile: join(root, "vite.config.ts"), logLevel: "warn", mode: "production" });
  } finally {
    if (serverMode === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = serverMode;
  }
}
