import { iconButtonStyles } from "@client/components/shell/shell-styles";
import { cn } from "@client/lib/cn";
import { MessagesSquare, Trash2 } from "lucide-react";
import { useAiAgentStore } from "../store/ai-agent-store";
import { NewConversationButton } from "./new-conversation-button";

const when = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/** The saved conversations, newest first (spec §4): open one, start a new one, delete one. */
export function ConversationList({ onSelected }: { onSelected?: () => void }) {
  const conversations = useAiAgentStore((state) => state.conversations);
  const currentId = useAiAgentStore((state) => state.currentConversationId);
  const selectConversation = useAiAgentStore((state) => state.selectConversation);
  const deleteConversation = useAiAgentStore((state) => state.deleteConversation);
  const isProcessing = useAiAgentStore((state) => state.processing.isProcessing);

  return (
    <nav aria-labelledby="conversations-title" className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
        <h2 id="conversations-title" className="text-sm font-semibold">
          Conversations
        </h2>
        <span className="text-xs text-muted-foreground tabular-nums">{conversations.length}</span>
      </div>
      <div className="px-3 pb-3">
        <NewConversationButton className="w-full" />
      </div>
      {conversations.length === 0 ? (
        <p className="mx-3 flex items-start gap-2 rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
          <MessagesSquare className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Vos conversations apparaîtront ici.
        </p>
      ) : (
        <ul className="min-h-0 flex-1 space-y-0.5 overflow-y-auto px-2 pb-3">
          {conversations.map((conversation) => {
            const isCurrent = conversation.id === currentId;
            return (
              <li key={conversation.id} className="group relative">
                <button
                  type="button"
                  onClick={() => {
                    selectConversation(conversation.id);
                    onSelected?.();
                  }}
                  disabled={isProcessing && !isCurrent}
                  aria-current={isCurrent ? "true" : undefined}
                  className={cn(
                    "flex w-full flex-col rounded-lg py-2 pr-10 pl-3 text-left transition-colors hover:bg-muted disabled:opacity-50",
                    isCurrent && "bg-accent text-accent-foreground hover:bg-accent",
                  )}
                >
                  <span className="truncate text-sm font-medium">{conversation.title}</span>
                  <span className="text-xs text-muted-foreground">
                    {when.format(new Date(conversation.updatedAt))} · {conversation.messages.length} message
                    {conversation.messages.length > 1 ? "s" : ""}
                  </span>
                </button>
                <button
                  type="button"
                  onClick={() => deleteConversation(conversation.id)}
                  disabled={isProcessing && isCurrent}
                  aria-label={`Supprimer la conversation « ${conversation.title} »`}
                  className={cn(
                    iconButtonStyles,
                    "absolute top-1/2 right-1 size-8 -translate-y-1/2 hover:text-danger",
                  )}
                >
                  <Trash2 aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
