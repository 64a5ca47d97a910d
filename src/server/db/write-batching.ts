import type { Socket } from "node:net";
import type pg from "pg";

/** The socket under a pg connection (pg keeps it as `connection.stream`). */
export const socketOf = (client: pg.ClientBase) =>
  (client as unknown as { connection: { stream: Socket } }).connection.stream;

/**
 * Makes everything written to `socket` during one tick of the event loop leave in one write (decision 014).
 * In pipeline mode pg writes each query as soon as it is queued, one system call each; under load a list
 * request's statements (a transaction's opening, its page query) and the commit of the transaction that
 * used the connection just before are queued in the same tick, and a write that wakes PostgreSQL costs far
 * more than building it. Holding the socket corked until the tick ends delays nothing: the flush comes
 * before the event loop waits for I/O again.
 */
export function batchWritesPerTick(socket: Socket): void {
  let isHeld = false;
  const flush = () => {
    isHeld = false;
    socket.uncork();
  };
  const write = socket.write;
  socket.write = function (this: Socket, ...args: Parameters<Socket["write"]>) {
    if (!isHeld) {
      isHeld = true;
      socket.cork();
      process.nextTick(flush);
    }
    return write.apply(this, args);
  } as Socket["write"];
}
