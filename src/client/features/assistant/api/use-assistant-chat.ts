import type { ActionProposal, ActionResult, ChatMessageInput } from "@shared/schemas/assistant";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { toast } from "sonner";
import { aiAgentStore, useAiAgentStore } from "../store/ai-agent-store";
import { onActionResult } from "./assistant-changes";
import { type AnswerEngine, engineLabel, useChatSession } from "./chat-session";
import { CHAT_ERROR_MESSAGE, streamChat } from "./send-chat-message";

/** Spec §2: a suggestion picked in the Actions tab is sent 100 ms after it fills the input. */
export const SUGGESTION_SEND_DELAY_MS = 100;

// The server takes at most 100 messages; the latest ones carry the context a reply needs.
const MAX_HISTORY = 40;

type ChatOptions = {
  /** false in agent mode: create actions run at once instead of being proposed (spec §4). */
  confirmBeforeAction: boolean;
  /** The section the assistant was opened from (spec §2), sent as context. */
  section?: string;
};

type Turn = { conversationId: string; messages: ChatMessageInput[] };

type TurnCallbacks = ChatOptions & {
  onText: (text: string | null) => void;
  onResult: (result: ActionResult) => void;
};

/**
 * One exchange with the server: the events drive the processing state (mode and progress, spec §4) and the
 * log; what was said, proposed and done becomes the assistant's message, even when the stream breaks
 * halfway (an action already run must stay visible).
 */
async function runTurn({ conversationId, messages }: Turn, callbacks: TurnCallbacks): Promise<void> {
  const store = aiAgentStore.getState();
  let text = "";
  let engine: AnswerEngine | undefined;
  const proposals: ActionProposal[] = [];
  const results: ActionResult[] = [];
  const notices: string[] = [];
  try {
    const events = streamChat({
      messages,
      conversationId,
      model: store.settings.preferredModel,
      confirmBeforeAction: callbacks.confirmBeforeAction,
      section: callbacks.section,
    });
    for await (const event of events) {
      switch (event.type) {
        case "status":
          store.setProcessing({ currentAction: event.mode, progress: event.progress });
          break;
        case "text":
          text += event.delta;
          callbacks.onText(text);
          break;
        case "proposal":
          proposals.push(event.proposal);
          store.addLog({ kind: "proposal", message: `Action proposée : ${event.proposal.summary}` });
          break;
        case "result":
          results.push(event.result);
          store.addLog({
            kind: "result",
            success: event.result.success,
            message: `${event.result.success ? "Action exécutée" : "Échec"} : ${event.result.message}`,
          });
          callbacks.onResult(event.result);
          break;
        case "done":
          engine = { provider: event.apiProvider, model: event.model };
          break;
        case "retract":
          // An engine failed halfway: its words are dropped, the next engine's answer replaces them.
          text = "";
          callbacks.onText(text);
          break;
        case "notice":
          notices.push(event.message);
          store.addLog({ kind: "error", message: event.message });
          break;
        case "error":
          throw new Error(event.message || CHAT_ERROR_MESSAGE);
      }
    }
    if (!engine) throw new Error("La réponse a été interrompue. Veuillez réessayer.");
    store.addLog({ kind: "done", message: `Réponse reçue (${engineLabel(engine)})` });
  } finally {
    callbacks.onText(null);
    if (text !== "" || proposals.length > 0 || results.length > 0) {
      const message = store.addMessage(conversationId, {
        role: "assistant",
        content: text,
        actionResult: results.at(-1),
      });
      if (message) useChatSession.getState().setDetails(message.id, { engine, proposals, results, notices });
    }
  }
  store.setProcessing({ isProcessing: false, currentAction: "idle", progress: 100 });
}

/**
 * The chat of the dialog and of the assistant pages: the current conversation of the store, the input,
 * the answer being written, and sending. Closing the dialog does not stop a turn: its answer still lands
 * in the conversation.
 */
export function useAssistantChat({ confirmBeforeAction, section }: ChatOptions) {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const conversation = useAiAgentStore((state) =>
    state.conversations.find(({ id }) => id === state.currentConversationId),
  );
  const isProcessing = useAiAgentStore((state) => state.processing.isProcessing);
  const [input, setInput] = useState("");
  const [streamingText, setStreamingText] = useState<string | null>(null);
  const sendTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(sendTimer.current), []);

  const turn = useMutation({
    mutationFn: (next: Turn) =>
      runTurn(next, {
        confirmBeforeAction,
        section,
        onText: setStreamingText,
        onResult: (result) => onActionResult(queryClient, result, pathname),
      }),
    // Spec §8: the assistant's own toast, 'Erreur' with the message.
    meta: { handlesErrors: true },
    onError: (error) => {
      const message = error instanceof Error && error.message ? error.message : CHAT_ERROR_MESSAGE;
      const store = aiAgentStore.getState();
      store.setProcessing({ isProcessing: false, currentAction: "error" });
      store.addLog({ kind: "error", message });
      toast.error("Erreur", { description: message });
    },
  });
  const { mutate } = turn;

  /** Sends a message unless it is blank or a reply is still coming; says whether it was sent. */
  const send = useCallback(
    (text: string): boolean => {
      const content = text.trim();
      const store = aiAgentStore.getState();
      if (content === "" || store.processing.isProcessing) return false;
      const conversationId = store.currentConversationId ?? store.startConversation();
      const history =
        aiAgentStore.getState().conversations.find(({ id }) => id === conversationId)?.messages ?? [];
      store.addMessage(conversationId, { role: "user", content });
      // Set before the request leaves, so a second Enter in the same instant is refused.
      store.setProcessing({ isProcessing: true, currentAction: "thinking", progress: 0 });
      store.addLog({ kind: "request", message: `Demande : ${content}`, agentMode: !confirmBeforeAction });
      mutate({
        conversationId,
        messages: [
          ...history.slice(-MAX_HISTORY).map(({ role, content }) => ({ role, content })),
          { role: "user", content },
        ],
      });
      return true;
    },
    [confirmBeforeAction, mutate],
  );

  const submit = useCallback(() => {
    if (send(input)) setInput("");
  }, [input, send]);

  /** A suggestion or smart action: shown in the input, then sent (spec §2). */
  const sendSoon = useCallback(
    (prompt: string) => {
      setInput(prompt);
      window.clearTimeout(sendTimer.current);
      sendTimer.current = window.setTimeout(() => {
        if (send(prompt)) setInput("");
      }, SUGGESTION_SEND_DELAY_MS);
    },
    [send],
  );

  return { conversation, isProcessing, input, setInput, streamingText, send, submit, sendSoon };
}

export type AssistantChat = ReturnType<typeof useAssistantChat>;
