import { useEffect, useRef } from "react";

// A page's heading may wait for its lazy chunk and its data; past this, the main region takes the focus.
const HEADING_WAIT_MS = 3000;

/**
 * After a page change, the focus moves to the new page's heading (or its main region), so a keyboard or
 * screen-reader user starts from the new content instead of the link left behind (issue 31 item 24).
 * The first page of a visit keeps the browser's own start; a dialog still open, or a field the new page
 * focused itself, keeps the focus.
 */
export function usePageChangeFocus(pathname: string, mainId: string) {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const startedAt = performance.now();
    let frame = 0;
    const focusWhenReady = () => {
      const main = document.getElementById(mainId);
      const focused = document.activeElement;
      if (!main || focused?.closest("[role='dialog'], [role='alertdialog']")) return;
      // The new page placed the focus itself (a form's first field): it keeps it.
      if (focused && focused !== main && main.contains(focused)) return;
      const heading = main.querySelector<HTMLElement>("h1");
      if (!heading && performance.now() - startedAt < HEADING_WAIT_MS) {
        frame = requestAnimationFrame(focusWhenReady);
        return;
      }
      const target = heading ?? main;
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus();
    };
    frame = requestAnimationFrame(focusWhenReady);
    return () => cancelAnimationFrame(frame);
  }, [pathname, mainId]);
}
