import { Logo } from "@client/components/logo";
import { cn } from "@client/lib/cn";
import { useModifierLabel } from "@client/lib/shortcuts";
import { paths } from "@shared/paths";
import { PanelLeft, PanelLeftClose, PanelLeftOpen, Search, Sparkles } from "lucide-react";
import { Tooltip } from "radix-ui";
import type { ReactElement } from "react";
import { Link } from "react-router";
import { NotificationBell } from "./notification-bell";
import { iconButtonStyles } from "./shell-styles";
import { useSidebar } from "./sidebar-context";
import { UserMenu } from "./user-menu";

type AppHeaderProps = {
  onOpenPalette: () => void;
  /** The pointer or the focus reached the search button: the palette's code can start loading. */
  onPalettePrefetch: () => void;
  onOpenAssistant: () => void;
};

/** Spec §2 header: sidebar toggle, brand (mobile only), search, notifications, IA, account. */
export function AppHeader({ onOpenPalette, onPalettePrefetch, onOpenAssistant }: AppHeaderProps) {
  const { isMobile, isExpanded, isDrawerOpen, toggle } = useSidebar();
  const mod = useModifierLabel();
  const toggleLabel = isMobile
    ? "Ouvrir le menu"
    : isExpanded
      ? "Réduire la barre latérale"
      : "Développer la barre latérale";
  const ToggleIcon = isMobile ? PanelLeft : isExpanded ? PanelLeftClose : PanelLeftOpen;

  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-1 border-b bg-surface/85 px-2 backdrop-blur supports-[backdrop-filter]:bg-surface/70 sm:gap-2 sm:px-4">
      <HeaderTooltip label={`${toggleLabel} (${mod}+B)`}>
        <button
          type="button"
          onClick={toggle}
          aria-label={toggleLabel}
          aria-expanded={isMobile ? isDrawerOpen : isExpanded}
          className={iconButtonStyles}
        >
          <ToggleIcon aria-hidden="true" />
        </button>
      </HeaderTooltip>

      <Link
        to={paths.app.dashboard}
        aria-label="Ardoise, tableau de bord"
        className="ml-1 flex min-w-0 rounded-lg md:hidden"
      >
        {/* Under 360 px the word would push the account menu off screen; the mark stays. */}
        <Logo className="max-[359px]:[&>span]:hidden" />
      </Link>

      <div className="flex-1" />

      {/* The shortcut is drawn over the button, not inside it: inside, « Ctrl K » would be part of its
          visible text, which its name must then contain (WCAG 2.5.3); aria-keyshortcuts says it. */}
      <div className="relative">
        <HeaderTooltip label={`Rechercher (${mod}+K)`}>
          <button
            type="button"
            onClick={onOpenPalette}
            onPointerEnter={onPalettePrefetch}
            onFocus={onPalettePrefetch}
            aria-label="Rechercher une page, une action ou un dossier"
            aria-keyshortcuts="Control+K Meta+K"
            className={cn(
              iconButtonStyles,
              "lg:w-64 lg:justify-start lg:gap-2.5 lg:border lg:bg-muted/50 lg:px-3 lg:hover:bg-muted",
            )}
          >
            <Search aria-hidden="true" />
            <span className="hidden flex-1 text-left text-sm lg:inline">Rechercher…</span>
          </button>
        </HeaderTooltip>
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 hidden -translate-y-1/2 lg:inline"
        >
          <kbd className="rounded border bg-surface px-1.5 py-0.5 font-sans text-[11px] text-muted-foreground">
            {mod} K
          </kbd>
        </span>
      </div>

      <NotificationBell />

      <button
        type="button"
        onClick={onOpenAssistant}
        aria-label="Ouvrir l'assistant IA"
        className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg bg-accent px-3 text-sm font-semibold text-accent-foreground transition-colors hover:bg-primary hover:text-primary-foreground"
      >
        <Sparkles className="size-4" aria-hidden="true" />
        IA
      </button>

      <div className="ml-1">
        <UserMenu />
      </div>
    </header>
  );
}

function HeaderTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          sideOffset={6}
          className="shell-pop z-50 rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-md"
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
