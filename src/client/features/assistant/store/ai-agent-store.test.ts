import { DEFAULT_ASSISTANT_SETTINGS } from "@shared/ai/settings";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StateStorage } from "zustand/middleware";
import { AI_AGENT_STORE_KEY, createAiAgentStore, MAX_LOGS } from "./ai-agent-store";
import type { Conversation } from "./persisted-state";

function memoryStorage(initial: Record<string, unknown> = {}) {
  const items = new Map(Object.entries(initial).map(([key, value]) => [key, JSON.stringify(value)]));
  const storage: StateStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
  const saved = () => JSON.parse(items.get(AI_AGENT_STORE_KEY) ?? "null");
  return { storage, saved };
}

const conversation = (id: string): Conversation => ({
  id,
  title: id,
  messages: [],
  createdAt: "2025-01-08T09:00:00.000Z",
  updatedAt: "2025-01-08T09:00:00.000Z",
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2025-01-08T09:00:00.000Z"));
});
afterEach(() => vi.useRealTimers());

describe("conversations", () => {
  it("puts a new conversation at the front and makes it current", () => {
    const store = createAiAgentStore(() => memoryStorage().storage);
    const first = store.getState().startConversation();
    const second = store.getState().startConversation();
    expect(store.getState().conversations.map(({ id }) => id)).toEqual([second, first]);
    expect(store.getState().currentConversationId).toBe(second);
  });

  it("keeps 50 in memory and persists the first 20", () => {
    const { storage, saved } = memoryStorage();
    const store = createAiAgentStore(() => storage);
    const ids = Array.from({ length: 55 }, () => store.getState().startConversation());
    const newestFirst = ids.toReversed();
    expect(store.getState().conversations.map(({ id }) => id)).toEqual(newestFirst.slice(0, 50));
    expect(saved().state.conversations.map(({ id }: Conversation) => id)).toEqual(newestFirst.slice(0, 20));
    expect(saved().state).not.toHaveProperty("logs");
    expect(saved().state).not.toHaveProperty("processing");
    expect(saved().version).toBe(0);
  });

  it("does not persist a current id whose conversation is not persisted", () => {
    const { storage, saved } = memoryStorage();
    const store = createAiAgentStore(() => storage);
    const oldest = store.getState().startConversation();
    for (let index = 0; index < 20; index++) store.getState().startConversation();
    store.getState().selectConversation(oldest);
    expect(saved().state.currentConversationId).toBeNull();
  });

  it("clears the current id when the current conversation is deleted, not otherwise", () => {
    const store = createAiAgentStore(() => memoryStorage().storage);
    const first = store.getState().startConversation();
    const second = store.getState().startConversation();
    store.getState().deleteConversation(first);
    expect(store.getState().currentConversationId).toBe(second);
    store.getState().deleteConversation(second);
    expect(store.getState().currentConversationId).toBeNull();
    expect(store.getState().conversations).toEqual([]);
  });

  it("adds messages with an id and a timestamp, and names the conversation after the first question", () => {
    const store = createAiAgentStore(() => memoryStorage().storage);
    const id = store.getState().startConversation();
    vi.setSystemTime(new Date("2025-01-08T09:05:00.000Z"));
    const question = store
      .getState()
      .addMessage(id, { role: "user", content: "  Mes factures   en retard ?" });
    store.getState().addMessage(id, {
      role: "assistant",
      content: "Deux factures.",
      actionResult: { type: "view_data", success: true, message: "2 factures" },
    });
    const [saved] = store.getState().conversations;
    expect(question).toMatchObject({ role: "user", timestamp: "2025-01-08T09:05:00.000Z" });
    expect(question?.id).toEqual(expect.any(String));
    expect(saved?.title).toBe("Mes factures en retard ?");
    expect(saved?.messages.map(({ role }) => role)).toEqual(["user", "assistant"]);
    expect(saved?.updatedAt).toBe("2025-01-08T09:05:00.000Z");
  });

  it("ignores a message for a conversation that does not exist", () => {
    const store = createAiAgentStore(() => memoryStorage().storage);
    expect(store.getState().addMessage("missing", { role: "user", content: "Bonjour" })).toBeUndefined();
    expect(store.getState().conversations).toEqual([]);
  });
});

