import { dehydrate, hydrate, QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { createJSONStorage, persist } from "zustand/middleware";
import { createStore } from "zustand/vanilla";
import { followSessionUser, sessionQuery } from "./session";
import { createUserStorage, userKey, userStorage } from "./user-storage";

/** A Storage like the browser's: the key enumeration is what the sweep of other accounts relies on. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

type Chat = { messages: string[]; say: (text: string) => void };

function setUp() {
  const browser = memoryStorage();
  const users = createUserStorage(() => browser);
  const chat = createStore<Chat>()(
    persist(
      (set) => ({ messages: [], say: (text) => set((state) => ({ messages: [...state.messages, text] })) }),
      {
        name: "ai-agent-store",
        storage: createJSONStorage(() => users.storage),
      },
    ),
  );
  users.register(chat);
  const said = () => chat.getState().messages;
  return { browser, users, chat, said };
}

describe("user-scoped storage", () => {
  it("writes under the signed-in user's key, and nothing while no one is signed in", () => {
    const { browser, users, chat } = setUp();
    chat.getState().say("avant connexion");
    expect(browser.length).toBe(0);
    users.setOwner("alice");
    chat.getState().say("Mes factures de Dupont ?");
    expect(browser.getItem("ai-agent-store")).toBeNull();
    expect(JSON.parse(browser.getItem(userKey("alice", "ai-agent-store")) ?? "null").state.messages).toEqual([
      "Mes factures de Dupont ?",
    ]);
  });

  it("shows the next account nothing of the previous one, in memory or in storage", () => {
    const { browser, users, chat, said } = setUp();
    users.setOwner("alice");
    chat.getState().say("Mes factures de Dupont ?");
    users.setOwner("bob");
    expect(said()).toEqual([]);
    expect(browser.getItem(userKey("alice", "ai-agent-store"))).toBeNull();
    chat.getState().say("Bonjour");
    expect(browser.length).toBe(1);
    expect(browser.key(0)).toBe(userKey("bob", "ai-agent-store"));
  });

  it("wipes an account that signed in before this page loaded when another one signs in", () => {
    const { browser, users, said } = setUp();
    browser.setItem(userKey("alice", "ai-agent-store"), JSON.stringify({ state: { messages: ["secret"] } }));
    browser.setItem("theme-config", "dark");
    users.setOwner("bob");
    expect(said()).toEqual([]);
    expect(browser.getItem(userKey("alice", "ai-agent-store"))).toBeNull();
    expect(browser.getItem("theme-config")).toBe("dark");
  });

  it("keeps an expired session's data for the same user, and deletes it on a deliberate sign-out", () => {
    const { browser, users, chat, said } = setUp();
    users.setOwner("alice");
    chat.getState().say("Mes factures de Dupont ?");
    users.setOwner(null);
    expect(said()).toEqual([]);
    users.setOwner("alice");
    expect(said()).toEqual(["Mes factures de Dupont ?"]);
    users.clearOwner();
    expect(said()).toEqual([]);
    expect(browser.length).toBe(0);
  });

  it("removes the unscoped copy an earlier build left, whoever it belonged to", () => {
    const browser = memoryStorage();
    browser.setItem("ai-agent-store", JSON.stringify({ state: { messages: ["ancien"] } }));
    const users = createUserStorage(() => browser);
    users.adopt("ai-agent-store");
    expect(browser.getItem("ai-agent-store")).toBeNull();
  });

  it("keeps nothing, without failing, where the browser blocks storage", () => {
    const users = createUserStorage(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    users.setOwner("alice");
    users.storage.setItem("ai-agent-store", "{}");
    expect(users.storage.getItem("ai-agent-store")).toBeNull();
  });
});

describe("the owner of the browser's storage", () => {
  it("follows a session the page's HTML brought, put in the cache without being fetched (decision 017)", () => {
    vi.stubGlobal("localStorage", memoryStorage());
    try {
      const server = new QueryClient();
      server.setQueryData(sessionQuery.queryKey, () => ({
        user: { id: "u1", email: "camille@example.fr", name: "Camille", emailVerified: true },
        session: { id: "s1", expiresAt: "2026-12-03T10:00:00.000Z" },
      }));
      const browser = new QueryClient();
      const stop = followSessionUser(browser);
      hydrate(browser, dehydrate(server));
      userStorage.storage.setItem("ai-agent-store", "{}");
      expect(localStorage.getItem(userKey("u1", "ai-agent-store"))).toBe("{}");
      stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
