/**
 * The part of the assistant's state kept in the browser (spec §3 "Assistant settings", "Conversation list"),
 * its limits (spec §9: 50 conversations in memory, 20 persisted) and how it is read back: whatever is in
 * local storage came from an older build or another tab, so it is checked item by item, never trusted.
 */

import { type AssistantSettings, restoreAssistantSettings } from "@shared/ai/settings";
import { z } from "zod";

export const MAX_CONVERSATIONS = 50;
export const MAX_PERSISTED_CONVERSATIONS = 20;

const actionResultSchema = z.object({
  type: z.string(),
  success: z.boolean(),
  data: z.unknown().optional(),
  message: z.string(),
  /** In memory only: persistedPart drops it (see actionResult in @shared/schemas/assistant). */
  secret: z.object({ kind: z.enum(["jeton", "secret"]), label: z.string(), value: z.string() }).optional(),
});

const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  /** ISO 8601. */
  timestamp: z.string(),
  /** The box under an assistant message: Succès or Échec, with the type and message (spec §2). */
  actionResult: actionResultSchema.optional(),
});

const conversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  messages: z.array(chatMessageSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type ActionResult = z.infer<typeof actionResultSchema>;
const withoutSecret = ({ secret: _secret, ...result }: ActionResult): ActionResult => result;
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export type Conversation = z.infer<typeof conversationSchema>;

export type PersistedAiAgentState = {
  settings: AssistantSettings;
  conversations: Conversation[];
  currentConversationId: string | null;
};

/** What goes to local storage: the settings, the 20 newest conversations, and the current id if among them. */
export function persistedPart(state: PersistedAiAgentState): PersistedAiAgentState {
  const conversations = state.conversations.slice(0, MAX_PERSISTED_CONVERSATIONS);
  const isCurrentKept = conversations.some(({ id }) => id === state.currentConversationId);
  return {
    settings: state.settings,
    // A result's one-time secret (a new API token) is shown in this tab only, never written to storage.
    conversations: conversations.map((conversation) => ({
      ...conversation,
      messages: conversation.messages.map(({ actionResult, ...message }) =>
        actionResult ? { ...message, actionResult: withoutSecret(actionResult) } : message,
      ),
    })),
    currentConversationId: isCurrentKept ? state.currentConversationId : null,
  };
}

/**
 * The stored state made safe: defaults for the settings that are missing or invalid, the valid
 * conversations only (a damaged one is dropped, not the whole list), and no current id pointing nowhere.
 */
export function restorePersistedState(stored: unknown): PersistedAiAgentState {
  const record = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  const storedConversations = Array.isArray(record.conversations) ? record.conversations : [];
  const conversations = storedConversations
    .flatMap((item) => {
      const parsed = conversationSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    })
    .slice(0, MAX_CONVERSATIONS);
  const currentId = record.currentConversationId;
  return {
    settings: restoreAssistantSettings(record.settings),
    conversations,
    currentConversationId:
      typeof currentId === "string" && conversations.some(({ id }) => id === currentId) ? currentId : null,
  };
}
