import { mkdirSync } from "node:fs";
import { join } from "node:path";
import lockfile from "proper-lockfile";

// The holder refreshes the lock every UPDATE_MS; a lock not refreshed for STALE_MS belongs to a dead process.
const STALE_MS = 10_000;
const UPDATE_MS = 2_000;

export class DatabaseLockedError extends Error {
  constructor(dataDir: string) {
    super(
      [
        `La base de données de ${dataDir} est déjà utilisée par un autre processus Ardoise.`,
        "Arrêtez l'autre processus ou choisissez un autre dossier avec DATA_DIR. Si ce processus vient de s'arrêter brutalement, réessayez dans 10 secondes.",
        `The database in ${dataDir} is already in use by another Ardoise process (PGlite is single-process: two processes would silently lose data).`,
      ].join("\n"),
    );
    this.name = "DatabaseLockedError";
  }
}

/**
 * Takes the exclusive lock on a PGlite data directory, or throws DatabaseLockedError.
 * `onLost` runs if the lock is ever taken away (clock jump, deleted lock file): the process must stop writing.
 */
export async function lockDataDir(
  dataDir: string,
  onLost: (error: Error) => void,
): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, "ardoise.lock"),
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: 0,
      onCompromised: onLost,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") throw new DatabaseLockedError(dataDir);
    throw error;
  }
}
