import type { MiddlewareHandler } from "hono";

/*
 * Requests first, long downloads after (issue 26). A CSV export of 100 000 rows takes its turns of the main
 * thread as fast as the socket drains: a turn is short, but another user's request needs several turns of
 * its own (routing, its session, its statements, its answer) and waited behind an export turn at each. While
 * any request is being handled, a background turn therefore waits until none is, for BACKGROUND_WAIT_MS at
 * most: a download slows while others are served, and never stops.
 */

/** The longest a background turn waits for the requests in flight: it then runs anyway. */
export const BACKGROUND_WAIT_MS = 5;

let inFlight = 0;
const waiting = new Set<() => void>();

/** Counts the requests being handled (from their arrival until their handler has answered). */
export const countInFlight = (): MiddlewareHandler => async (_c, next) => {
  inFlight++;
  try {
    await next();
  } finally {
    inFlight--;
    // In the next turn: the request that just ended writes its answer first.
    if (inFlight === 0 && waiting.size > 0) setImmediate(wakeWaiting);
  }
};

function wakeWaiting() {
  if (inFlight > 0) return;
  for (const wake of [...waiting]) wake();
}

/** Resolves when a background turn may run: after the I/O waiting now, and no request in flight. */
export function backgroundTurn(): Promise<void> {
  return new Promise((resolve) => {
    if (inFlight === 0) {
      setImmediate(resolve);
      return;
    }
    const wake = () => {
      clearTimeout(timer);
      waiting.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, BACKGROUND_WAIT_MS);
    waiting.add(wake);
  });
}
