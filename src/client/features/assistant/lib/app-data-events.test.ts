import { userKey, userStorage } from "@client/lib/user-storage";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type AiDataChange,
  announceCreation,
  RECENT_ACTIONS_KEY,
  readRecentActions,
} from "./app-data-events";

function memoryLocalStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

let received: AiDataChange[];

beforeEach(() => {
  const target = new EventTarget();
  received = [];
  target.addEventListener("app-data-changed", (event) => received.push((event as CustomEvent).detail));
  vi.stubGlobal("window", target);
  vi.stubGlobal("localStorage", memoryLocalStorage());
  userStorage.setOwner("user-1");
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2025-01-08T09:00:00.000Z"));
});

afterEach(() => {
  userStorage.setOwner(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("announceCreation", () => {
  it("fires app-data-changed with the spec's detail", () => {
    announceCreation({ type: "projects", data: { id: "p1" }, message: "Projet créé" });
    expect(received).toEqual([
      {
        type: "projects",
        data: { id: "p1" },
        timestamp: "2025-01-08T09:00:00.000Z",
        source: "ai_assistant",
        action: "create",
        message: "Projet créé",
      },
    ]);
  });

  it("keeps the last 10 creations, newest first", () => {
    for (let index = 1; index <= 12; index++)
      announceCreation({ type: "clients", data: { index }, message: `Client ${index}` });
    const recent = readRecentActions();
    expect(recent).toHaveLength(10);
    expect(recent.map(({ data }) => (data as { index: number }).index)).toEqual([
      12, 11, 10, 9, 8, 7, 6, 5, 4, 3,
    ]);
  });

  it("still fires the event when the storage refuses to write", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    });
    announceCreation({ type: "invoices", data: null, message: "Facture créée" });
    expect(received).toHaveLength(1);
  });
});

describe("readRecentActions", () => {
  it("reads a damaged entry as no history", () => {
    localStorage.setItem(userKey("user-1", RECENT_ACTIONS_KEY), "{not json");
    expect(readRecentActions()).toEqual([]);
    localStorage.setItem(userKey("user-1", RECENT_ACTIONS_KEY), '{"type":"x"}');
    expect(readRecentActions()).toEqual([]);
  });
});
