import type { ContextualAction } from "@shared/ai/suggestions";
import type { AssistantChat } from "../api/use-assistant-chat";
import { ChatInput } from "./chat-input";
import { MessageList } from "./message-list";

type ChatPanelProps = {
  chat: AssistantChat;
  suggestions: readonly ContextualAction[];
  /** Called when a link in an answer is followed: the dialog closes. */
  onNavigate?: () => void;
};

/** The conversation and its input; the dialog's Chat tab and both assistant pages show it. */
export function ChatPanel({ chat, suggestions, onNavigate }: ChatPanelProps) {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <MessageList
        conversation={chat.conversation}
        streamingText={chat.streamingText}
        isProcessing={chat.isProcessing}
        suggestions={suggestions}
        onSuggestion={chat.sendSoon}
        onNavigate={onNavigate}
      />
      <ChatInput
        value={chat.input}
        onChange={chat.setInput}
        onSubmit={chat.submit}
        isProcessing={chat.isProcessing}
      />
    </div>
  );
}
