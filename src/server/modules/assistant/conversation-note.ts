import type { ChatMessageInput } from "@shared/schemas/assistant";
import { eq } from "drizzle-orm";
import { clients } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { deriveState } from "./conversation-state";
import { findPendingProposal } from "./executions";
import { toolOutput } from "./model-context";
import type { Turn } from "./turn";

/**
 * The model's view of the same conversation state as the offline engine's (issue 27): the topic derived
 * from the user's earlier messages and the proposal waiting for consent, as a short system note. It is
 * handed over as quoted data (model-context.ts), never as an instruction: a client's name is in it.
 */
export async function conversationNote(
  turn: Turn,
  messages: ChatMessageInput[],
): Promise<string | undefined> {
  const earlier = messages.slice(0, -1);
  if (earlier.length === 0) return undefined;
  const clientNames = await withTenant(turn.db, turn.userId, (tx) =>
    tx.select({ name: clients.name }).from(clients).where(eq(clients.userId, turn.userId)),
  );
  const { topic } = deriveState(
    earlier.filter((message) => message.role === "user").map((message) => message.content),
    { now: turn.now, clientNames: clientNames.map((row) => row.name) },
  );
  const pending = await findPendingProposal(turn.db, turn.userId, {
    conversationId: turn.conversationId,
    lastAnswer: earlier.findLast((message) => message.role === "assistant")?.content ?? "",
  });
  if (!topic && !pending) return undefined;
  const state = {
    sujetPrecedent: topic,
    propositionEnAttente: pending && { resume: pending.summary, action: pending.request.type },
  };
  return [
    "État de la conversation, déduit des messages précédents de l'utilisateur : une question elliptique (« et le mois dernier ? », « et pour Dupont ? ») reprend ce sujet ; redemande toujours les chiffres aux outils.",
    pending
      ? "Une correction de la proposition en attente (« finalement 4 jours ») se fait en proposant l'action corrigée : dis à l'utilisateur de confirmer la nouvelle et d'ignorer l'ancienne."
      : "",
    JSON.stringify(toolOutput({}, state)),
  ]
    .filter(Boolean)
    .join("\n");
}
