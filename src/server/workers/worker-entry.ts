import "@shared/zod-fr";
import { AppError } from "../errors";
import { TASKS, type TaskName, type TaskOutcome } from "./tasks";

/**
 * The worker side of the pool: runs one task and answers its value or its AppError as plain data. A warm-up
 * call does nothing: answering it means this thread has loaded every task's code.
 */
export default async function runTask(
  message: { name: TaskName; input: never } | { warmUp: true },
): Promise<TaskOutcome | null> {
  if ("warmUp" in message) return null;
  const { name, input } = message;
  try {
    return { ok: true, value: await TASKS[name](input) };
  } catch (error) {
    if (error instanceof AppError)
      return { ok: false, error: { code: error.code, message: error.message, issues: error.issues } };
    throw error;
  }
}
