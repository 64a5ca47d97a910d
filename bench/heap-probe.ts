import WebSocket from "ws";

// What a server process retains, read through its inspector (the Chrome DevTools protocol): the V8 heap in
// use right after a full collection. The resident size also counts garbage V8 has not collected yet, and when
// it collects depends on what ran before (decision 014, sixth pass), so it cannot tell a stream that holds
// one batch from one that holds the file.

export type HeapProbe = {
  /** Bytes of live objects: a full collection, then the heap in use. */
  retainedBytes: () => Promise<number>;
  close: () => void;
};

type Reply = { id: number; result?: Record<string, unknown>; error?: { message: string } };

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
  const pending = new Map<number, (reply: Reply) => void>();
  socket.on("message", (data) => {
    const reply = JSON.parse(String(data)) as Reply;
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  const send = (method: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, (reply) =>
        reply.error ? reject(new Error(`${method}: ${reply.error.message}`)) : resolve(reply.result ?? {}),
      );
      socket.send(JSON.stringify({ id, method }));
    });

  return {
    retainedBytes: async () => {
      await send("HeapProfiler.collectGarbage");
      const usage = await send("Runtime.getHeapUsage");
      return Number(usage.usedSize);
    },
    close: () => socket.close(),
  };
}
