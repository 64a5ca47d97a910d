import type { Env } from "../../env";

/**
 * The models an OpenAI-compatible server offers (Ollama, LM Studio, vLLM…: `GET /v1/models`), so the user
 * can pick its own ids ("llama3.1") instead of having them replaced by a catalogue model it does not serve.
 * Read at most once a minute; a server that does not answer lists nothing (the catalogue stays usable).
 */
const CACHE_MS = 60_000;
const LIST_TIMEOUT_MS = 2_000;

let cached: { baseUrl: string; at: number; ids: string[] } | undefined;

export async function listServerModels(
  env: Pick<Env, "OPENAI_BASE_URL" | "OPENAI_API_KEY">,
  now = Date.now(),
): Promise<string[]> {
  const baseUrl = env.OPENAI_BASE_URL;
  if (!baseUrl) return [];
  if (cached && cached.baseUrl === baseUrl && now - cached.at < CACHE_MS) return cached.ids;
  let ids: string[] = [];
  try {
    const response = await fetch(`${baseUrl.replace(/\/+$/, "")}/models`, {
      headers: env.OPENAI_API_KEY ? { authorization: `Bearer ${env.OPENAI_API_KEY}` } : {},
      signal: AbortSignal.timeout(LIST_TIMEOUT_MS),
    });
    if (response.ok) {
      const body = (await response.json()) as { data?: { id?: unknown }[] };
      ids = (body.data ?? []).map((model) => model.id).filter((id): id is string => typeof id === "string");
    }
  } catch {
    // Unreachable or not OpenAI-compatible: nothing to add to the catalogue.
  }
  cached = { baseUrl, at: now, ids };
  return ids;
}
