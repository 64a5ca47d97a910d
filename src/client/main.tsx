import "./styles.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { Providers } from "./app/providers";
import { routes } from "./app/router";

const container = document.getElementById("root");
if (!container) throw new Error("Élément #root introuvable dans index.html");

const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <Providers>
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

// A page the build prerendered (vite.config.ts) is hydrated, not rendered again: hydration works in small
// slices instead of one long task. Before its route modules are there, the router would render its
// fallback instead of the page, so it waits for them; the page stays inert until it answers.
if (container.hasAttribute("data-prerendered")) {
  void routerReady().then(() => {
    hydrateRoot(container, app);
    container.removeAttribute("inert");
  });
} else {
  createRoot(container).render(app);
}
