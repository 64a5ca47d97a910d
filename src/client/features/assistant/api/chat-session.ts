import { userStorage } from "@client/lib/user-storage";
import { findModel, PROVIDER_NAMES } from "@shared/ai/models";
import {
  type ActionProposal,
  type ActionResult,
  type AssistantProvider,
  actionProposal,
  actionResult,
  assistantProviders,
} from "@shared/schemas/assistant";
import { z } from "zod";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** Which engine wrote an answer: the 'done' event of its turn. */
export type AnswerEngine = { provider: AssistantProvider; model: string | null };

/** "Moteur local", "OpenAI · GPT-4o"… the line under an answer and the execution log say who answered. */
export function engineLabel({ provider, model }: AnswerEngine): string {
  if (provider === "local") return "Moteur local";
  const name = model ? (findModel(model)?.name ?? model) : null;
  return name ? `${PROVIDER_NAMES[provider]} · ${name}` : PROVIDER_NAMES[provider];
}

/** "settled": confirmed or cancelled elsewhere (another tab), which the server reports with a 409. */
export const proposalStatuses = ["pending", "confirmed", "cancelled", "settled"] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

const turnDetails = z.object({
  engine: z.object({ provider: z.enum(assistantProviders), model: z.string().nullable() }).optional(),
  proposals: z.array(actionProposal),
  results: z.array(actionResult),
  notices: z.array(z.string()).default([]),
});

/** What a turn returned besides its text: shown under the assistant's message. */
export type TurnDetails = {
  engine?: AnswerEngine;
  proposals: ActionProposal[];
  results: ActionResult[];
  /** An engine that failed or was too slow before this one answered (French, from the server). */
  notices?: string[];
};

type StoredChatSession = {
  /** By assistant message id. */
  details: Record<string, TurnDetails>;
  /** By proposal id: a settled proposal keeps its buttons disabled. */
  proposalStatuses: Record<string, ProposalStatus>;
};

type ChatSessionState = StoredChatSession & {
  setDetails: (messageId: string, details: TurnDetails) => void;
  setProposalStatus: (proposalId: string, status: ProposalStatus) => void;
};

export const CHAT_SESSION_KEY = "ai-agent-chat-details";
// Enough for the 20 conversations the store keeps; older entries point at messages no longer stored.
const MAX_STORED_ENTRIES = 200;

const newest = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).slice(-MAX_STORED_ENTRIES));

/** Read back item by item, like the conversations: a damaged entry is dropped, not the whole record. */
function restore(stored: unknown): StoredChatSession {
  const record = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  const entries = <T>(value: unknown, schema: z.ZodType<T>): Record<string, T> =>
    Object.fromEntries(
      Object.entries(typeof value === "object" && value !== null ? value : {}).flatMap(([key, item]) => {
        const parsed = schema.safeParse(item);
        return parsed.success ? [[key, parsed.data]] : [];
      }),
    );
  return {
    details: entries(record.details, turnDetails),
    proposalStatuses: entries(record.proposalStatuses, z.enum(proposalStatuses)),
  };
}

/**
 * The parts of an answer the conversation in ai-agent-store has no field for: the engine line and the
 * proposals with their status. Kept beside it in local storage, so a proposal still pending after a
 * reload can be confirmed.
 */
export const useChatSession = create<ChatSessionState>()(
  persist(
    (set) => ({
      details: {},
      proposalStatuses: {},
      setDetails: (messageId, details) =>
        set((state) => ({ details: newest({ ...state.details, [messageId]: details }) })),
      setProposalStatus: (proposalId, status) =>
        set((state) => ({ proposalStatuses: newest({ ...state.proposalStatuses, [proposalId]: status }) })),
    }),
    {
      name: CHAT_SESSION_KEY,
      version: 0,
      // The signed-in user's storage, like the conversations it completes.
      storage: createJSONStorage(() => userStorage.storage),
      partialize: ({ details, proposalStatuses }) => ({ details, proposalStatuses }),
      merge: (stored, current) => ({ ...current, ...restore(stored) }),
    },
  ),
);
userStorage.register(useChatSession);
