import type { ChatEvent } from "@shared/schemas/assistant";
import { expect } from "vitest";
import { call } from "./accounts";
import type { TestContext } from "./test-app";

/** Sends one message and reads the streamed events (one JSON object per line). */
export async function chat(
  ctx: TestContext,
  cookie: string,
  content: string,
  options: { confirmBeforeAction?: boolean } = {},
): Promise<ChatEvent[]> {
  const response = await call(ctx, "/api/assistant/chat", {
    method: "POST",
    cookie,
    body: { messages: [{ role: "user", content }], ...options },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/x-ndjson");
  const text = await response.text();
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ChatEvent);
}

export const textOf = (events: ChatEvent[]) =>
  events.flatMap((event) => (event.type === "text" ? [event.delta] : [])).join("");
export const only = <T extends ChatEvent["type"]>(events: ChatEvent[], type: T) =>
  events.filter((event): event is Extract<ChatEvent, { type: T }> => event.type === type);
