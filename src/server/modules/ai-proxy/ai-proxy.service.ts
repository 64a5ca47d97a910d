import type { ModelProvider } from "@shared/ai/models";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { recordInteraction } from "../assistant/executions";
import { configuredProviders } from "../assistant/providers";
import { tokensLeftToday } from "../assistant/quota";
import type { ProxyRequest } from "./ai-proxy.schemas";
import { takeAiRequestSlot } from "./rate-limit";

const PROVIDERS = {
  openai: {
    label: "OpenAI",
    defaultBaseUrl: "https://api.openai.com/v1",
    // Spec §8 "AI": the texts the client already shows for these failures.
    invalidResponse: "Réponse OpenAI invalide.",
  },
  openrouter: {
    label: "OpenRouter",
    defaultBaseUrl: "https://openrouter.ai/api/v1",
    invalidResponse: "Réponse invalide du proxy OpenRouter.",
  },
} as const satisfies Record<ModelProvider, unknown>;

/** Spec §8: what the client shows when the function itself could not get an answer (unreachable, timeout). */
export const PROVIDER_UNREACHABLE = "Erreur Edge function.";
export const RATE_LIMITED = "Trop de requêtes à l'IA : réessayez dans une minute.";
export const QUOTA_REACHED = "Quota quotidien de l'IA atteint : il se renouvelle à minuit.";

/** The provider failed us, not the caller: 502, which the shared code catalogue has no code of its own for. */
export class ProviderFailure extends AppError {
  constructor(message: string) {
    super("unavailable", message);
  }

  override get status(): ContentfulStatusCode {
    return 502;
  }
}

/** A 429 that says when to come back (the route turns it into Retry-After). */
export class RetryLater extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super("rate_limited", message);
  }
}

/** The part of a Chat Completions answer the proxies rely on; the rest is passed through untouched. */
const providerCompletion = z.looseObject({
  choices: z.array(z.looseObject({ message: z.looseObject({ content: z.string() }) })).min(1),
  usage: z
    .looseObject({
      prompt_tokens: z.number().optional(),
      completion_tokens: z.number().optional(),
      total_tokens: z.number().optional(),
    })
    .nullish(),
});

export type ProviderCompletion = z.infer<typeof providerCompletion>;

export type AiProxyDeps = { db: Db; env: Env; logger: Logger };

/**
 * One chat completion through the server's own provider key (spec §7 secure-openai-proxy and
 * secure-openrouter-proxy): refused when the provider is not configured (503), above the user's per-minute
 * limit or daily token quota (429); a provider failure or timeout is a French 502. Each answer is recorded
 * in ai_task_executions, which the daily quota sums.
 */
export async function proxyChatCompletion(
  { db, env, logger }: AiProxyDeps,
  {
    userId,
    provider,
    request,
    now = new Date(),
  }: { userId: string; provider: ModelProvider; request: ProxyRequest; now?: Date },
): Promise<ProviderCompletion> {
  const texts = PROVIDERS[provider];
  if (!configuredProviders(env).includes(provider))
    throw new AppError("unavailable", `Le fournisseur ${texts.label} n'est pas configuré sur ce serveur.`);
  const slot = await takeAiRequestSlot(db, userId, now);
  if (!slot.isAllowed) throw new RetryLater(RATE_LIMITED, slot.retryAfterSeconds);
  if ((await tokensLeftToday(db, env, userId, now)) <= 0) throw new RetryLater(QUOTA_REACHED);

  const body = { model: request.model, messages: request.messages, ...request.settings };
  let status: number;
  let text: string;
  try {
    // The timeout covers the body too: a provider that stalls mid-answer is as unusable as a silent one.
    const response = await fetch(`${baseUrl(env, provider)}/chat/completions`, {
      method: "POST",
      headers: providerHeaders(env, provider),
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(env.AI_TIMEOUT_MS),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    logger.warn({ err: error, provider, model: request.model }, "AI proxy: provider unreachable or too slow");
    throw new ProviderFailure(PROVIDER_UNREACHABLE);
  }
  const completion = status >= 200 && status < 300 ? providerCompletion.safeParse(parseJson(text)) : null;
  if (!completion?.success) {
    logger.warn(
      { provider, model: request.model, status, body: text.slice(0, 500) },
      "AI proxy: provider answer refused",
    );
    throw new ProviderFailure(texts.invalidResponse);
  }

  const content = completion.data.choices[0]?.message.content ?? "";
  await recordInteraction(
    db,
    userId,
    {
      taskType: "proxy",
      prompt: request.messages.findLast((message) => message.role === "user")?.content ?? "",
      result: content,
      provider,
      model: request.model,
      tokensUsed: tokensOf(completion.data, request, content),
    },
    now,
  );
  return completion.data;
}

function baseUrl(env: Env, provider: ModelProvider): string {
  const configured = provider === "openai" ? env.OPENAI_BASE_URL : env.OPENROUTER_BASE_URL;
  return (configured ?? PROVIDERS[provider].defaultBaseUrl).replace(/\/+$/, "");
}

function providerHeaders(env: Env, provider: ModelProvider): Record<string, string> {
  const apiKey = provider === "openai" ? env.OPENAI_API_KEY : env.OPENROUTER_API_KEY;
  return {
    "content-type": "application/json",
    // A local OpenAI-compatible server (Ollama) is configured by its URL alone and takes no key.
    ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    // OpenRouter's optional attribution headers: which application the requests come from.
    ...(provider === "openrouter" ? { "http-referer": env.appUrl, "x-title": "Ardoise" } : {}),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The tokens the provider reports; when it reports none, an estimate (about 4 characters a token), so a
 * server that omits usage cannot be used to get around the daily quota.
 */
function tokensOf(completion: ProviderCompletion, request: ProxyRequest, content: string): number {
  const usage = completion.usage;
  const reported = usage?.total_tokens ?? (usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0);
  if (reported > 0) return Math.round(reported);
  const characters = request.messages.reduce((sum, message) => sum + message.content.length, content.length);
  return Math.ceil(characters / 4);
}
