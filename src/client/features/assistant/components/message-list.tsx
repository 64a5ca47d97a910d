import type { ContextualAction } from "@shared/ai/suggestions";
import { useEffect, useRef } from "react";
import type { Conversation } from "../store/persisted-state";
import { ActionIcon } from "./action-icon";
import { AssistantBubble, AssistantRow, ChatMessage } from "./chat-message";
import { MarkdownMessage } from "./markdown-message";

/** Shown at the top of every conversation; never sent to the server (spec §7: the history leaves it out). */
const GREETING =
  "Bonjour ! Je suis votre assistant Ardoise. Posez-moi une question sur vos factures, devis, clients, dépenses ou projets, ou demandez-moi d'en créer : « Crée une facture pour Dupont de 500 € ».";

const END_THRESHOLD_PX = 48;

type MessageListProps = {
  conversation: Conversation | undefined;
  /** The answer being written, before it joins the conversation. */
  streamingText: string | null;
  isProcessing: boolean;
  /** Spec §2 "suggestion blocks": offered while the conversation is empty. */
  suggestions: readonly ContextualAction[];
  onSuggestion: (prompt: string) => void;
  onNavigate?: () => void;
};

export function MessageList({
  conversation,
  streamingText,
  isProcessing,
  suggestions,
  onSuggestion,
  onNavigate,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  // Whether the user is reading the end of the conversation (not scrolled back up to an older answer).
  const isAtEnd = useRef(true);
  const messages = conversation?.messages ?? [];
  const lastId = messages.at(-1)?.id;

  // Follow the conversation as it grows: a new message, a new piece of the answer, the waiting line.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the triggers.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
    isAtEnd.current = true;
  }, [lastId, streamingText, isProcessing, conversation?.id]);

  // A resize (phone keyboard, rotation, a proposal card settling) keeps the end in view if it was.
  useEffect(() => {
    const element = scroller.current;
    if (!element || !list.current) return;
    const observer = new ResizeObserver(() => {
      if (isAtEnd.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    observer.observe(list.current);
    return () => observer.disconnect();
  }, []);

  return (
    // The log scrolls on its own: the keyboard reaches it to scroll it, and shows it has it (the outline
    // drawn inside, the dialog around clips what is outside).
    <div
      ref={scroller}
      role="log"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log is scrolled from the keyboard once focused.
      tabIndex={0}
      aria-label="Conversation"
      aria-busy={isProcessing}
      onScroll={(event) => {
        const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
        isAtEnd.current = scrollHeight - scrollTop - clientHeight < END_THRESHOLD_PX;
      }}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 focus-visible:outline-offset-[-2px] sm:px-5"
    >
      <ol ref={list} className="space-y-4">
        <AssistantRow>
          <AssistantBubble>
            <p className="text-sm leading-relaxed">{GREETING}</p>
          </AssistantBubble>
        </AssistantRow>
        {messages.length === 0 && suggestions.length > 0 ? (
          <li>
            <SuggestionBlocks suggestions={suggestions} onSelect={onSuggestion} />
          </li>
        ) : null}
        {conversation
          ? messages.map((message) => (
              <ChatMessage
                key={message.id}
                message={message}
                conversationId={conversation.id}
                onNavigate={onNavigate}
              />
            ))
          : null}
        {streamingText ? (
          <AssistantRow>
            <AssistantBubble>
              <MarkdownMessage content={streamingText} onNavigate={onNavigate} />
            </AssistantBubble>
          </AssistantRow>
        ) : isProcessing ? (
          <AssistantRow>
            <p role="status" className="flex items-center gap-2 px-1 py-1.5 text-sm text-muted-foreground">
              <span className="flex gap-1" aria-hidden="true">
                <span className="size-1.5 animate-bounce rounded-full bg-primary [animation-delay:-0.3s]" />
                <span className="size-1.5 animate-bounce rounded-full bg-primary [animation-delay:-0.15s]" />
                <span className="size-1.5 animate-bounce rounded-full bg-primary" />
              </span>
              L'IA analyse et réfléchit...
            </p>
          </AssistantRow>
        ) : null}
      </ol>
    </div>
  );
}

function SuggestionBlocks({
  suggestions,
  onSelect,
}: {
  suggestions: readonly ContextualAction[];
  onSelect: (prompt: string) => void;
}) {
  return (
    <section aria-labelledby="chat-suggestions-title" className="space-y-2 sm:pl-9">
      <h3 id="chat-suggestions-title" className="text-xs font-medium text-muted-foreground">
        Suggestions pour commencer
      </h3>
      <ul className="grid gap-2 sm:grid-cols-3">
        {suggestions.map((suggestion) => (
          <li key={suggestion.id}>
            <button
              type="button"
              onClick={() => onSelect(suggestion.prompt)}
              className="flex h-full w-full items-start gap-2.5 rounded-xl border bg-surface p-3 text-left shadow-sm transition-colors hover:border-primary/40 hover:bg-muted"
            >
              <ActionIcon name={suggestion.icon} />
              <span className="min-w-0 space-y-0.5">
                <span className="block text-sm leading-snug font-medium">{suggestion.title}</span>
                <span className="block text-xs leading-snug text-muted-foreground">
                  {suggestion.description}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
