import type { ActionResult, ChatEvent, ChatMessageInput } from "@shared/schemas/assistant";
import { expect } from "vitest";
import { call } from "./accounts";
import type { TestContext } from "./test-app";

/** Sends one message and reads the streamed events (one JSON object per line). */
export function chat(
  ctx: TestContext,
  cookie: string,
  content: string,
  options: { confirmBeforeAction?: boolean } = {},
): Promise<ChatEvent[]> {
  return chatTurn(ctx, cookie, [{ role: "user", content }], options);
}

async function chatTurn(
  ctx: TestContext,
  cookie: string,
  messages: ChatMessageInput[],
  options: { confirmBeforeAction?: boolean } = {},
): Promise<ChatEvent[]> {
  const response = await call(ctx, "/api/assistant/chat", {
    method: "POST",
    cookie,
    body: { messages, ...options },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/x-ndjson");
  const text = await response.text();
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ChatEvent);
}

/** The whole conversation sent at every turn, as the chat panel sends it (no conversation id: the harder case). */
export function conversation(ctx: TestContext, cookie: string) {
  const messages: ChatMessageInput[] = [];
  return async (content: string): Promise<{ text: string; events: ChatEvent[] }> => {
    messages.push({ role: "user", content });
    const events = await chatTurn(ctx, cookie, [...messages]);
    const text = textOf(events);
    messages.push({ role: "assistant", content: text });
    return { text, events };
  };
}

export const textOf = (events: ChatEvent[]) =>
  events.flatMap((event) => (event.type === "text" ? [event.delta] : [])).join("");
export const only = <T extends ChatEvent["type"]>(events: ChatEvent[], type: T) =>
  events.filter((event): event is Extract<ChatEvent, { type: T }> => event.type === type);

/**
 * The user's « Confirmer » on the one proposal of a turn (POST /api/assistant/proposals/:id/confirm), for
 * actions that always wait for it, agent mode or not; returns the action's result.
 */
export async function confirmProposalOf(
  ctx: TestContext,
  cookie: string,
  events: ChatEvent[],
): Promise<ActionResult> {
  expect(only(events, "result")).toEqual([]);
  const proposals = only(events, "proposal");
  expect(proposals).toHaveLength(1);
  const response = await call(ctx, `/api/assistant/proposals/${proposals[0]?.proposal.id}/confirm`, {
    method: "POST",
    cookie,
  });
  expect(response.status).toBe(200);
  return (await response.json()).result as ActionResult;
}
