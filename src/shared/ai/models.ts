/**
 * The AI models the assistant can use (spec §9 "Model choice and catalogue"), read by the server to pick
 * the model of a request and by the client's model selector.
 *
 * How the spec's two lists are read: it puts "openai/gpt-4o, gpt-4o-mini and two Claude 3.5 variants" under
 * the first provider, but OpenAI's API serves no Claude model and "openai/…" is OpenRouter's naming. So the
 * direct OpenAI provider carries gpt-4o (the main model) and gpt-4o-mini, and OpenRouter carries GPT-5,
 * GPT-5 mini, GPT-4.1, GPT-4o and the two Claude 3.5 variants. GPT-4o is then reachable both ways, which
 * keeps the main model available when only an OpenRouter key is configured.
 */

import { fold } from "@shared/fold";

export type ModelProvider = "openai" | "openrouter";

/** Provider order of spec §4: OpenAI first, then OpenRouter (then the local engine, outside the catalogue). */
export const PROVIDER_ORDER: readonly ModelProvider[] = ["openai", "openrouter"];

export type AiModel = {
  /** The provider's own model id, sent as is in the request. */
  id: string;
  name: string;
  description: string;
  provider: ModelProvider;
  /**
   * Euros per 1 000 tokens. The spec prices only the main, mini, sonnet and haiku models; for the others it
   * gives no figure and the catalogue does not invent one (null: billed at OpenRouter's rate).
   */
  pricePer1kTokensEur: number | null;
  /** Tokens. The spec knows two sizes, 128 000 and 200 000; larger windows are shown as "128K+". */
  contextWindow: number;
  capabilities: { autonomous: boolean; vision: boolean; reasoning: boolean };
  /** Relative ratings from 1 to 5, for sorting and hints in the selector. */
  quality: number;
  speed: number;
};

export const MAIN_MODEL_ID = "gpt-4o";
export const MINI_MODEL_ID = "gpt-4o-mini";

const MAIN_PRICE = 0.005;
const MINI_PRICE = 0.0003;
const CONTEXT_128K = 128_000;
const CONTEXT_200K = 200_000;

export const AI_MODELS: readonly AiModel[] = [
  {
    id: MAIN_MODEL_ID,
    name: "GPT-4o",
    description: "Modèle principal : comprend les images et peut enchaîner les actions en mode autonome.",
    provider: "openai",
    pricePer1kTokensEur: MAIN_PRICE,
    contextWindow: CONTEXT_128K,
    capabilities: { autonomous: true, vision: true, reasoning: false },
    quality: 4,
    speed: 4,
  },
  {
    id: MINI_MODEL_ID,
    name: "GPT-4o mini",
    description: "Rapide et économique, pour les demandes simples et urgentes.",
    provider: "openai",
    pricePer1kTokensEur: MINI_PRICE,
    contextWindow: CONTEXT_128K,
    capabilities: { autonomous: false, vision: true, reasoning: false },
    quality: 3,
    speed: 5,
  },
  {
    id: "openai/gpt-5",
    name: "GPT-5",
    description: "Le plus capable pour raisonner sur une demande complexe, via OpenRouter.",
    provider: "openrouter",
    pricePer1kTokensEur: null,
    contextWindow: CONTEXT_128K,
    capabilities: { autonomous: false, vision: true, reasoning: true },
    quality: 5,
    speed: 3,
  },
  {
    id: "openai/gpt-5-mini",
    name: "GPT-5 mini",
    description: "Raisonnement rapide à moindre coût, via OpenRouter.",
    provider: "openrouter",
    pricePer1kTokensEur: null,
    contextWindow: CONTEXT_128K,
    capabilities: { autonomous: false, vision: true, reasoning: true },
    quality: 4,
    speed: 4,
  },
  {
    id: "openai/gpt-4.1",
    name: "GPT-4.1",
    description: "Précis sur les longs documents et les consignes détaillées, via OpenRouter.",
    provider: "openrouter",
    pricePer1kTokensEur: null,
    contextWindow: CONTEXT_128K,
    capabilities: { autonomous: false, vision: true, reasoning: false },
    quality: 4,
    speed: 4,
  },
  {
    id: "openai/gpt-4o",
    name: "GPT-4o (OpenRouter)",
    description: "Le modèle principal, servi par OpenRouter quand la clé OpenAI n'est pas configurée.",
    provider: "openrouter",
    pricePer1kTokensEur: MAIN_PRICE,
    contextWindow: CONTEXT_128K,
    capabilities: { autonomous: false, vision: true, reasoning: false },
    quality: 4,
    speed: 4,
  },
  {
    id: "anthropic/claude-3.5-sonnet",
    name: "Claude 3.5 Sonnet",
    description: "Rédaction soignée et analyse de documents, via OpenRouter.",
    provider: "openrouter",
    pricePer1kTokensEur: 0.003,
    contextWindow: CONTEXT_200K,
    capabilities: { autonomous: false, vision: true, reasoning: false },
    quality: 4,
    speed: 4,
  },
  {
    id: "anthropic/claude-3.5-haiku",
    name: "Claude 3.5 Haiku",
    description: "Réponses courtes et rapides, via OpenRouter.",
    provider: "openrouter",
    pricePer1kTokensEur: 0.0008,
    contextWindow: CONTEXT_200K,
    capabilities: { autonomous: false, vision: false, reasoning: false },
    quality: 3,
    speed: 5,
  },
];

