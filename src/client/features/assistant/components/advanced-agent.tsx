import { useDocumentTitle } from "@client/lib/use-document-title";
import { bannerItems, contextualActionsFor, suggestionsFor } from "@shared/ai/suggestions";
import { paths } from "@shared/paths";
import { ArrowLeft, Bot } from "lucide-react";
import { type ReactNode, useMemo, useRef } from "react";
import { Link } from "react-router";
import { useAssistantChat } from "../api/use-assistant-chat";
import { useDismissedIds } from "../hooks/use-dismissed-ids";
import { AgentStatus } from "./agent-status";
import { ChatPanel } from "./chat-panel";
import { ExecutionLog } from "./execution-log";
import { PreferredModelSelector } from "./model-controls";
import { SuggestionBanner } from "./suggestion-banner";
import { SuggestionCards } from "./suggestion-cards";
import { useSuggestionClock } from "./use-suggestion-clock";

type AdvancedAgentProps = {
  /** Below the suggestions: the business analysis, composed by the route (another feature's card). */
  children?: ReactNode;
};

/**
 * /app/agent-ia/advanced: the assistant in agent mode (actions run without confirmation), with its plan,
 * its execution log and the suggestions of the moment.
 */
export function AdvancedAgent({ children }: AdvancedAgentProps) {
  useDocumentTitle("Agent IA avancé");
  // Agent mode whatever the saved setting: this page is where the agent acts on its own.
  const chat = useAssistantChat({ confirmBeforeAction: false });
  const now = useSuggestionClock();
  const { dismissedIds, dismiss, withoutDismissed } = useDismissedIds();
  const chatSection = useRef<HTMLElement>(null);
  const bannerActions = useMemo(
    () => withoutDismissed(contextualActionsFor(paths.app.dashboard)),
    [withoutDismissed],
  );
  // The cards leave out what the banner already offers: the same suggestion twice on one page is noise
  // (issue 31 item 19); the next most relevant one takes its place.
  const suggestions = useMemo(() => {
    const shown = bannerItems(bannerActions).map((action) => action.id);
    return suggestionsFor({ route: paths.app.dashboard, now, dismissed: [...dismissedIds, ...shown] });
  }, [now, dismissedIds, bannerActions]);
  const run = (prompt: string) => {
    chat.sendSoon(prompt);
    chatSection.current?.scrollIntoView({ behavior: "smooth", block: "nearest" });
  };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <Link
          to={paths.app.agent.home}
          className="mb-2 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Assistant IA
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">Agent IA avancé</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Décrivez un objectif : l'agent planifie, exécute les actions et rend compte de chaque étape.
        </p>
      </div>

      <SuggestionBanner
        actions={bannerActions}
        onSelect={(action) => run(action.prompt)}
        onDismiss={dismiss}
      />

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_21rem]">
        <section
          ref={chatSection}
          aria-labelledby="agent-chat-title"
          className="flex h-[min(40rem,78dvh)] min-h-0 scroll-mt-20 flex-col overflow-hidden rounded-xl border bg-surface shadow-sm"
        >
          <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b px-4 py-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <Bot className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-48 flex-1">
              <h2 id="agent-chat-title" className="text-sm font-semibold">
                Mode agent
              </h2>
              <p className="text-xs text-muted-foreground">
                Les brouillons demandés sont créés sans confirmation. Un paiement, un e-mail, un jeton, une
                intégration ou une adresse externe attend toujours votre « Confirmer ».
              </p>
            </div>
            <PreferredModelSelector className="max-w-48" />
          </header>
          <ChatPanel chat={chat} suggestions={[]} />
        </section>
        <div className="space-y-5">
          <AgentStatus />
          <ExecutionLog />
        </div>
      </div>

      <SuggestionCards
        suggestions={suggestions}
        onApply={(suggestion) => run(suggestion.prompt)}
        onDismiss={dismiss}
      />
      {children}
    </div>
  );
}
