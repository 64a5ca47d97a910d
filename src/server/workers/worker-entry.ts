import "@shared/zod-fr";
import type { MessagePort } from "node:worker_threads";
import { AppError } from "../errors";
import { TASKS, type TaskName, type TaskOutcome, warmUpThread } from "./tasks";

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
