import type { AssistantActionType } from "@shared/schemas/assistant";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aiTaskExecutions } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import type { Consent } from "./actions/common";

/**
 * Who lets an action run. Agent mode lets an engine act on what it read, and what it read may have been
 * written by an outsider (a client's name, a refusal reason, a supplier's invoice): so an action whose
 * consent is `always` runs only from the user's confirmation of its stored proposal (issue 26).
 */
export type Permission =
  /** An engine acting for a user who switched agent mode on: a model's tool call, the offline interpreter. */
  | { by: "agent-mode" }
  /** The user's own form outside the conversation: the document generator's prompt. */
  | { by: "user-request" }
  /** The user's « Confirmer » on this proposal (POST /api/assistant/proposals/:id/confirm, or a spoken yes). */
  | { by: "confirmed-proposal"; proposalId: string };

export const CONSENT_REQUIRED = "Cette action demande votre confirmation : elle n'a pas été exécutée.";

/** Whether the action waits for the user's « Confirmer » even in agent mode. */
export const alwaysNeedsConfirmation = (consent: Consent) => consent !== "unless-agent-mode";

/**
 * Whether this permission lets an action with this consent run now. A confirmed proposal is taken here, once:
 * it must be this user's, of this action, confirmed and not run yet; it is marked run in the same statement,
 * so a permission object made up by a caller, or a proposal run twice, finds nothing to take.
 */
export async function isAllowed(
  db: Db,
  {
    userId,
    type,
    consent,
    permission,
  }: { userId: string; type: AssistantActionType; consent: Consent; permission: Permission },
): Promise<boolean> {
  if (permission.by !== "confirmed-proposal") return !alwaysNeedsConfirmation(consent);
  const taken = await withTenant(db, userId, (tx) =>
    tx
      .update(aiTaskExecutions)
      .set({ metadata: sql`${aiTaskExecutions.metadata} || '{"status":"executed"}'::jsonb` })
      .where(
        and(
          eq(aiTaskExecutions.id, permission.proposalId),
          eq(aiTaskExecutions.userId, userId),
          eq(aiTaskExecutions.taskType, "proposal"),
          sql`${aiTaskExecutions.metadata}->>'status' = 'confirmed'`,
          sql`${aiTaskExecutions.metadata}->>'action' = ${type}`,
        ),
      )
      .returning({ id: aiTaskExecutions.id }),
  );
  return taken.length === 1;
}
