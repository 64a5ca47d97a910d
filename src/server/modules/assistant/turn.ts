import type { AnalysisDto } from "@shared/schemas/analysis";
import type { ActionProposal, ActionResult, ChatEvent } from "@shared/schemas/assistant";
import type { Db } from "../../db/client";
import { type ActionRequest, runAction } from "./actions";
import { proposeAction } from "./executions";

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
};

export type Performed =
  | { proposal: ActionProposal; result?: undefined }
  | { result: ActionResult; proposal?: undefined };

/**
 * The one door to a create action, for both engines: with confirmBeforeAction (the default) it only proposes,
 * and the user confirms in the chat; in agent mode it runs at once.
 */
export async function perform(turn: Turn, request: ActionRequest): Promise<Performed> {
  if (turn.confirmBeforeAction) {
    const proposal = await proposeAction(turn.db, turn.userId, request, turn.conversationId);
    turn.emit({ type: "proposal", proposal });
    return { proposal };
  }
  turn.emit({ type: "status", mode: "executing", progress: 70 });
  const result = await runAction(turn.db, turn.userId, request, { appUrl: turn.appUrl, now: turn.now });
  turn.emit({ type: "result", result });
  return { result };
}
