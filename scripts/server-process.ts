import { type ChildProcess, spawn } from "node:child_process";

/**
 * Starts `script` in one Node process with tsx's loader (decision 001): no npm and no tsx CLI in between,
 * so SIGTERM reaches the server itself. The tsx CLI relays a signal to its child and kills it outright when
 * the child has not acknowledged it within 60 ms, as a server busy with a query can: the data directory's
 * lock was then left behind and the next start refused for 10 s.
 */
export function spawnServer(
  script: string,
  env: Record<string, string>,
  { nodeArgs = [], stderr = "inherit" }: { nodeArgs?: string[]; stderr?: "inherit" | "pipe" } = {},
): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, "--import", "tsx", script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", stderr],
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
