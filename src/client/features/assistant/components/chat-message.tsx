import { cn } from "@client/lib/cn";
import { Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { engineLabel, useChatSession } from "../api/chat-session";
import type { ChatMessage as StoredMessage } from "../store/persisted-state";
import { ActionResultBox } from "./action-result-box";
import { MarkdownMessage } from "./markdown-message";
import { ProposalCard } from "./proposal-card";

const time = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit" });

type ChatMessageProps = {
  message: StoredMessage;
  conversationId: string;
  onNavigate?: () => void;
};

export function ChatMessage({ message, conversationId, onNavigate }: ChatMessageProps) {
  const details = useChatSession((state) => state.details[message.id]);
  if (message.role === "user")
    return (
      <li className="flex justify-end">
        <div className="max-w-[85%] rounded-2xl rounded-br-md bg-primary px-3.5 py-2.5 text-sm whitespace-pre-wrap break-words text-primary-foreground shadow-sm">
          <span className="sr-only">Vous : </span>
          {message.content}
        </div>
      </li>
    );

  const results = details?.results.length
    ? details.results
    : message.actionResult
      ? [message.actionResult]
      : [];
  // The local engine's answer to an action is the result's own message: the box says it already.
  const isTextInBox = results.some((result) => result.message === message.content.trim());
  const footer = [
    details?.engine ? engineLabel(details.engine) : null,
    time.format(new Date(message.timestamp)),
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <AssistantRow footer={footer}>
      {details?.notices?.map((notice) => (
        <p key={notice} role="note" className="px-1 text-xs text-amber-800 dark:text-amber-300">
          {notice}
        </p>
      ))}
      {message.content.trim() !== "" && !isTextInBox ? (
        <AssistantBubble>
          <MarkdownMessage content={message.content} onNavigate={onNavigate} />
        </AssistantBubble>
      ) : null}
      {details?.proposals.map((proposal) => (
        <ProposalCard key={proposal.id} proposal={proposal} conversationId={conversationId} />
      ))}
      {results.map((result, index) => (
        // Results have no id; their order in the turn is fixed.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <ActionResultBox key={index} result={result} onNavigate={onNavigate} />
      ))}
    </AssistantRow>
  );
}

/** The assistant's side of the conversation: its mark, then the answer's parts, then a small footer. */
export function AssistantRow({ children, footer }: { children: ReactNode; footer?: string }) {
  return (
    <li className="flex gap-2.5">
      <span
        className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground"
        aria-hidden="true"
      >
        <Sparkles className="size-3.5" />
      </span>
      <div className="min-w-0 flex-1 space-y-2 sm:max-w-[85%]">
        <span className="sr-only">Assistant : </span>
        {children}
        {footer ? <p className="px-1 text-xs text-muted-foreground">{footer}</p> : null}
      </div>
    </li>
  );
}

export function AssistantBubble({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn("w-fit max-w-full rounded-2xl rounded-tl-md bg-muted px-3.5 py-2.5", className)}>
      {children}
    </div>
  );
}
