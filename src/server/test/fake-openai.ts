import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real OpenAI-compatible server on 127.0.0.1 for tests: POST …/chat/completions (so both `/v1` and
 * OpenRouter's `/api/v1` base URLs work), answered as JSON or as server-sent events, with tool calls and
 * usage in the Chat Completions format. The AI SDK providers and the proxies talk to it over real HTTP, so
 * a test exercises the same request building and response parsing as production.
 */

/** The JSON body a client posted (model, messages, stream, tools, max_tokens…), as received. */
export type ChatCompletionBody = {
  model?: string;
  messages?: Array<{ role: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  [field: string]: unknown;
};

export type FakeToolCall = { id?: string; name: string; arguments: Record<string, unknown> | string };

export type FakeReply =
  | {
      text?: string;
      toolCalls?: FakeToolCall[];
      /** Default: "tool_calls" when there are tool calls, "stop" otherwise. */
      finishReason?: string;
      usage?: { promptTokens: number; completionTokens: number };
      delayMs?: number;
      /** Streams this many words, then stays silent this long (a provider stalling mid-answer). */
      stall?: { afterWords: number; ms: number };
    }
  /** An error answer: OpenAI's `{ error: { message, type } }` with this status. */
  | { status: number; message?: string; delayMs?: number }
  /** Anything else, verbatim (a broken body, a proxy's HTML page…). */
  | { raw: string; status?: number; contentType?: string; delayMs?: number };

/** `index` is the request's position in `requests` (emptying that array starts a sequence over). */
export type FakeRequestContext = { index: number; path: string; headers: IncomingHttpHeaders };

/**
 * Decides each answer: one reply for every request, a sequence (the last one repeats), or a function of
 * the request (e.g. a text once `messages` holds a `tool` result, a tool call before).
 */
export type FakeScript =
  | FakeReply
  | FakeReply[]
  | ((body: ChatCompletionBody, context: FakeRequestContext) => FakeReply | Promise<FakeReply>);

export type FakeOpenAIOptions = {
  /**
   * When a stream ends with a usage chunk: "on-request" as OpenAI does (`stream_options.include_usage`,
   * which @ai-sdk/openai always sets), or "always" as OpenRouter does, whose SDK provider does not ask.
   */
  usageInStream?: "on-request" | "always";
  /** Model ids listed at GET …/models, as Ollama or LM Studio list theirs. */
  models?: string[];
};

export type FakeOpenAI = {
  /** Base URL ending in /v1, for `baseURL` or OPENAI_BASE_URL / OPENROUTER_BASE_URL. */
  url: string;
  /** Every chat completion body received, in order. */
  requests: ChatCompletionBody[];
  close: () => Promise<void>;
};

/** What a reply without `usage` reports: fixed numbers, so a test can predict the recorded tokens. */
export const FAKE_DEFAULT_USAGE = { promptTokens: 12, completionTokens: 8 };

export async function startFakeOpenAI(
  script: FakeScript,
  options: FakeOpenAIOptions = {},
): Promise<FakeOpenAI> {
  const requests: ChatCompletionBody[] = [];
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        sendJson(response, 500, { error: { message: String(error), type: "fake_error" } });
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? "/", "http://fake").pathname;
    if (request.method === "GET" && path.endsWith("/models") && options.models) {
      sendJson(response, 200, {
        object: "list",
        data: options.models.map((id) => ({ id, object: "model", created: 0, owned_by: "fake" })),
      });
      return;
    }
    if (request.method !== "POST" || !path.endsWith("/chat/completions")) {
      sendJson(response, 404, {
        error: { message: `No route for ${request.method} ${path}`, type: "not_found" },
      });
      return;
    }
    let body: ChatCompletionBody;
    try {
      body = JSON.parse(await readBody(request)) as ChatCompletionBody;
    } catch {
      sendJson(response, 400, { error: { message: "Invalid JSON body", type: "invalid_request_error" } });
      return;
    }
    const index = requests.push(body) - 1;
    const reply = await pickReply(script, body, { index, path, headers: request.headers });
    if (reply.delayMs) {
      // A client that gives up (timeout, abort) must not keep the reply pending.
      const isGone = await waitUnlessClosed(request, reply.delayMs);
      if (isGone) return;
    }
    if ("raw" in reply) {
      response.writeHead(reply.status ?? 200, { "content-type": reply.contentType ?? "application/json" });
      response.end(reply.raw);
    } else if ("status" in reply) {
      sendJson(response, reply.status, {
        error: { message: reply.message ?? `Fake error ${reply.status}`, type: "server_error", code: null },
      });
    } else if (body.stream) {
      const isUsageWanted = options.usageInStream === "always" || body.stream_options?.include_usage === true;
      await streamCompletion(request, response, body, reply, isUsageWanted);
    } else {
      sendJson(response, 200, completion(body, reply));
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Keep-alive sockets and delayed replies would otherwise hold close() open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type TextReply = Exclude<FakeReply, { status: number } | { raw: string }>;

async function pickReply(
  script: FakeScript,
  body: ChatCompletionBody,
  context: FakeRequestContext,
): Promise<FakeReply> {
  if (typeof script === "function") return script(body, context);
  if (Array.isArray(script)) {
    const reply = script[Math.min(context.index, script.length - 1)];
    if (!reply) throw new Error("startFakeOpenAI: empty script");
    return reply;
  }
  return script;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/** Resolves true if the client closed the connection before the delay ran out. */
function waitUnlessClosed(request: IncomingMessage, delayMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      request.socket.off("close", onClose);
      resolve(false);
    }, delayMs);
    request.socket.once("close", onClose);
  });
}

