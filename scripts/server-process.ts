import { type ChildProcess, spawn } from "node:child_process";

/** Starts `script` with tsx directly (no npm in between, so a signal reaches the server itself). */
export function spawnServer(script: string, env: Record<string, string>): ChildProcess {
  return spawn("node_modules/.bin/tsx", [script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Resolves once /api/health answers; fails as soon as the server exits. */
export async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    const isUp = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
