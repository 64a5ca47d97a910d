import { AsyncLocalStorage } from "node:async_hooks";
import {
  type DehydratedState,
  dehydrate,
  type Query,
  type QueryClient,
  skipToken,
} from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  type StaticHandlerContext,
  StaticRouterProvider,
} from "react-router";
import { Providers } from "./app/providers";
import { createQueryClient } from "./app/query-client";
import { routes } from "./app/router";
import { type ServerRequest, setServerRequestSource } from "./lib/server-request";
import { hasPaidProfile, prefetchAccess, profileQuery, sessionQuery } from "./lib/session";

/** Renders the route table at `path` with the browser's providers, so that hydration finds the same tree. */
async function routeContext(path: string): Promise<{
  handler: ReturnType<typeof createStaticHandler>;
  context: StaticHandlerContext;
}> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, "http://localhost")));
  if (context instanceof Response) throw new Error(`${path} redirects: nothing to render`);
  if (context.errors) throw new Error(`${path} fails: ${JSON.stringify(context.errors)}`);
  return { handler, context };
}

function renderRoute(
  { handler, context }: Awaited<ReturnType<typeof routeContext>>,
  queryClient: QueryClient,
): string {
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <Providers client={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
  );
}

/**
 * The HTML of a page that needs no data, rendered at build time (vite.config.ts) so that it paints as soon
 * as the stylesheet arrives, before any JavaScript; main.tsx then hydrates it (issue 15, Lighthouse on
 * /auth).
 */
export async function prerender(path: string): Promise<string> {
  const route = await routeContext(path);
  const queryClient = createQueryClient({ followsSession: false });
  try {
    return renderRoute(route, queryClient);
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

const renderedRequest = new AsyncLocalStorage<ServerRequest>();
setServerRequestSource(() => renderedRequest.getStore());

// The session and the profile are asked for before the first pass; then a pass renders the page and asks for
// its own data, and one more renders it with that data. Four leave room for a page whose data depends on
// other data.
const MAX_PASSES = 4;

/** A query the last render asked for that has no answer yet. Its `enabled` as the last render gave it. */
function isAwaited(query: Query): boolean {
  const { enabled, queryFn } = query.options as typeof query.options & {
    enabled?: boolean | ((query: Query) => boolean);
  };
  const isEnabled = typeof enabled === "function" ? enabled(query) : enabled !== false;
  return query.state.status === "pending" && isEnabled && queryFn !== undefined && queryFn !== skipToken;
}

/**
 * The answers as the page's HTML carries them, less the session's token: the page never uses it, and in the
 * page's DOM any script could read it, which the HttpOnly cookie is there to prevent.
 */
function withoutSessionToken(state: DehydratedState): DehydratedState {
  const queries = state.queries.map((query) => {
    const data = query.state.data as { session?: { token?: string } } | null | undefined;
    if (query.queryKey[0] !== sessionQuery.queryKey[0] || !data?.session) return query;
    const { token: _token, ...session } = data.session;
    return { ...query, state: { ...query.state, data: { ...data, session } } };
  });
  return { ...state, queries };
}

/**
 * A signed-in page rendered by the server with the user's data, for main.tsx to hydrate: the page shows at
 * once, before its code has loaded (issue 15, Lighthouse on /app/invoices). The page's own queries ask the
 * server's API (request.fetch, with the request's session) as they would from the browser: each pass renders,
 * then answers what the render asked for, until a pass asks for nothing new. Undefined when the page would
 * not show the app itself (signed out, unpaid, an API failure): the server then sends the page without it.
 */
export async function renderSignedIn(
  path: string,
  request: ServerRequest,
): Promise<{ markup: string; state: DehydratedState } | undefined> {
  // The API's own work runs outside the render's context: nothing it keeps (a timer, a cached promise) holds
  // on to this request's cookies.
  const outside: ServerRequest = {
    ...request,
    fetch: (apiPath, init) => renderedRequest.exit(() => request.fetch(apiPath, init)),
  };
  return renderedRequest.run(outside, async () => {
    const route = await routeContext(path);
    const queryClient = createQueryClient({ followsSession: false });
    const answer = (query: Pick<Query, "queryKey" | "options">) =>
      // No retry: the browser asks again itself if the page comes without this answer.
      queryClient.prefetchQuery({ queryKey: query.queryKey, queryFn: query.options.queryFn, retry: false });
    const hasFailed = () =>
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status === "error");
    try {
      // As main.tsx does: both at once, one render pass less; and no pass at all for a page that would show
      // the guard's screens instead of the app.
      await prefetchAccess(queryClient, { retry: false });
      const session = queryClient.getQueryData(sessionQuery.queryKey);
      const profile = queryClient.getQueryData(profileQuery.queryKey);
      if (!session?.user || !profile || !hasPaidProfile(profile)) return undefined;
      for (let pass = 1; pass <= MAX_PASSES; pass++) {
        const markup = renderRoute(route, queryClient);
        const awaited = queryClient.getQueryCache().getAll().filter(isAwaited);
        if (awaited.length === 0)
          return hasFailed() ? undefined : { markup, state: withoutSessionToken(dehydrate(queryClient)) };
        await Promise.all(awaited.map(answer));
      }
      return undefined;
    } finally {
      queryClient.clear();
    }
  });
}
