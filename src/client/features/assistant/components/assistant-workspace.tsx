import { contextualActionsFor, suggestionsFor, timeSuggestionsFor } from "@shared/ai/suggestions";
import { FileText, MessageSquare, Mic, Zap } from "lucide-react";
import { Tabs } from "radix-ui";
import { useMemo, useState } from "react";
import { useLocation } from "react-router";
import { useAssistantChat } from "../api/use-assistant-chat";
import { useAiAgentStore } from "../store/ai-agent-store";
import { AgentModeSwitch } from "./agent-mode-switch";
import { ChatPanel } from "./chat-panel";
import { DocumentGenerator } from "./document-generator";
import { ModelFamilyBadges, PreferredModelSelector } from "./model-controls";
import { NewConversationButton } from "./new-conversation-button";
import { SmartActionsPanel } from "./smart-actions-panel";
import { useSuggestionClock } from "./use-suggestion-clock";
import { VoicePanel } from "./voice-panel";

type Tab = "chat" | "voice" | "actions" | "documents";

const TABS: readonly { value: Tab; label: string; icon: typeof MessageSquare }[] = [
  { value: "chat", label: "Chat", icon: MessageSquare },
  { value: "voice", label: "Vocal", icon: Mic },
  { value: "actions", label: "Actions", icon: Zap },
  { value: "documents", label: "Documents", icon: FileText },
];

// The ring is drawn inside: the tab bar clips what is outside. Under 640 px the labels alone fit four tabs and the new-conversation button on one line.
const tabStyles =
  "-mb-px inline-flex flex-1 items-center justify-center gap-1.5 border-b-2 border-transparent px-1.5 py-2.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset data-[state=active]:border-primary data-[state=active]:text-foreground sm:flex-none sm:px-3 [&_svg]:hidden [&_svg]:size-4 sm:[&_svg]:block";

// The chat and the generator stay mounted when hidden: a half-typed prompt or a generated document
// survives a look at another tab.
const panelStyles = "flex min-h-0 flex-1 flex-col outline-none data-[state=inactive]:hidden";

type AssistantWorkspaceProps = {
  /** The section the dialog was opened from (spec §2). */
  section: string;
  /** Following a link to a record closes the dialog. */
  onNavigate: () => void;
};

/** The assistant dialog's body: settings bar and the four tabs (spec §2). Loaded on the first opening. */
export default function AssistantWorkspace({ section, onNavigate }: AssistantWorkspaceProps) {
  const { pathname } = useLocation();
  const now = useSuggestionClock();
  const confirmBeforeAction = useAiAgentStore((state) => state.settings.confirmBeforeAction);
  const chat = useAssistantChat({ confirmBeforeAction, section });
  const [tab, setTab] = useState<Tab>("chat");
  const suggestions = useMemo(() => suggestionsFor({ route: pathname, now }), [pathname, now]);
  const actions = useMemo(() => contextualActionsFor(pathname), [pathname]);
  const momentSuggestions = useMemo(() => timeSuggestionsFor(now), [now]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-x-4 gap-y-2 border-b bg-muted/30 px-4 py-2.5 sm:px-5">
        <AgentModeSwitch className="shrink-0" />
        <ModelFamilyBadges className="hidden lg:flex" />
        <PreferredModelSelector className="ml-auto min-w-0 max-w-52" />
      </div>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setTab(value as Tab)}
        className="flex min-h-0 flex-1 flex-col"
      >
        <div className="flex items-center gap-2 border-b px-2 sm:px-4">
          <Tabs.List aria-label="Outils de l'assistant" className="flex min-w-0 flex-1">
            {TABS.map(({ value, label, icon: Icon }) => (
              <Tabs.Trigger key={value} value={value} className={tabStyles}>
                <Icon aria-hidden="true" />
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tab === "chat" ? <NewConversationButton isCompact /> : null}
        </div>
        <Tabs.Content value="chat" forceMount className={panelStyles}>
          <ChatPanel chat={chat} suggestions={suggestions} onNavigate={onNavigate} />
        </Tabs.Content>
        <Tabs.Content value="voice" className={panelStyles}>
          <VoicePanel />
        </Tabs.Content>
        <Tabs.Content value="actions" className={`${panelStyles} overflow-y-auto px-4 py-4 sm:px-5`}>
          <SmartActionsPanel
            actions={actions}
            momentSuggestions={momentSuggestions}
            onSelect={(action) => {
              setTab("chat");
              chat.sendSoon(action.prompt);
            }}
          />
        </Tabs.Content>
        <Tabs.Content value="documents" forceMount className={panelStyles}>
          <DocumentGenerator onNavigate={onNavigate} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
