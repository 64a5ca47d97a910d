import { availableParallelism } from "node:os";
import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import { AppError } from "../errors";
import { TASK_BUDGETS } from "./budgets";
import type { TaskInput, TaskName, TaskOutcome, TaskOutput } from "./tasks";

/**
 * Heavy or untrusted work off the event loop (issue 26, decision 018): a pool of worker threads in front of
 * which a fair queue takes each owner's tasks in turn. An owner (a user, or the PA inbox of one recipient) has
 * at most one task running and a few waiting, so one user's burst of files cannot take every worker, and a
 * task that goes past its time or memory budget loses its worker, not the server.
 */

export type PoolOptions = {
  threads?: number;
  /** Tasks one owner may have waiting beyond the one running; past it a French 429. */
  maxQueuedPerOwner?: number;
  /** Heap of a worker; past it the worker dies and the task fails with the task's budget message. */
  maxHeapMb?: number;
};

type Job = {
  name: TaskName;
  input: unknown;
  owner: string;
  transfer: ArrayBuffer[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

/** How long a thread may take to load its code before a task's own budget starts. */
const THREAD_START_MS = 60_000;

export const QUEUE_FULL_MESSAGE =
  "Vos fichiers précédents sont encore en cours de traitement : réessayez dans quelques secondes.";

export type WorkerPool = {
  run<Name extends TaskName>(
    name: Name,
    input: TaskInput<Name>,
    options: {
      owner: string;
      /**
       * Buffers of the input moved to the worker rather than copied (a 10 MB file costs the main thread
       * ~20 ms to clone): unusable by the caller afterwards. See `handOver`.
       */
      transfer?: ArrayBuffer[];
    },
  ): Promise<TaskOutput<Name>>;
  /** Tasks running and waiting, for tests and the bench. */
  stats(): { running: number; queued: number };
  close(): Promise<void>;
};

export function createWorkerPool({
  threads = Math.max(2, Math.min(4, availableParallelism() - 1)),
  maxQueuedPerOwner = 8,
  maxHeapMb = 384,
}: PoolOptions = {}): WorkerPool {
  const piscina = new Piscina({
    filename: new URL("./worker-entry.ts", import.meta.url).href,
    // The server runs TypeScript through tsx (decision 001); a worker needs the same loader.
    execArgv: ["--import", "tsx"],
    // Threads stay up: a thread started for a task would spend its time budget loading the parsers.
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 32 },
  });
  // Owners in round-robin order: the one served last goes to the back (a Map keeps insertion order).
  const queues = new Map<string, Job[]>();
  const runningByOwner = new Map<string, number>();
  let running = 0;
  // Until every thread has loaded its code, tasks wait in the fair queue, their budgets not started.
  let isWarm = false;
  void Promise.allSettled(Array.from({ length: threads }, () => piscina.run({ warmUp: true }))).then(() => {
    isWarm = true;
    dispatch();
  });

  const start = (job: Job) => {
    running++;
    runningByOwner.set(job.owner, (runningByOwner.get(job.owner) ?? 0) + 1);
    // The budget counts from the moment a thread starts the task (it says so on this port), not from the
    // hand-over: a thread that replaces one stopped for its budget spends seconds loading first.
    const { timeoutMs } = TASK_BUDGETS[job.name];
    const abort = new AbortController();
    const { port1: startedPort, port2: workerPort } = new MessageChannel();
    let budget = setTimeout(() => abort.abort(), timeoutMs + THREAD_START_MS);
    startedPort.once("message", () => {
      clearTimeout(budget);
      budget = setTimeout(() => abort.abort(), timeoutMs);
    });
    piscina
      .run(
        { name: job.name, input: job.input, started: workerPort },
        { signal: abort.signal, transferList: [workerPort, ...job.transfer] },
      )
      .then(
        (outcome: TaskOutcome) =>
          outcome.ok
            ? job.resolve(outcome.value)
            : job.reject(new AppError(outcome.error.code, outcome.error.message, outcome.error.issues)),
        (error: unknown) => job.reject(budgetError(job.name, error)),
      )
      .finally(() => {
        clearTimeout(budget);
        startedPort.close();
        running--;
        const left = (runningByOwner.get(job.owner) ?? 1) - 1;
        if (left > 0) runningByOwner.set(job.owner, left);
        else runningByOwner.delete(job.owner);
        dispatch();
      });
  };

  const dispatch = () => {
    while (isWarm && running < threads) {
      const owner = [...queues.keys()].find((key) => !runningByOwner.has(key));
      if (owner === undefined) return;
      const queue = queues.get(owner) ?? [];
      const job = queue.shift();
      queues.delete(owner);
      if (queue.length > 0) queues.set(owner, queue);
      if (job) start(job);
    }
  };

  return {
    run(name, input, { owner, transfer = [] }) {
      const queue = queues.get(owner) ?? [];
      if (queue.length >= maxQueuedPerOwner)
        return Promise.reject(
          new AppError("rate_limited", QUEUE_FULL_MESSAGE, undefined, { retryAfterSeconds: 5 }),
        );
      return new Promise((resolve, reject) => {
        queue.push({ name, input, owner, transfer, resolve: resolve as Job["resolve"], reject });
        if (!queues.has(owner)) queues.set(owner, queue);
        dispatch();
      });
    },
    stats: () => ({
      running,
      queued: [...queues.values()].reduce((sum, queue) => sum + queue.length, 0),
    }),
    close: () => piscina.destroy(),
  };
}

/**
 * What of `bytes` can be moved to a worker: its buffer when the view covers all of it and nothing else
 * shares it (a small Node Buffer is a slice of a shared pool, which moving would take from everyone).
 */
export function handOver(bytes: Uint8Array): ArrayBuffer[] {
  const { buffer } = bytes;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength
    ? [buffer]
    : [];
}

/** A worker stopped for its time (AbortError) or memory (ERR_WORKER_OUT_OF_MEMORY): the task's own message. */
function budgetError(name: TaskName, error: unknown): AppError {
  const { timeoutMs, overBudget } = TASK_BUDGETS[name];
  const { name: errorName, code } = (error ?? {}) as { name?: string; code?: string };
  if (errorName === "AbortError") return overBudget(`plus de ${timeoutMs / 1000} secondes de calcul`);
  if (code === "ERR_WORKER_OUT_OF_MEMORY") return overBudget("trop de mémoire");
  return new AppError("internal", "Une erreur interne est survenue. Veuillez réessayer.", undefined, {
    cause: error,
  });
}

let shared: WorkerPool | undefined;

/** The process's pool, started on first use (a server that never reads a file starts no thread). */
export const workerPool = (): WorkerPool => {
  shared ??= createWorkerPool();
  return shared;
};

export async function closeWorkerPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
