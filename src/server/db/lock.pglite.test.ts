import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { DatabaseLockedError } from "./lock";

const dataDir = mkdtempSync(join(tmpdir(), "ardoise-lock-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the real server entry point on `dataDir` and collects what it prints before it exits. */
function startSecondServer(): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("node_modules/.bin/tsx", ["src/server/main.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: "0", ARDOISE_SERVE_CLIENT: "false", DATABASE_URL: "" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 25_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("PGlite data directory lock", () => {
  it("refuses a second process on the same directory, then lets one in once released", async () => {
    const first = await openDatabase({ dataDir });
    try {
      const second = await startSecondServer();
      expect(second.code).toBe(1);
      expect(second.stderr).toContain("est déjà utilisée par un autre processus Ardoise");
      expect(second.stderr).toContain("already in use by another Ardoise process");
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir });
    expect(again.migrations.pending).toBe(0);
    await again.close();
  });
});
