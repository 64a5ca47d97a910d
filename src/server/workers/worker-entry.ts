import "@shared/zod-fr";
import { getPriority, setPriority } from "node:os";
import type { MessagePort } from "node:worker_threads";
import { AppError } from "../errors";
import { TASKS, type TaskName, type TaskOutcome, warmUpThread } from "./tasks";

/** How much nicer than the server's main thread the pool's threads run (Linux niceness, 19 at most). */
const WORKER_NICENESS = 10;

// The main thread answers every user; a thread here works for one. When the machine's cores are all busy,
// the kernel then gives the main thread the CPU first (about nine slices to one), so one user's large file
// slows their own parsing rather than everyone's requests (issue 26). On Linux a niceness is per thread
// (setpriority on the calling thread); elsewhere it would be the whole process's, so it is left alone.
if (process.platform === "linux") setPriority(Math.min(19, getPriority() + WORKER_NICENESS));

/** The worker side of the pool: runs one task and answers its value or its AppError as plain data. */
export default async function runTask(
  message: { name: TaskName; input: never; started: MessagePort } | { warmUp: true },
): Promise<TaskOutcome | null> {
  if ("warmUp" in message) {
    await warmUpThread();
    return null;
  }
  const { name, input, started } = message;
  started.postMessage(null);
  started.close();
  try {
    return { ok: true, value: await TASKS[name](input) };
  } catch (error) {
    if (error instanceof AppError)
      return { ok: false, error: { code: error.code, message: error.message, issues: error.issues } };
    throw error;
  }
}
