import { apiFetch } from "@client/lib/api-client";
import { isApiError } from "@client/lib/api-error";
import { actionResult } from "@shared/schemas/assistant";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { aiAgentStore } from "../store/ai-agent-store";
import { onActionResult } from "./assistant-changes";
import { type ProposalStatus, useChatSession } from "./chat-session";

const confirmed = z.object({ result: actionResult });

/** Runs the action the user read in the proposal card; 409 once it was confirmed or cancelled already. */
export async function confirmProposal(id: string) {
  const { result } = await apiFetch(`/api/assistant/proposals/${encodeURIComponent(id)}/confirm`, {
    method: "POST",
    schema: confirmed,
  });
  return result;
}

export function cancelProposal(id: string) {
  return apiFetch<{ cancelled: true }>(`/api/assistant/proposals/${encodeURIComponent(id)}/cancel`, {
    method: "POST",
  });
}

/**
 * The proposal card's two buttons. A confirmed action's outcome becomes a new assistant message (its
 * Succès/Échec box and link), so the conversation kept in the browser records what was done.
 */
export function useSettleProposal(conversationId: string, proposalId: string) {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const status = useChatSession((state) => state.proposalStatuses[proposalId] ?? "pending");
  const setStatus = (next: ProposalStatus) => useChatSession.getState().setProposalStatus(proposalId, next);
  const onError = (error: Error) => {
    // Confirmed or cancelled already (another tab, or before a reload): nothing is left to decide.
    if (isApiError(error) && (error.status === 409 || error.status === 404)) setStatus("settled");
    toast.error("Erreur", { description: error.message });
  };

  const confirm = useMutation({
    mutationFn: () => confirmProposal(proposalId),
    meta: { handlesErrors: true },
    onSuccess: (result) => {
      setStatus("confirmed");
      const store = aiAgentStore.getState();
      store.addMessage(conversationId, { role: "assistant", content: result.message, actionResult: result });
      store.addLog({
        kind: "result",
        success: result.success,
        message: `${result.success ? "Action confirmée et exécutée" : "Échec"} : ${result.message}`,
      });
      onActionResult(queryClient, result, pathname);
    },
    onError,
  });
  const cancel = useMutation({
    mutationFn: () => cancelProposal(proposalId),
    meta: { handlesErrors: true },
    onSuccess: () => {
      setStatus("cancelled");
      aiAgentStore.getState().addLog({ kind: "cancel", message: "Action annulée par l'utilisateur" });
    },
    onError,
  });
  return { status, confirm, cancel, isPending: confirm.isPending || cancel.isPending };
}
