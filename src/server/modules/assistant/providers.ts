import { createOpenAI } from "@ai-sdk/openai";
import { createOpenRouter } from "@openrouter/ai-sdk-provider";
import { AI_MODELS, chooseModel, type ModelProvider, PROVIDER_ORDER } from "@shared/ai/models";
import type { LanguageModel } from "ai";
import type { Env } from "../../env";

export type ProviderAttempt = { provider: ModelProvider; modelId: string; model: LanguageModel };

/** The AI providers this server can reach: a key each (OPENAI_BASE_URL alone is enough for a local server such as Ollama). */
export function configuredProviders(env: Env): ModelProvider[] {
  return PROVIDER_ORDER.filter((provider) =>
    provider === "openai"
      ? Boolean(env.OPENAI_API_KEY || env.OPENAI_BASE_URL)
      : Boolean(env.OPENROUTER_API_KEY),
  );
}

export function availableModelIds(env: Env): string[] {
  const providers = configuredProviders(env);
  return AI_MODELS.filter((model) => providers.includes(model.provider)).map((model) => model.id);
}

/**
 * The providers to try for one request, in the spec's order (OpenAI, then OpenRouter; the local engine comes
 * after, outside this list), each with the model the user's choice, then the request's words, select there.
 * A model that an OpenAI-compatible server lists (`serverModels`, Ollama's "llama3.1") is used as chosen;
 * and such a server is never sent a catalogue id it does not list.
 */
export function providerAttempts(
  env: Env,
  text: string,
  preferredModelId?: string,
  serverModels: readonly string[] = [],
): ProviderAttempt[] {
  return configuredProviders(env).flatMap((provider) => {
    const modelId = modelFor(provider, text, preferredModelId, serverModels);
    return modelId ? [{ provider, modelId, model: languageModel(env, provider, modelId) }] : [];
  });
}

function modelFor(
  provider: ModelProvider,
  text: string,
  preferredModelId: string | undefined,
  serverModels: readonly string[],
): string | undefined {
  const isServerModel = provider === "openai" && serverModels.length > 0;
  if (isServerModel && preferredModelId && serverModels.includes(preferredModelId)) return preferredModelId;
  const chosen = chooseModel(text, [provider], preferredModelId)?.id;
  if (isServerModel && (!chosen || !serverModels.includes(chosen))) return serverModels[0];
  return chosen;
}

/** Chat Completions on both sides: the one API every OpenAI-compatible server (Ollama, LM Studio…) speaks. */
export function languageModel(env: Env, provider: ModelProvider, modelId: string): LanguageModel {
  if (provider === "openai")
    return createOpenAI({ apiKey: env.OPENAI_API_KEY ?? "local", baseURL: env.OPENAI_BASE_URL }).chat(
      modelId,
    );
  return createOpenRouter({ apiKey: env.OPENROUTER_API_KEY, baseURL: env.OPENROUTER_BASE_URL }).chat(modelId);
}