describe("logs", () => {
  it("keeps the 100 newest first, each with a generated id and an ISO timestamp", () => {
    const store = createAiAgentStore(() => memoryStorage().storage);
    for (let index = 0; index < 105; index++) store.getState().addLog({ step: index, id: "ignored" });
    const { logs } = store.getState();
    expect(logs).toHaveLength(MAX_LOGS);
    expect(logs[0]).toMatchObject({ step: 104, timestamp: "2025-01-08T09:00:00.000Z" });
    expect(logs.at(-1)).toMatchObject({ step: 5 });
    expect(logs[0]?.id).not.toBe("ignored");
    expect(new Set(logs.map(({ id }) => id)).size).toBe(MAX_LOGS);
  });
});

describe("processing", () => {
  it("starts idle at progress 0, takes partial updates and resets", () => {
    const store = createAiAgentStore(() => memoryStorage().storage);
    expect(store.getState().processing).toEqual({ isProcessing: false, currentAction: null, progress: 0 });
    store.getState().setProcessing({ isProcessing: true, currentAction: "thinking" });
    store.getState().setProcessing({ progress: 30 });
    expect(store.getState().processing).toEqual({
      isProcessing: true,
      currentAction: "thinking",
      progress: 30,
    });
    store.getState().resetProcessing();
    expect(store.getState().processing.isProcessing).toBe(false);
  });
});

describe("settings", () => {
  it("starts from the defaults, merges updates and persists them", () => {
    const { storage, saved } = memoryStorage();
    const store = createAiAgentStore(() => storage);
    expect(store.getState().settings).toEqual(DEFAULT_ASSISTANT_SETTINGS);
    store.getState().updateSettings({ confirmBeforeAction: false });
    expect(saved().state.settings).toEqual({ ...DEFAULT_ASSISTANT_SETTINGS, confirmBeforeAction: false });
    store.getState().resetSettings();
    expect(store.getState().settings).toEqual(DEFAULT_ASSISTANT_SETTINGS);
  });
});

describe("hydration", () => {
  it("shows a result's one-time secret in this tab but never writes it to storage", () => {
    const { storage, saved } = memoryStorage();
    const store = createAiAgentStore(() => storage);
    const id = store.getState().startConversation();
    const actionResult = {
      type: "use_integration",
      success: true,
      message: "Jeton d'API « Zapier » créé.",
      secret: { kind: "jeton" as const, label: "Jeton d'API Zapier", value: "ard_secret" },
    };
    store.getState().addMessage(id, { role: "assistant", content: actionResult.message, actionResult });
    expect(store.getState().conversations[0]?.messages[0]?.actionResult?.secret?.value).toBe("ard_secret");
    expect(JSON.stringify(saved())).not.toContain("ard_secret");
    expect(JSON.stringify(saved())).toContain("Jeton d'API « Zapier » créé.");
  });

  it("reads back what it saved", () => {
    const { storage } = memoryStorage();
    const first = createAiAgentStore(() => storage);
    const id = first.getState().startConversation();
    first.getState().updateSettings({ temperature: 0.3 });
    const second = createAiAgentStore(() => storage);
    expect(second.getState().currentConversationId).toBe(id);
    expect(second.getState().settings.temperature).toBe(0.3);
  });

  it("migrates another version by merging what still fits over the defaults", () => {
    const { storage } = memoryStorage({
      [AI_AGENT_STORE_KEY]: {
        version: 3,
        state: {
          settings: { autoExecute: true, preferredModel: "", theme: "dark" },
          conversations: [conversation("a"), { id: "broken" }, conversation("b")],
          currentConversationId: "broken",
        },
      },
    });
    const store = createAiAgentStore(() => storage);
    expect(store.getState().settings).toEqual({ ...DEFAULT_ASSISTANT_SETTINGS, autoExecute: true });
    expect(store.getState().conversations.map(({ id }) => id)).toEqual(["a", "b"]);
    expect(store.getState().currentConversationId).toBeNull();
  });

  it("falls back to the defaults when the stored state is unusable", () => {
    const { storage } = memoryStorage({ [AI_AGENT_STORE_KEY]: { version: 7, state: "nonsense" } });
    const store = createAiAgentStore(() => storage);
    expect(store.getState().settings).toEqual(DEFAULT_ASSISTANT_SETTINGS);
    expect(store.getState().conversations).toEqual([]);
  });

  it("fills settings added since the state was saved at the same version", () => {
    const { storage } = memoryStorage({
      [AI_AGENT_STORE_KEY]: { version: 0, state: { settings: { debugMode: true }, conversations: [] } },
    });
    const store = createAiAgentStore(() => storage);
    expect(store.getState().settings).toEqual({ ...DEFAULT_ASSISTANT_SETTINGS, debugMode: true });
  });
});
