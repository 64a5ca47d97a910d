/**
 * The assistant's settings (spec §3, kept in the browser under "ai-agent-store") and the token budgets of
 * each kind of request (spec §9).
 */

import { z } from "zod";

export const assistantSettingsSchema = z.object({
  /** Off in "Mode Agent" (spec §4): actions then run without asking. */
  confirmBeforeAction: z.boolean(),
  autoExecute: z.boolean(),
  debugMode: z.boolean(),
  /** A catalogue id, or the own id of a model an OpenAI-compatible server lists (Ollama's "llama3.1"). */
  preferredModel: z.string().trim().min(1, "Modèle inconnu").max(100, "Modèle inconnu"),
  maxTokens: z.number().int().positive(),
  temperature: z.number().min(0).max(2),
});

export type AssistantSettings = z.infer<typeof assistantSettingsSchema>;

export const DEFAULT_ASSISTANT_SETTINGS: AssistantSettings = {
  confirmBeforeAction: true,
  autoExecute: false,
  debugMode: false,
  preferredModel: "openai/gpt-5",
  maxTokens: 1500,
  temperature: 0.7,
};

/**
 * Settings read back from storage: each valid stored field is kept and any missing or invalid one (an empty
 * model id, a string where a number belongs) takes its default, so one bad field
 * does not reset the others.
 */
export function restoreAssistantSettings(stored: unknown): AssistantSettings {
  const record = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = { ...DEFAULT_ASSISTANT_SETTINGS };
  for (const [key, field] of Object.entries(assistantSettingsSchema.shape)) {
    const parsed = field.safeParse(record[key]);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as AssistantSettings;
}

/** Without a temperature, the request uses the user's setting (default 0.7). */
export type GenerationPreset = { maxTokens: number; temperature?: number };

/** Spec §9 "Tokens and temperature": one budget per kind of request. */
export const GENERATION_PRESETS = {
  intentAnalysis: { maxTokens: 500 },
  mainAnswer: { maxTokens: 1500 },
  document: { maxTokens: 1000, temperature: 0.7 },
  autonomous: { maxTokens: 4000, temperature: 0.8 },
} as const satisfies Record<string, GenerationPreset>;
