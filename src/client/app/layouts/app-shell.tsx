import { AppHeader } from "@client/components/shell/app-header";
import { AppSidebar } from "@client/components/shell/app-sidebar";
import { AssistantDialog, AssistantLoadError } from "@client/components/shell/assistant-dialog";
import { CommandPalette } from "@client/components/shell/command-palette";
import { SidebarProvider, useSidebar } from "@client/components/shell/sidebar-context";
import { sectionFromPath } from "@client/lib/section";
import { useAppShortcuts } from "@client/lib/shortcuts";
import { Tooltip } from "radix-ui";
import { lazy, type ReactNode, useState } from "react";
import { useLocation } from "react-router";
import "@client/components/shell/shell.css";

// The assistant (markdown, chat, generator) stays out of the first page: fetched when the dialog first opens.
const AssistantWorkspace = lazy(() =>
  import("@client/features/assistant/components/assistant-workspace").catch((error: unknown) => {
    console.error(error);
    return { default: AssistantLoadError };
  }),
);

// Spec §9: tooltips wait 700 ms, then 300 ms while moving from one to the next.
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

/** The signed-in, paid area (spec §2): sidebar, sticky header, shortcuts, command palette and assistant. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <SidebarProvider>
        <ShellFrame>{children}</ShellFrame>
      </SidebarProvider>
    </Tooltip.Provider>
  );
}

function ShellFrame({ children }: { children: ReactNode }) {
  const { toggle } = useSidebar();
  const { pathname } = useLocation();
  const [isPaletteOpen, setPaletteOpen] = useState(false);
  const [isAssistantOpen, setAssistantOpen] = useState(false);
  const section = sectionFromPath(pathname);

  useAppShortcuts({ onToggleSidebar: toggle, onOpenPalette: () => setPaletteOpen(true) });

  return (
    <div className="flex min-h-dvh bg-background">
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2 focus:shadow-lg"
      >
        Aller au contenu
      </a>
      <AppSidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader
          onOpenPalette={() => setPaletteOpen(true)}
          onOpenAssistant={() => setAssistantOpen(true)}
        />
        <main id="contenu" tabIndex={-1} className="flex-1 bg-muted/40 focus:outline-none">
          {children}
        </main>
      </div>
      <CommandPalette isOpen={isPaletteOpen} onOpenChange={setPaletteOpen} />
      <AssistantDialog isOpen={isAssistantOpen} onOpenChange={setAssistantOpen} section={section}>
        <AssistantWorkspace section={section} onNavigate={() => setAssistantOpen(false)} />
      </AssistantDialog>
    </div>
  );
}
