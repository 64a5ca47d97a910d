import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Env } from "../env";

/**
 * The key that signs session cookies. Production must configure it (env.ts refuses to start without it);
 * elsewhere one is generated once and kept in DATA_DIR so sessions survive a restart.
 */
export function resolveAuthSecret(env: Pick<Env, "BETTER_AUTH_SECRET" | "dataDir">): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  const path = join(env.dataDir, "auth-secret");
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  mkdirSync(env.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  return secret;
}
