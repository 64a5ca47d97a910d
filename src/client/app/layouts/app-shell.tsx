import { AppHeader } from "@client/components/shell/app-header";
import { AppSidebar } from "@client/components/shell/app-sidebar";
import { AssistantDialog, AssistantLoadError } from "@client/components/shell/assistant-dialog";
import type { PaletteProps } from "@client/components/shell/command-palette";
import { SidebarProvider, useSidebar } from "@client/components/shell/sidebar-context";
import { sectionFromPath } from "@client/lib/section";
import { useAppShortcuts } from "@client/lib/shortcuts";
import { Tooltip } from "radix-ui";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { toast } from "sonner";
import "@client/components/shell/shell.css";

// The assistant (markdown, chat, generator) stays out of the first page: fetched when the dialog first opens.
const AssistantWorkspace = lazy(() =>
  import("@client/features/assistant/components/assistant-workspace").catch((error: unknown) => {
    console.error(error);
    return { default: AssistantLoadError };
  }),
);

// The palette (cmdk, the global search and its schemas, hence zod) loads when first opened, or as soon as the
// pointer or the focus reaches its button: the first page of a visit does without it (issue 15).
const loadCommandPalette = () => import("@client/components/shell/command-palette");
const CommandPalette = lazy<ComponentType<PaletteProps>>(() =>
  loadCommandPalette().then(
    (module) => ({ default: module.CommandPalette }),
    (error: unknown) => {
      console.error(error);
      return { default: PaletteLoadError };
    },
  ),
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
  // Once opened, the palette stays mounted: it keeps its closing animation and answers the next opening at once.
  const [hasOpenedPalette, setHasOpenedPalette] = useState(false);
  const openPalette = () => {
    setHasOpenedPalette(true);
    setPaletteOpen(true);
  };
  const [isAssistantOpen, setAssistantOpen] = useState(false);
  const section = sectionFromPath(pathname);

  useAppShortcuts({ onToggleSidebar: toggle, onOpenPalette: openPalette });

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
          onOpenPalette={openPalette}
          onPalettePrefetch={() => void loadCommandPalette().catch(() => {})}
          onOpenAssistant={() => setAssistantOpen(true)}
        />
        <main id="contenu" tabIndex={-1} className="flex-1 bg-muted/40 focus:outline-none">
          {children}
        </main>
      </div>
      {hasOpenedPalette ? (
        <Suspense fallback={null}>
          <CommandPalette isOpen={isPaletteOpen} onOpenChange={setPaletteOpen} />
        </Suspense>
      ) : null}
      <AssistantDialog isOpen={isAssistantOpen} onOpenChange={setAssistantOpen} section={section}>
        <AssistantWorkspace section={section} onNavigate={() => setAssistantOpen(false)} />
      </AssistantDialog>
    </div>
  );
}

/** Stands for the palette when its code could not be downloaded: each opening says so, and nothing opens. */
function PaletteLoadError({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  useEffect(() => {
    if (!isOpen) return;
    toast.error("Impossible d'ouvrir la recherche", {
      description: "Vérifiez votre connexion, puis rechargez la page pour réessayer.",
    });
    onOpenChange(false);
  }, [isOpen, onOpenChange]);
  return null;
}
