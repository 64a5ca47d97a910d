import { Logo } from "@client/components/logo";
import { DialogContent } from "@client/components/ui/dialog-content";
import { cn } from "@client/lib/cn";
import { paths } from "@shared/paths";
import { X } from "lucide-react";
import { Dialog, Tooltip } from "radix-ui";
import { Link, useLocation } from "react-router";
import { footerNavItems, isNavItemActive, mainNavItems, type NavItem } from "./nav-items";
import { iconButtonStyles } from "./shell-styles";
import { useSidebar } from "./sidebar-context";

/**
 * Spec §2 sidebar: a fixed column on desktop (16rem, or 3rem of icons when collapsed) and a drawer from
 * the left under 768 px (90 % of the width, at most 18rem).
 */
export function AppSidebar() {
  const { isExpanded, isDrawerOpen, setDrawerOpen } = useSidebar();

  return (
    <>
      <aside
        data-state={isExpanded ? "expanded" : "collapsed"}
        className={cn(
          "sticky top-0 hidden h-dvh shrink-0 flex-col overflow-hidden border-r bg-surface transition-[width] duration-200 ease-out md:flex",
          isExpanded ? "w-64" : "w-12",
        )}
      >
        <SidebarBody isCollapsed={!isExpanded} />
      </aside>

      <Dialog.Root open={isDrawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="shell-overlay fixed inset-0 z-40 bg-black/50 backdrop-blur-[2px] md:hidden" />
          <DialogContent
            aria-describedby={undefined}
            className="shell-drawer fixed inset-y-0 left-0 z-50 flex w-[90%] max-w-72 flex-col border-r bg-surface shadow-2xl outline-none md:hidden"
          >
            <Dialog.Title className="sr-only">Menu de navigation</Dialog.Title>
            <Dialog.Close
              className={cn(iconButtonStyles, "absolute top-2.5 right-2.5")}
              aria-label="Fermer le menu"
            >
              <X aria-hidden="true" />
            </Dialog.Close>
            <SidebarBody isCollapsed={false} onNavigate={() => setDrawerOpen(false)} />
          </DialogContent>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

type SidebarBodyProps = {
  isCollapsed: boolean;
  /** The drawer closes on any link, including the page already shown. */
  onNavigate?: () => void;
};

function SidebarBody({ isCollapsed, onNavigate }: SidebarBodyProps) {
  const { pathname } = useLocation();

  const renderItems = (items: NavItem[]) => (
    <ul className="flex flex-col gap-0.5">
      {items.map((item) => (
        <li key={item.to}>
          <SidebarLink
            item={item}
            isActive={isNavItemActive(pathname, item)}
            isCollapsed={isCollapsed}
            onNavigate={onNavigate}
          />
        </li>
      ))}
    </ul>
  );

  return (
    <>
      {/* Padding keeps the logo mark and every icon on the same vertical axis, expanded or collapsed. */}
      <div className="flex h-14 shrink-0 items-center border-b px-2.5">
        <Link
          to={paths.app.dashboard}
          onClick={onNavigate}
          aria-label="Ardoise, tableau de bord"
          className="flex min-w-0 rounded-lg"
        >
          <Logo className={cn("whitespace-nowrap", isCollapsed && "[&>span]:invisible")} />
        </Link>
      </div>
      <nav
        aria-label="Navigation principale"
        className="flex min-h-0 flex-1 flex-col overflow-x-hidden overflow-y-auto"
      >
        <div className="flex-1 p-2">{renderItems(mainNavItems)}</div>
        <div className="border-t p-2">{renderItems(footerNavItems)}</div>
      </nav>
    </>
  );
}

type SidebarLinkProps = {
  item: NavItem;
  isActive: boolean;
  isCollapsed: boolean;
  onNavigate?: () => void;
};

function SidebarLink({ item, isActive, isCollapsed, onNavigate }: SidebarLinkProps) {
  const Icon = item.icon;
  return (
    // Always mounted, only kept closed while expanded: swapping wrappers would drop the focus on Ctrl+B.
    <Tooltip.Root open={isCollapsed ? undefined : false}>
      <Tooltip.Trigger asChild>
        <Link
          to={item.to}
          onClick={onNavigate}
          aria-current={isActive ? "page" : undefined}
          className={cn(
            "flex h-9 w-full items-center gap-3 overflow-hidden rounded-lg px-2 text-sm font-medium whitespace-nowrap transition-colors",
            isActive
              ? "bg-accent text-accent-foreground"
              : "text-muted-foreground hover:bg-muted hover:text-foreground",
          )}
        >
          <Icon className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{item.label}</span>
        </Link>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="right"
          sideOffset={10}
          className="shell-pop z-50 rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-md"
        >
          {item.label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