export function findModel(id: string): AiModel | undefined {
  return AI_MODELS.find((model) => model.id === id);
}

/** The selector's badge: "200K+" or "128K+" (spec §2), the thousands otherwise. */
export function contextBadge(contextWindow: number): string {
  if (contextWindow >= CONTEXT_200K) return "200K+";
  if (contextWindow >= CONTEXT_128K) return "128K+";
  return `${Math.floor(contextWindow / 1000)}K`;
}

export type ModelIntent = "top" | "fast" | "default";

// Folded (lower case, no accents) and matched as whole words, so "vite" does not fire inside "invite".
const TOP_WORDS = [
  "autonome",
  "autonomes",
  "autonomie",
  "complexe",
  "complexes",
  "analyse approfondie",
  "approfondie",
  "approfondi",
  "en profondeur",
  "image",
  "images",
  "photo",
  "photos",
  "visuel",
  "visuels",
  "visuelle",
  "visuelles",
  "capture d'ecran",
];
const FAST_WORDS = [
  "urgent",
  "urgente",
  "urgence",
  "vite",
  "rapide",
  "rapidement",
  "tout de suite",
  "immediatement",
  "asap",
];

const wordsPattern = (words: readonly string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join("|")})(?![\\p{L}\\p{N}])`, "u");
const TOP_PATTERN = wordsPattern(TOP_WORDS);
const FAST_PATTERN = wordsPattern(FAST_WORDS);

/**
 * What a request asks of the model (spec §9). Autonomous, complex or visual wins over urgent: "analyse
 * complexe, c'est urgent" still needs the capable model, and a fast wrong answer saves nothing.
 */
export function detectModelIntent(text: string): ModelIntent {
  const folded = fold(text);
  if (TOP_PATTERN.test(folded)) return "top";
  if (FAST_PATTERN.test(folded)) return "fast";
  return "default";
}

// For each intent, the models to try in order; the first whose provider is configured wins.
const CANDIDATES: Record<Exclude<ModelIntent, "default">, readonly string[]> = {
  top: [MAIN_MODEL_ID, "openai/gpt-4o"],
  fast: [MINI_MODEL_ID, "openai/gpt-5-mini"],
};
const DEFAULT_CANDIDATES = [MAIN_MODEL_ID, "openai/gpt-4o"];

/**
 * The model for one request, or null when no provider is configured (the local engine answers then).
 * The user's own choice wins when its provider is available: keywords ("vite", "analyse approfondie") only
 * pick a model for requests without a usable choice, then the main model through the first available provider.
 */
export function chooseModel(
  text: string,
  available: readonly ModelProvider[],
  preferredModelId?: string,
): AiModel | null {
  const preferred = preferredModelId ? findModel(preferredModelId) : undefined;
  if (preferred && available.includes(preferred.provider)) return preferred;
  const intent = detectModelIntent(text);
  const candidates = intent === "default" ? DEFAULT_CANDIDATES : CANDIDATES[intent];
  for (const id of candidates) {
    const model = findModel(id);
    if (model && available.includes(model.provider)) return model;
  }
  return null;
}

/** Provider names as the user reads them. */
export const PROVIDER_NAMES: Record<ModelProvider, string> = { openai: "OpenAI", openrouter: "OpenRouter" };