function sendJson(response: ServerResponse, status: number, payload: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(payload));
}

function usageOf(reply: TextReply) {
  const { promptTokens, completionTokens } = reply.usage ?? FAKE_DEFAULT_USAGE;
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

function finishReasonOf(reply: TextReply) {
  return reply.finishReason ?? (reply.toolCalls?.length ? "tool_calls" : "stop");
}

function toolCallsOf(reply: TextReply) {
  return (reply.toolCalls ?? []).map((call, index) => ({
    id: call.id ?? `call_fake_${index}_${randomUUID().slice(0, 8)}`,
    type: "function" as const,
    function: {
      name: call.name,
      arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments),
    },
  }));
}

function header(body: ChatCompletionBody) {
  return {
    id: `chatcmpl-fake-${randomUUID()}`,
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? "fake",
  };
}

function completion(body: ChatCompletionBody, reply: TextReply) {
  const toolCalls = toolCallsOf(reply);
  return {
    ...header(body),
    object: "chat.completion",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: reply.text ?? null,
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: finishReasonOf(reply),
      },
    ],
    usage: usageOf(reply),
  };
}

/**
 * The stream as OpenAI sends it: the text in several deltas (so clients must join them), each tool call
 * opened with its id and name then its arguments in two pieces, a chunk with the finish reason, the usage
 * in a chunk without choices, then [DONE].
 */
async function streamCompletion(
  request: IncomingMessage,
  response: ServerResponse,
  body: ChatCompletionBody,
  reply: TextReply,
  isUsageWanted: boolean,
) {
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  const base = { ...header(body), object: "chat.completion.chunk" };
  const send = (payload: unknown) => response.write(`data: ${JSON.stringify(payload)}\n\n`);
  const delta = (fields: Record<string, unknown>, finishReason: string | null = null) =>
    send({ ...base, choices: [{ index: 0, delta: fields, finish_reason: finishReason }] });

  delta({ role: "assistant", content: "" });
  for (const [index, piece] of (reply.text?.match(/\S+\s*|\s+/g) ?? []).entries()) {
    if (reply.stall && index === reply.stall.afterWords && (await waitUnlessClosed(request, reply.stall.ms)))
      return;
    delta({ content: piece });
  }
  toolCallsOf(reply).forEach((call, index) => {
    delta({
      tool_calls: [
        { index, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } },
      ],
    });
    const half = Math.ceil(call.function.arguments.length / 2);
    for (const piece of [call.function.arguments.slice(0, half), call.function.arguments.slice(half)])
      if (piece) delta({ tool_calls: [{ index, function: { arguments: piece } }] });
  });
  delta({}, finishReasonOf(reply));
  if (isUsageWanted) send({ ...base, choices: [], usage: usageOf(reply) });
  response.end("data: [DONE]\n\n");
}
