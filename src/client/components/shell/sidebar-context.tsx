import { requestCookies } from "@client/lib/server-request";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { useLocation } from "react-router";
import { readSidebarCookie, sidebarCookie } from "./sidebar-state";

// Spec §9: below 768 px the sidebar is a drawer.
const MOBILE_QUERY = "(max-width: 767.98px)";

function subscribeMobile(listener: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

function getIsMobile(): boolean {
  return window.matchMedia(MOBILE_QUERY).matches;
}

// A page the server renders knows no viewport: it is rendered for a desktop, and a phone corrects the header's
// toggle once hydrated (only its label and icon differ; the drawer and column are laid out by CSS).
const getServerIsMobile = () => false;

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribeMobile, getIsMobile, getServerIsMobile);
}

type SidebarContextValue = {
  /** Desktop: full width (true) or icons only (false). */
  isExpanded: boolean;
  /** Mobile: the drawer is open. */
  isDrawerOpen: boolean;
  isMobile: boolean;
  setDrawerOpen: (isOpen: boolean) => void;
  /** Ctrl/Cmd+B and the header button: the drawer on mobile, the column width on desktop. */
  toggle: () => void;
};

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [isExpanded, setIsExpanded] = useState(() => readSidebarCookie(requestCookies()) ?? true);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const [drawerPath, setDrawerPath] = useState(pathname);

  // Any navigation closes the drawer, including one made by a keyboard shortcut or the palette.
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    setDrawerOpen(false);
  }

  // The drawer only exists below 768 px: growing the window past it closes it (state adjusted during render).
  if (!isMobile && isDrawerOpen) setDrawerOpen(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setDrawerOpen((isOpen) => !isOpen);
      return;
    }
    const next = !isExpanded;
    setIsExpanded(next);
    // biome-ignore lint/suspicious/noDocumentCookie: a UI preference; the Cookie Store API is not in every browser yet.
    document.cookie = sidebarCookie(next, window.location.protocol === "https:");
  }, [isMobile, isExpanded]);

  const value = useMemo(
    () => ({ isExpanded, isDrawerOpen, isMobile, setDrawerOpen, toggle }),
    [isExpanded, isDrawerOpen, isMobile, toggle],
  );
  return <SidebarContext value={value}>{children}</SidebarContext>;
}

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error("useSidebar must be used inside SidebarProvider");
  return context;
}
