import { type ChatEvent, chatEvent } from "@shared/schemas/assistant";

/**
 * The chat answers with one JSON event per line (application/x-ndjson). A network chunk may end in the
 * middle of a line, or of a multi-byte character, so the text is decoded as a stream and a line is read
 * only once its newline has arrived.
 */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let isFinished = false;
  try {
    while (!isFinished) {
      const { done, value } = await reader.read();
      isFinished = done;
      buffer += decoder.decode(value, { stream: !done });
      const lines = buffer.split("\n");
      // After the last chunk the remainder is a whole line without its newline.
      buffer = done ? "" : (lines.pop() ?? "");
      for (const line of lines) {
        const event = parseEvent(line);
        if (event) yield event;
      }
    }
  } finally {
    // The reader stopped early (the caller broke out, or threw): the request need not run on.
    if (!isFinished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * A line that is not a known event is skipped rather than fatal: a newer server may send kinds of events
 * this build does not know yet, and the answer around them is still worth showing.
 */
function parseEvent(line: string): ChatEvent | null {
  const text = line.trim();
  if (text === "") return null;
  try {
    const parsed = chatEvent.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
