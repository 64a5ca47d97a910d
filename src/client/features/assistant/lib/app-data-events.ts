/**
 * After the assistant creates a record, the rest of the app is told (spec §3 "Browser event
 * app-data-changed"): the event refreshes the lists and the dashboard like any other mutation, and the last
 * 10 creations are kept under "ai_recent_actions", in the signed-in user's storage, for the suggestions.
 */

import { DATA_CHANGED_EVENT } from "@client/components/shell/notifications-query";
import { userStorage } from "@client/lib/user-storage";

export const RECENT_ACTIONS_KEY = "ai_recent_actions";
export const MAX_RECENT_ACTIONS = 10;
userStorage.adopt(RECENT_ACTIONS_KEY);

export type Creation = {
  /** The kind of record, named like the other mutations' events ("invoices", "projects"…). */
  type: string;
  data: unknown;
  message: string;
};

export type AiDataChange = Creation & {
  /** ISO 8601. */
  timestamp: string;
  source: "ai_assistant";
  action: "create";
};

/** The creations recorded, newest first; an unreadable entry reads as none. */
export function readRecentActions(): AiDataChange[] {
  try {
    const stored: unknown = JSON.parse(userStorage.storage.getItem(RECENT_ACTIONS_KEY) ?? "[]");
    return Array.isArray(stored) ? (stored as AiDataChange[]) : [];
  } catch {
    return [];
  }
}

export function announceCreation(creation: Creation): AiDataChange {
  const detail: AiDataChange = {
    type: creation.type,
    data: creation.data,
    timestamp: new Date().toISOString(),
    source: "ai_assistant",
    action: "create",
    message: creation.message,
  };
  try {
    const recent = [detail, ...readRecentActions()].slice(0, MAX_RECENT_ACTIONS);
    userStorage.storage.setItem(RECENT_ACTIONS_KEY, JSON.stringify(recent));
  } catch {
    // A full or blocked storage (private browsing) loses the history, not the refresh below.
  }
  window.dispatchEvent(new CustomEvent(DATA_CHANGED_EVENT, { detail }));
  return detail;
}
