import type { ActionResult, ChatEvent } from "@shared/schemas/assistant";
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
