import { buttonStyles } from "@client/components/ui/button-styles";
import { cn } from "@client/lib/cn";
import { SquarePen } from "lucide-react";
import { useAiAgentStore } from "../store/ai-agent-store";

/**
 * Leaves the current conversation (it stays in the list); the next message opens a new one, so an
 * unused "new conversation" never clutters the list.
 */
export function NewConversationButton({
  isCompact = false,
  className,
}: {
  isCompact?: boolean;
  className?: string;
}) {
  const hasCurrent = useAiAgentStore((state) => state.currentConversationId !== null);
  const selectConversation = useAiAgentStore((state) => state.selectConversation);
  const isProcessing = useAiAgentStore((state) => state.processing.isProcessing);
  return (
    <button
      type="button"
      onClick={() => selectConversation(null)}
      disabled={!hasCurrent || isProcessing}
      aria-label={isCompact ? "Nouvelle conversation" : undefined}
      title={isCompact ? "Nouvelle conversation" : undefined}
      className={cn(
        buttonStyles({ variant: isCompact ? "ghost" : "primary", size: "sm" }),
        isCompact && "w-9 px-0",
        className,
      )}
    >
      <SquarePen aria-hidden="true" />
      {isCompact ? null : "Nouvelle conversation"}
    </button>
  );
}
