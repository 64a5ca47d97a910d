import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** `url` over TCP on 127.0.0.1; `socketUrl` the same database through the cluster's Unix socket. */
export type Cluster = { url: string; socketUrl: string; stop: () => void };

/** The newest PostgreSQL server binaries installed the Debian way, if any. */
export function findPostgresBin(): string | undefined {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((version) => existsSync(join(base, version, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], "bin") : undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a throwaway cluster on a free 127.0.0.1 port, durable-less for speed, trust auth on loopback only.
 * PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` system user.
 */
export async function startThrowawayCluster(bin: string): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), "ardoise-pg-"));
  const isRoot = process.getuid?.() === 0;
  const asOwner = (command: string, args: string[]) => {
    const [file, fileArgs] = isRoot
      ? ["runuser", ["-u", "postgres", "--", command, ...args]]
      : [command, args];
    execFileSync(file, fileArgs, { stdio: ["ignore", "ignore", "pipe"] });
  };
  if (isRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const data = join(dir, "data");
  asOwner(join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "--no-sync",
    "-E",
    "UTF8",
    "--locale=C",
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  asOwner(join(bin, "pg_ctl"), ["-D", data, "-l", join(dir, "server.log"), "-o", options, "-w", "start"]);

  let isStopped = false;
  const stop = () => {
    if (isStopped) return;
    isStopped = true;
    try {
      asOwner(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    stop,
  };
}
