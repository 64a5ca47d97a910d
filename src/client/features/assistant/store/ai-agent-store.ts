/**
 * The assistant's client state (spec §3, §4 "Conversations and logs"): settings and conversations persisted
 * under "ai-agent-store" in the signed-in user's storage, logs and the processing state in memory only.
 */

import { userStorage } from "@client/lib/user-storage";
import { type AssistantSettings, DEFAULT_ASSISTANT_SETTINGS } from "@shared/ai/settings";
import { useStore } from "zustand";
import { createJSONStorage, persist, type StateStorage } from "zustand/middleware";
import { createStore } from "zustand/vanilla";
import {
  type ChatMessage,
  type Conversation,
  MAX_CONVERSATIONS,
  type PersistedAiAgentState,
  persistedPart,
  restorePersistedState,
} from "./persisted-state";

export const AI_AGENT_STORE_KEY = "ai-agent-store";
const STORE_VERSION = 0;
export const MAX_LOGS = 100;
export const NEW_CONVERSATION_TITLE = "Nouvelle conversation";
const TITLE_LENGTH = 60;

export type LogEntry = { id: string; timestamp: string; [field: string]: unknown };

export type ProcessingState = { isProcessing: boolean; currentAction: string | null; progress: number };

export type NewChatMessage = Pick<ChatMessage, "role" | "content" | "actionResult">;

export type AiAgentState = PersistedAiAgentState & {
  logs: LogEntry[];
  processing: ProcessingState;
  updateSettings: (patch: Partial<AssistantSettings>) => void;
  resetSettings: () => void;
  /** Opens a new conversation at the front of the list, makes it current and returns its id. */
  startConversation: (title?: string) => string;
  addMessage: (conversationId: string, message: NewChatMessage) => ChatMessage | undefined;
  selectConversation: (id: string | null) => void;
  deleteConversation: (id: string) => void;
  clearConversations: () => void;
  addLog: (entry: Record<string, unknown>) => LogEntry;
  clearLogs: () => void;
  setProcessing: (patch: Partial<ProcessingState>) => void;
  resetProcessing: () => void;
};

const IDLE: ProcessingState = { isProcessing: false, currentAction: null, progress: 0 };

// randomUUID exists only in secure contexts; a LAN address served over http must still get ids.
function createId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** A conversation is named after the user's first message, cut to fit one line of the list. */
function titleFrom(content: string): string {
  const line = content.trim().replace(/\s+/g, " ");
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}

/** A store on the given storage; the app uses the one below, tests pass an in-memory storage. */
export function createAiAgentStore(getStorage: () => StateStorage) {
  return createStore<AiAgentState>()(
    persist<AiAgentState, [], [], PersistedAiAgentState>(
      (set, get) => ({
        settings: DEFAULT_ASSISTANT_SETTINGS,
        conversations: [],
        currentConversationId: null,
        logs: [],
        processing: IDLE,

        updateSettings: (patch) => set((state) => ({ settings: { ...state.settings, ...patch } })),
        resetSettings: () => set({ settings: DEFAULT_ASSISTANT_SETTINGS }),

        startConversation: (title = NEW_CONVERSATION_TITLE) => {
          const now = new Date().toISOString();
          const conversation: Conversation = {
            id: createId(),
            title,
            messages: [],
            createdAt: now,
            updatedAt: now,
          };
          set((state) => ({
            conversations: [conversation, ...state.conversations].slice(0, MAX_CONVERSATIONS),
            currentConversationId: conversation.id,
          }));
          return conversation.id;
        },

        addMessage: (conversationId, message) => {
          if (!get().conversations.some(({ id }) => id === conversationId)) return undefined;
          const created: ChatMessage = { ...message, id: createId(), timestamp: new Date().toISOString() };
          set((state) => ({
            conversations: state.conversations.map((conversation) =>
              conversation.id === conversationId
                ? {
                    ...conversation,
                    title:
                      conversation.title === NEW_CONVERSATION_TITLE && message.role === "user"
                        ? titleFrom(message.content)
                        : conversation.title,
                    messages: [...conversation.messages, created],
                    updatedAt: created.timestamp,
                  }
                : conversation,
            ),
          }));
          return created;
        },

        selectConversation: (id) => set({ currentConversationId: id }),

        deleteConversation: (id) =>
          set((state) => ({
            conversations: state.conversations.filter((conversation) => conversation.id !== id),
            currentConversationId: state.currentConversationId === id ? null : state.currentConversationId,
          })),

        clearConversations: () => set({ conversations: [], currentConversationId: null }),

        addLog: (entry) => {
          const log: LogEntry = { ...entry, id: createId(), timestamp: new Date().toISOString() };
          set((state) => ({ logs: [log, ...state.logs].slice(0, MAX_LOGS) }));
          return log;
        },

        clearLogs: () => set({ logs: [] }),

        setProcessing: (patch) => set((state) => ({ processing: { ...state.processing, ...patch } })),
        resetProcessing: () => set({ processing: IDLE }),
      }),
      {
        name: AI_AGENT_STORE_KEY,
        version: STORE_VERSION,
        storage: createJSONStorage(getStorage),
        partialize: persistedPart,
        // A stored state of another version is not translated field by field: what still fits is kept,
        // the rest takes its default. The same check runs on every hydration, for edits made by hand.
        migrate: (stored) => restorePersistedState(stored),
        merge: (stored, current) => ({ ...current, ...restorePersistedState(stored) }),
      },
    ),
  );
}

export type AiAgentStore = ReturnType<typeof createAiAgentStore>;

/**
 * The app's store, hydrated from local storage when this module loads (spec §4), and again, emptied first,
 * whenever another account signs in: one user's conversations are never shown to the next.
 */
export const aiAgentStore = createAiAgentStore(() => userStorage.storage);
userStorage.register(aiAgentStore);

export function useAiAgentStore<T>(selector: (state: AiAgentState) => T): T {
  return useStore(aiAgentStore, selector);
}
