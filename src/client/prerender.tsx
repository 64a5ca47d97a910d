import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from "react-router";
import { Providers } from "./app/providers";
import { createQueryClient } from "./app/query-client";
import { routes } from "./app/router";

/**
 * The HTML of a page that needs no data, rendered at build time (vite.config.ts) so that it paints as soon
 * as the stylesheet arrives, before any JavaScript; main.tsx then hydrates it (issue 15, Lighthouse on
 * /auth). Rendered with the same route table and providers as the browser, so hydration finds the same tree.
 */
export async function prerender(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, "http://localhost")));
  if (context instanceof Response) throw new Error(`${path} redirects: nothing to prerender`);
  if (context.errors) throw new Error(`${path} fails: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  try {
    return renderToString(
      <Providers client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>,
    );
  } finally {
    queryClient.clear();
  }
}

/** Loads the lazy modules of a page that needs the user's data: the build preloads their chunks. */
export async function loadRouteModules(path: string): Promise<undefined> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(matches.map(({ route }) => (typeof route.lazy === "function" ? route.lazy() : null)));
  return undefined;
}
