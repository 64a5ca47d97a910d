import { AppHeader } from "@client/components/shell/app-header";
import { AppSidebar } from "@client/components/shell/app-sidebar";
import { AssistantDialog, AssistantLoadError } from "@client/components/shell/assistant-dialog";
import { pageLabelFromPath } from "@client/components/shell/nav-items";
import { SidebarProvider, useSidebar } from "@client/components/shell/sidebar-context";
import { usePageChangeFocus } from "@client/components/shell/use-page-change-focus";
import { MAIN_CONTENT_ID } from "@client/components/ui/main-content";
import { sectionFromPath } from "@client/lib/section";
import { useAppShortcuts } from "@client/lib/shortcuts";
import { Tooltip } from "radix-ui";
import { lazy, type ReactNode, useEffect, useState } from "react";
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

type PaletteModule = typeof import("@client/components/shell/command-palette");

// The palette (cmdk and the global search) is not part of the first page of a visit
// (issue 15). Its code loads once the page is idle, or before if the pointer or the focus reaches its button
// or Ctrl or ⌘ goes down (the start of Ctrl+K), at the latest when it is asked for; it opens once its code
// is there, without a fallback in between (a Suspense fallback would hold it back 300 ms more).
let paletteModule: PaletteModule | undefined;
async function loadCommandPalette(): Promise<PaletteModule> {
  paletteModule ??= await import("@client/components/shell/command-palette");
  return paletteModule;
}
const prefetchCommandPalette = () => void loadCommandPalette().catch(() => {});

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
  const openPalette = () => {
    if (paletteModule) {
      setPaletteOpen(true);
      return;
    }
    loadCommandPalette().then(
      () => setPaletteOpen(true),
      (error: unknown) => {
        console.error(error);
        toast.error("Impossible d'ouvrir la recherche", {
          description: "Vérifiez votre connexion, puis rechargez la page pour réessayer.",
        });
      },
    );
  };
  useEffect(() => {
    const onModifier = (event: KeyboardEvent) => {
      if (event.key === "Control" || event.key === "Meta") prefetchCommandPalette();
    };
    window.addEventListener("keydown", onModifier);
    // Otherwise once the page is idle, so that a first Ctrl+K opens at once and keeps what is typed next.
    const idle = window.requestIdleCallback?.(prefetchCommandPalette);
    return () => {
      window.removeEventListener("keydown", onModifier);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
  // Once loaded, the palette stays mounted: it keeps its closing animation and opens again at once.
  const Palette = paletteModule?.CommandPalette;
  const [isAssistantOpen, setAssistantOpen] = useState(false);
  const section = sectionFromPath(pathname);

  useAppShortcuts({ onToggleSidebar: toggle, onOpenPalette: openPalette });
  usePageChangeFocus(pathname, MAIN_CONTENT_ID);

  return (
    <div className="flex min-h-dvh bg-background">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2 focus:shadow-lg"
      >
        Aller au contenu
      </a>
      <AppSidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader
          onOpenPalette={openPalette}
          onPalettePrefetch={prefetchCommandPalette}
          onOpenAssistant={() => setAssistantOpen(true)}
        />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 bg-muted/40 focus:outline-none">
          {children}
        </main>
      </div>
      {Palette ? <Palette isOpen={isPaletteOpen} onOpenChange={setPaletteOpen} /> : null}
      <AssistantDialog
        isOpen={isAssistantOpen}
        onOpenChange={setAssistantOpen}
        pageLabel={pageLabelFromPath(pathname)}
      >
        <AssistantWorkspace section={section} onNavigate={() => setAssistantOpen(false)} />
      </AssistantDialog>
    </div>
  );
}
