import type { AnalysisDto } from "@shared/schemas/analysis";
import type { ActionProposal, ActionResult, ChatEvent } from "@shared/schemas/assistant";
import type { Db } from "../../db/client";
import {
  type ActionRequest,
  executeAction,
  needsConsent,
  prepareAction,
  questionBeforeProposal,
} from "./actions";
import { type PendingProposal, proposeAction, replaceProposal } from "./executions";

/** One answer being built: who asks (from the session), when, in which mode, and where events go. */
export type Turn = {
  db: Db;
  userId: string;
  now: Date;
  /** The public base URL (env.appUrl), for results that link outside the app, like the calendar feed. */
  appUrl: string;
  confirmBeforeAction: boolean;
  conversationId: string;
  emit: (event: ChatEvent) => void;
  /** The user's business analysis, from the 5-minute cache (spec §9). */
  analyze: () => Promise<AnalysisDto>;
  /** Where the answer goes: spoken by the voice agent (lists summed up, see spoken-summary.ts) or shown in the chat. */
  channel?: "voice" | "chat";
};

export type Performed =
  | { proposal: ActionProposal; result?: undefined; question?: undefined }
  | { result: ActionResult; proposal?: undefined; question?: undefined }
  /**
   * Nothing proposed nor run: the request names several of the user's records (or none usable) and the
   * engine asks `question`. `result` says the same as an unsuccessful result, and is not emitted.
   */
  | { question: string; result: ActionResult; proposal?: undefined };

const contextOf = (turn: Turn) => ({ db: turn.db, userId: turn.userId, now: turn.now, appUrl: turn.appUrl });

type Asked = Extract<Performed, { question: string }>;

const asked = (request: ActionRequest, question: string): Asked => ({
  question,
  result: { type: request.type, success: false, message: question },
});

/** The request resolved and complete, or the question to ask instead (nothing proposed nor run). */
async function prepareProposal(
  turn: Turn,
  request: ActionRequest,
): Promise<{ request: ActionRequest } | Asked> {
  const prepared = await prepareAction(contextOf(turn), request);
  if (prepared.question !== undefined) return asked(request, prepared.question);
  const question = questionBeforeProposal(prepared.request);
  return question === undefined ? { request: prepared.request } : asked(request, question);
}

/**
 * The one door to an action, for every engine: the request is first resolved against the user's data
 * (a client name becomes their client, or a question); then, with confirmBeforeAction (the default) or for
 * an action that always needs consent (a credential, a secret, an outside address, an e-mail, money), it is
 * only proposed and the user confirms in the chat; otherwise, in agent mode, it runs at once. The proposal and result events are what the chat shows as done, whatever a model says.
 */
export async function perform(turn: Turn, request: ActionRequest): Promise<Performed> {
  const context = contextOf(turn);
  const prepared = await prepareProposal(turn, request);
  if ("question" in prepared) return prepared;
  if (needsConsent(request.type, turn.confirmBeforeAction)) {
    const proposal = await proposeAction(turn.db, turn.userId, prepared.request, turn.conversationId);
    turn.emit({ type: "proposal", proposal });
    return { proposal };
  }
  turn.emit({ type: "status", mode: "executing", progress: 70 });
  const result = await executeAction(context, prepared.request, { by: "agent-mode" });
  turn.emit({ type: "result", result });
  return { result };
}

/**
 * A correction of the pending proposal: the corrected request is resolved like any other, then proposed in
 * place of the old one, in every mode (the user is correcting what they have not consented to yet).
 */
export async function amend(
  turn: Turn,
  previous: PendingProposal,
  request: ActionRequest,
): Promise<Performed | { settled: true }> {
  const prepared = await prepareProposal(turn, request);
  if ("question" in prepared) return prepared;
  const proposal = await replaceProposal(turn.db, turn.userId, {
    previousId: previous.id,
    request: prepared.request,
    conversationId: turn.conversationId,
  });
  if (!proposal) return { settled: true };
  turn.emit({ type: "proposal", proposal });
  return { proposal };
}
