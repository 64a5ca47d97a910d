import { z } from "zod";

/**
 * Request bodies of the two AI proxy functions (ai-assistant.txt §7 "Function calls"). Only zod: this file
 * can move to src/shared/schemas once a client form sends these requests.
 */

/** Spec §9: the assistant's defaults when the caller gives none (1500 tokens, temperature 0.7). */
export const DEFAULT_MAX_TOKENS = 1500;
export const DEFAULT_TEMPERATURE = 0.7;
/** Spec §7: the OpenRouter proxy's own default budget. */
export const OPENROUTER_DEFAULT_MAX_TOKENS = 4000;
/** The largest answer a caller may ask for; the daily quota bounds the rest. */
export const MAX_OUTPUT_TOKENS = 16_000;

const model = z
  .string({ error: "Indiquez le modèle." })
  .trim()
  .min(1, "Indiquez le modèle.")
  .max(100, "Le nom du modèle est trop long.")
  .regex(/^[\w.:/-]+$/, "Le nom du modèle est invalide.");

const messages = z
  .array(
    z.object({
      role: z.enum(["system", "user", "assistant"], {
        error: "Le rôle doit être system, user ou assistant.",
      }),
      content: z
        .string({ error: "Le contenu du message doit être un texte." })
        .max(50_000, "Un message est trop long."),
    }),
    { error: "Les messages doivent être une liste." },
  )
  .min(1, "Envoyez au moins un message.")
  .max(100, "Pas plus de 100 messages par requête.");

const tokens = z
  .number({ error: "Le nombre de jetons doit être un nombre." })
  .int("Le nombre de jetons doit être un entier.")
  .min(1, "Le nombre de jetons doit être positif.")
  .max(MAX_OUTPUT_TOKENS, `Pas plus de ${MAX_OUTPUT_TOKENS} jetons par réponse.`);

const temperature = z
  .number({ error: "La température doit être un nombre." })
  .min(0, "La température va de 0 à 2.")
  .max(2, "La température va de 0 à 2.");

export type ProxyMessage = z.infer<typeof messages>[number];

/** What both proxies forward: the model, the messages and the generation settings in the provider's names. */
export type ProxyRequest = {
  model: string;
  messages: ProxyMessage[];
  settings: { max_tokens?: number; max_completion_tokens?: number; temperature?: number };
};

/**
 * OpenAI's reasoning models (GPT-5 family, o1, o3, o4…) take `max_completion_tokens` and refuse a
 * temperature; older chat models take `max_tokens` and a temperature.
 */
export function usesCompletionTokens(modelId: string): boolean {
  return /^(?:openai\/)?(?:gpt-5|o[1-9](?:$|-))/i.test(modelId);
}

export const openAiProxyRequest = z
  .object({
    model,
    messages,
    max_completion_tokens: tokens.optional(),
    max_tokens: tokens.optional(),
    temperature: temperature.optional(),
  })
  .superRefine((body, ctx) => {
    if (usesCompletionTokens(body.model)) {
      if (body.max_tokens !== undefined)
        ctx.addIssue({
          code: "custom",
          path: ["max_tokens"],
          message: "Ce modèle attend max_completion_tokens au lieu de max_tokens.",
        });
      if (body.temperature !== undefined)
        ctx.addIssue({
          code: "custom",
          path: ["temperature"],
          message: "Ce modèle n'accepte pas de température.",
        });
    } else if (body.max_completion_tokens !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["max_completion_tokens"],
        message: "Ce modèle attend max_tokens (avec une température) au lieu de max_completion_tokens.",
      });
    }
  })
  .transform(
    ({ model, messages, max_completion_tokens, max_tokens, temperature }): ProxyRequest => ({
      // The model catalogue names models the OpenRouter way ("openai/gpt-5"); OpenAI knows them as "gpt-5".
      model: model.replace(/^openai\//i, ""),
      messages,
      settings: usesCompletionTokens(model)
        ? { max_completion_tokens: max_completion_tokens ?? DEFAULT_MAX_TOKENS }
        : { max_tokens: max_tokens ?? DEFAULT_MAX_TOKENS, temperature: temperature ?? DEFAULT_TEMPERATURE },
    }),
  );

/** OpenRouter translates max_tokens and temperature for every model it routes to. */
export const openRouterProxyRequest = z
  .object({
    model,
    messages,
    max_tokens: tokens.default(OPENROUTER_DEFAULT_MAX_TOKENS),
    temperature: temperature.default(DEFAULT_TEMPERATURE),
  })
  .transform(
    ({ model, messages, max_tokens, temperature }): ProxyRequest => ({
      model,
      messages,
      settings: { max_tokens, temperature },
    }),
  );
