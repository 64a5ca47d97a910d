import type { ChatEvent } from "@shared/schemas/assistant";
import { describe, expect, it } from "vitest";
import { readEvents } from "./read-events";

function streamOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<ChatEvent[]> {
  const events: ChatEvent[] = [];
  for await (const event of readEvents(stream)) events.push(event);
  return events;
}

const line = (event: ChatEvent) => `${JSON.stringify(event)}\n`;

describe("readEvents", () => {
  it("reads one event per line, in order", async () => {
    const events = await collect(
      streamOf([
        line({ type: "status", mode: "thinking", progress: 30 }) + line({ type: "text", delta: "Bonjour" }),
      ]),
    );
    expect(events).toEqual([
      { type: "status", mode: "thinking", progress: 30 },
      { type: "text", delta: "Bonjour" },
    ]);
  });

  it("joins a line split across chunks, even inside a multi-byte character", async () => {
    const bytes = new TextEncoder().encode(line({ type: "text", delta: "Créé : 500 €" }));
    const cut = bytes.indexOf(0xe2) + 1; // inside the three bytes of "€"
    const events = await collect(streamOf([bytes.slice(0, 5), bytes.slice(5, cut), bytes.slice(cut)]));
    expect(events).toEqual([{ type: "text", delta: "Créé : 500 €" }]);
  });

  it("reads a last line that has no newline", async () => {
    const events = await collect(
      streamOf([line({ type: "text", delta: "a" }), '{"type":"text","delta":"b"}']),
    );
    expect(events.map((event) => event.type === "text" && event.delta)).toEqual(["a", "b"]);
  });

  it("skips blank lines, broken JSON and unknown events", async () => {
    const events = await collect(
      streamOf(["\n", "{not json\n", '{"type":"future","x":1}\n', line({ type: "text", delta: "ok" })]),
    );
    expect(events).toEqual([{ type: "text", delta: "ok" }]);
  });

  it("cancels the stream when the reader stops early", async () => {
    let isCancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(line({ type: "text", delta: "a" })));
      },
      cancel() {
        isCancelled = true;
      },
    });
    for await (const _event of readEvents(stream)) break;
    expect(isCancelled).toBe(true);
  });
});
