import { buttonStyles } from "@client/components/ui/button-styles";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { suggestionsFor } from "@shared/ai/suggestions";
import { paths } from "@shared/paths";
import { Bot, History } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { useAssistantChat } from "../api/use-assistant-chat";
import { useAiAgentStore } from "../store/ai-agent-store";
import { AgentModeSwitch } from "./agent-mode-switch";
import { ChatPanel } from "./chat-panel";
import { ConversationDrawer } from "./conversation-drawer";
import { ConversationList } from "./conversation-list";
import { PreferredModelSelector } from "./model-controls";
import { useSuggestionClock } from "./use-suggestion-clock";

/** /app/agent-ia: the saved conversations beside the chat, full height under the header. */
export function AssistantHome() {
  useDocumentTitle("Assistant IA");
  const confirmBeforeAction = useAiAgentStore((state) => state.settings.confirmBeforeAction);
  const chat = useAssistantChat({ confirmBeforeAction });
  const now = useSuggestionClock();
  // This page is about the whole activity, not one section: it offers the dashboard's suggestions.
  const suggestions = useMemo(() => suggestionsFor({ route: paths.app.dashboard, now }), [now]);
  const [isDrawerOpen, setDrawerOpen] = useState(false);

  return (
    <div className="flex h-[calc(100dvh-3.5rem)] min-h-0 bg-surface">
      <aside className="hidden w-72 shrink-0 flex-col border-r md:flex">
        <ConversationList />
      </aside>
      <section aria-labelledby="assistant-title" className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b px-3 py-2.5 sm:px-5">
          <div className="min-w-0 flex-1">
            <h1 id="assistant-title" className="text-lg font-semibold tracking-tight">
              Assistant IA
            </h1>
            <p className="truncate text-xs text-muted-foreground">
              {chat.conversation?.title ?? "Nouvelle conversation"}
            </p>
          </div>
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            className={buttonStyles({ variant: "secondary", size: "sm", className: "md:hidden" })}
          >
            <History aria-hidden="true" />
            Historique
          </button>
          <div className="flex w-full items-center justify-between gap-3 sm:w-auto sm:justify-end">
            <AgentModeSwitch />
            <div className="flex min-w-0 items-center gap-2">
              <PreferredModelSelector className="max-w-48" />
              <Link
                to={paths.app.agent.advanced}
                aria-label="Agent avancé"
                title="Agent avancé : plan d'exécution et journal"
                className={buttonStyles({ variant: "ghost", size: "sm", className: "px-2.5" })}
              >
                <Bot aria-hidden="true" />
                <span className="hidden xl:inline">Agent avancé</span>
              </Link>
            </div>
          </div>
        </header>
        <ChatPanel chat={chat} suggestions={suggestions} />
      </section>
      <ConversationDrawer isOpen={isDrawerOpen} onOpenChange={setDrawerOpen} />
    </div>
  );
}
