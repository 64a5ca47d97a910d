import WebSocket from "ws";

// What a server process retains, read through its inspector (the Chrome DevTools protocol): right after a
// full collection, the V8 heap in use plus the ArrayBuffers' memory (outside the heap: an export holding its
// encoded chunks shows there). The resident size also counts garbage V8 has not collected yet, and when it
// collects depends on what ran before (decision 014, sixth pass), so it cannot tell a stream that holds one
// batch from one that holds the file.

export type HeapProbe = {
  /** Bytes of live objects and buffers: a full collection, then the process's own reading of its memory. */
  retainedBytes: () => Promise<number>;
  /** Any other command of the protocol (Runtime.evaluate, Profiler.start…), its result. */
  command: (method: string, params?: object) => Promise<unknown>;
  close: () => void;
};

type Reply = {
  id: number;
  result?: { result?: { value?: unknown }; [field: string]: unknown };
  error?: { message: string };
};

// A server that stops answering (busy, crashed) fails the reading instead of leaving the bench waiting.
const REPLY_TIMEOUT_MS = 10_000;

const RETAINED = `(() => { const memory = process.memoryUsage(); return memory.heapUsed + memory.arrayBuffers; })()`;

/** Connects to the inspector the server opened on 127.0.0.1:`port` (`--inspect=127.0.0.1:<port>`). */
export async function connectHeapProbe(port: number): Promise<HeapProbe> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${port}`);
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });

  let lastId = 0;
  const pending = new Map<number, { settle: (reply: Reply) => void; fail: (error: Error) => void }>();
  socket.on("message", (data) => {
    const reply = JSON.parse(String(data)) as Reply;
    pending.get(reply.id)?.settle(reply);
  });
  const failAll = (error: Error) => {
    for (const { fail } of pending.values()) fail(error);
  };
  socket.on("close", () => failAll(new Error("inspector connection closed")));
  socket.on("error", failAll);

  const send = (method: string, params: object = {}) =>
    new Promise<Reply["result"]>((resolve, reject) => {
      const id = ++lastId;
      const timer = setTimeout(
        () => fail(new Error(`${method}: no answer in ${REPLY_TIMEOUT_MS} ms`)),
        REPLY_TIMEOUT_MS,
      );
      const done = () => {
        clearTimeout(timer);
        pending.delete(id);
      };
      const fail = (error: Error) => {
        done();
        reject(error);
      };
      pending.set(id, {
        settle: (reply) => {
          done();
          if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
          else resolve(reply.result);
        },
        fail,
      });
      socket.send(JSON.stringify({ id, method, params }));
    });

  return {
    retainedBytes: async () => {
      await send("HeapProfiler.collectGarbage");
      const evaluated = await send("Runtime.evaluate", { expression: RETAINED, returnByValue: true });
      const bytes = Number(evaluated?.result?.value);
      if (!Number.isFinite(bytes)) throw new Error("the server's memory could not be read");
      return bytes;
    },
    command: send,
    close: () => socket.close(),
  };
}
