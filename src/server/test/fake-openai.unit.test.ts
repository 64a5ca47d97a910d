import { createOpenAI } from "@ai-sdk/openai";
import { createOpenRouter } from "@openrouter/ai-sdk-provider";
import { generateText, type LanguageModel, stepCountIs, streamText, tool } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type ChatCompletionBody,
  type FakeOpenAI,
  type FakeOpenAIOptions,
  type FakeScript,
  startFakeOpenAI,
} from "./fake-openai";

// The fake is only useful if both SDK providers the assistant uses accept what it sends.
// OpenAI sends a stream's usage when asked (the SDK always asks); OpenRouter always does, and its SDK never asks.
const providers: Array<{
  name: string;
  model: (url: string) => LanguageModel;
  fakeOptions: FakeOpenAIOptions;
}> = [
  {
    name: "@ai-sdk/openai",
    model: (url) => createOpenAI({ apiKey: "test", baseURL: url }).chat("gpt-4o"),
    fakeOptions: { usageInStream: "on-request" },
  },
  {
    name: "@openrouter/ai-sdk-provider",
    model: (url) => createOpenRouter({ apiKey: "test", baseURL: url }).chat("openai/gpt-5"),
    fakeOptions: { usageInStream: "always" },
  },
];

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function start(script: FakeScript, options?: FakeOpenAIOptions) {
  fake = await startFakeOpenAI(script, options);
  return fake;
}

const hasToolResult = (body: ChatCompletionBody) =>
  body.messages?.some((message) => message.role === "tool") ?? false;

describe.each(providers)("fake OpenAI server through $name", ({ model, fakeOptions }) => {
  it("answers a text and its usage", async () => {
    const server = await start({
      text: "Bonjour Camille !",
      usage: { promptTokens: 30, completionTokens: 5 },
    });

    const result = await generateText({
      model: model(server.url),
      system: "Réponds en français.",
      prompt: "Salut",
      maxRetries: 0,
    });

    expect(result.text).toBe("Bonjour Camille !");
    expect(result.finishReason).toBe("stop");
    expect(result.usage.totalTokens).toBe(35);
    expect(server.requests).toHaveLength(1);
    // OpenRouter's provider sends the system text as content parts, OpenAI's as a string.
    const messages = server.requests[0]?.messages ?? [];
    expect(messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(JSON.stringify(messages[0]?.content)).toContain("Réponds en français.");
    expect(messages[1]?.content).toBe("Salut");
  });

  it("streams a text in several deltas", async () => {
    const server = await start({ text: "Trois factures sont en retard." }, fakeOptions);

    const result = streamText({ model: model(server.url), prompt: "Factures en retard ?", maxRetries: 0 });
    const deltas: string[] = [];
    for await (const part of result.fullStream) if (part.type === "text-delta") deltas.push(part.text);

    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe("Trois factures sont en retard.");
    expect((await result.totalUsage).totalTokens).toBe(20);
    expect(server.requests[0]?.stream).toBe(true);
  });

  it("calls a tool, sends its result back, then answers", async () => {
    const server = await start((body) =>
      hasToolResult(body)
        ? { text: "Client Durand créé." }
        : {
            toolCalls: [
              { name: "create_client", arguments: { name: "Durand SARL", email: "contact@durand.fr" } },
            ],
          },
    );
    const created: unknown[] = [];

    const result = streamText({
      model: model(server.url),
      prompt: "Ajoute le client Durand SARL",
      tools: {
        create_client: tool({
          description: "Ajoute un client",
          inputSchema: z.object({ name: z.string(), email: z.string() }),
          execute: async (input) => {
            created.push(input);
            return { statut: "créé" };
          },
        }),
      },
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    });
    const types: string[] = [];
    for await (const part of result.fullStream) types.push(part.type);

    expect(created).toEqual([{ name: "Durand SARL", email: "contact@durand.fr" }]);
    expect(await result.text).toBe("Client Durand créé.");
    expect(types).toContain("tool-call");
    expect(types).toContain("tool-result");
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]?.tools?.[0]?.function.name).toBe("create_client");
    const toolMessage = server.requests[1]?.messages?.find((message) => message.role === "tool");
    expect(JSON.stringify(toolMessage?.content)).toContain("créé");
  });
});

describe("fake OpenAI server", () => {
  it("answers a non-streamed tool call in the Chat Completions format", async () => {
    const server = await start({
      toolCalls: [{ id: "call_1", name: "search_records", arguments: { dataType: "invoices" } }],
    });

    const response = await fetch(`${server.url}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: "Mes factures" }] }),
    });

    expect(await response.json()).toMatchObject({
      model: "gpt-4o",
      choices: [
        {
          message: {
            role: "assistant",
            content: null,
            tool_calls: [
              {
                id: "call_1",
                type: "function",
                function: { name: "search_records", arguments: '{"dataType":"invoices"}' },
              },
            ],
          },
          finish_reason: "tool_calls",
        },
      ],
      usage: { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 },
    });
  });

  it("plays a sequence of replies, the last one repeating, and answers OpenAI's error shape", async () => {
    const server = await start([{ status: 500, message: "boom" }, { text: "ok" }]);
    const post = () =>
      fetch(`${server.url}/chat/completions`, {
        method: "POST",
        body: JSON.stringify({ model: "m", messages: [] }),
      });

    const failed = await post();
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ error: { message: "boom", type: "server_error", code: null } });
    for (let i = 0; i < 2; i++) expect((await (await post()).json()).choices[0].message.content).toBe("ok");
  });

  it("lets a slow reply be abandoned by the client, and closes with it pending", async () => {
    const server = await start({ text: "trop tard", delayMs: 10_000 });
    const startedAt = Date.now();

    const attempt = generateText({
      model: providers[0]?.model(server.url) as LanguageModel,
      prompt: "Vite",
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(200),
    });

    await expect(attempt).rejects.toThrow();
    await server.close();
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });
});
