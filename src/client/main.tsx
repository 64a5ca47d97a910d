// First: zod's setting, before this file's own modules build any schema (see the file).
import "./zod-without-eval";
import "./styles.css";
import { isAppPath } from "@shared/paths";
import { QUERY_STATE_ID } from "@shared/rendered-page";
import { hydrate } from "@tanstack/react-query";
import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { Providers } from "./app/providers";
import { createQueryClient } from "./app/query-client";
import { routes } from "./app/router";
import { prefetchAccess } from "./lib/session";

const container = document.getElementById("root");
if (!container) throw new Error("Élément #root introuvable dans index.html");

/**
 * Creates the router (which starts downloading the page's lazy modules) and renders or hydrates the app.
 * Run as a task of its own after the modules' evaluation: two shorter tasks instead of one long one, which
 * a phone's main thread needs to answer a tap in between (issue 15, Lighthouse's total blocking time).
 */
function start(container: HTMLElement) {
  const queryClient = createQueryClient();
  // A page the server rendered with the user's data brings the answers it was rendered from: hydration
  // then finds the same tree, and nothing is asked again.
  const renderedState = document.getElementById(QUERY_STATE_ID);
  if (renderedState?.textContent) hydrate(queryClient, JSON.parse(renderedState.textContent));
  // An /app page waits for the session, then for the profile (paid or not), before its own data: both
  // asked at once, one round trip less before every page of the app.
  if (isAppPath(window.location.pathname)) {
    void prefetchAccess(queryClient);
  }
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <Providers client={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );

  /** Resolves once the router has loaded the lazy modules of the current URL and can render the page itself. */
  function routerReady(): Promise<void> {
    return new Promise((resolve) => {
      if (router.state.initialized) return resolve();
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  }

  // A page the build prerendered (vite.config.ts) is hydrated, not rendered again. Before its route modules
  // are there, the router would render its fallback instead of the page, so it waits for them. Hydrating
  // as a transition lets React work in slices of a few milliseconds instead of one long task; the page
  // stays inert until the hydration has committed, so that its form never submits natively.
  if (container.hasAttribute("data-prerendered")) {
    void routerReady().then(() =>
      startTransition(() => {
        hydrateRoot(container, <ReleaseWhenHydrated container={container}>{app}</ReleaseWhenHydrated>);
      }),
    );
  } else {
    createRoot(container).render(app);
  }
}

/**
 * Makes the prerendered page usable once hydrated: its form then submits through React. A wrapper, not a
 * sibling of the app: a sibling would change the ids React gives (useId), and they would no longer match
 * the ones in the server's HTML.
 */
function ReleaseWhenHydrated({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => container.removeAttribute("inert"), [container]);
  return children;
}

// A message, not a timer: the next task without a timer's minimum delay.
const nextTask = new MessageChannel();
nextTask.port1.onmessage = () => start(container);
nextTask.port2.postMessage(null);
