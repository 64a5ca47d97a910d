import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { VOICE_SOCKET_PATH } from "@shared/voice";
import WebSocket from "ws";
import { TEST_APP_URL, type TestContext } from "../test/test-app";
import { createVoiceSocketServer } from "./socket-server";

/** The test app served over real HTTP on 127.0.0.1, with the voice socket upgrade wired as in main.ts. */
export async function serveVoice(context: TestContext): Promise<{ url: string; close: () => Promise<void> }> {
  const wss = createVoiceSocketServer();
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve(
      { fetch: context.app.fetch, hostname: "127.0.0.1", port: 0, websocket: { server: wss } },
      () => resolve(started),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}${VOICE_SOCKET_PATH}`,
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

export type VoiceEvent = { type: string; [field: string]: unknown };

/** A browser-like client: the session cookie and our Origin, every event received kept in order. */
export function openVoice(
  url: string,
  { cookie, origin = TEST_APP_URL }: { cookie?: string; origin?: string } = {},
) {
  const socket = new WebSocket(url, { headers: { ...(cookie ? { cookie } : {}), origin } });
  const events: VoiceEvent[] = [];
  const waiters: Array<() => void> = [];
  socket.on("message", (data) => {
    events.push(JSON.parse(data.toString()));
    for (const wake of waiters.splice(0)) wake();
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("unexpected-response", (_request, response) =>
      reject(new Error(`HTTP ${response.statusCode}`)),
    );
    socket.once("error", reject);
  });
  return {
    socket,
    events,
    opened,
    send: (event: object) => socket.send(JSON.stringify(event)),
    /** Resolves with the first event (from `from` on) that matches, or fails after `timeoutMs`. */
    async waitFor(predicate: (event: VoiceEvent) => boolean, { from = 0, timeoutMs = 20_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.slice(from).find(predicate);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching event; got ${events.map((event) => event.type).join(", ")}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => socket.close(1000),
  };
}

/** The status code of a refused upgrade. */
export function refusedStatus(
  url: string,
  options: { cookie?: string; origin?: string } = {},
): Promise<number> {
  const { socket, opened } = openVoice(url, options);
  return opened.then(
    () => {
      socket.close();
      return 101;
    },
    (error: Error) => Number(error.message.replace("HTTP ", "")),
  );
}

/** The PCM16 samples of every audio delta of a response. */
export function audioOf(events: VoiceEvent[]): Int16Array {
  const bytes = Buffer.concat(
    events
      .filter((event) => event.type === "response.audio.delta")
      .map((event) => Buffer.from(String(event.delta), "base64")),
  );
  return new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2));
}

export function rms(samples: Int16Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / Math.max(1, samples.length)) / 32768;
}

export const typed = (text: string) => ({
  type: "conversation.item.create",
  item: { type: "message", role: "user", content: [{ type: "input_text", text }] },
});
