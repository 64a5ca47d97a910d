import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as wait } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { fillRenderedPage } from "@shared/rendered-page";
import type { DehydratedState } from "@tanstack/react-query";
import { type Context, Hono } from "hono";

/** The part of src/client/prerender.tsx, built into dist/page-render by vite.config.ts, that the server runs. */
type PageRenderer = {
  renderSignedIn(
    path: string,
    request: { fetch: (path: string, init: RequestInit) => Promise<Response>; cookie: string },
  ): Promise<{ markup: string; state: DehydratedState } | undefined>;
};

export type SpaOptions = {
  /** The server's own app, which answers the API requests of a page it renders. */
  fetchApi?: (request: Request, env: unknown) => Response | Promise<Response>;
  /** Whether a request carries a session cookie: without one, no page is rendered with data. */
  hasSessionCookie?: (headers: Headers) => boolean;
  /** A page that could not be rendered is still served, without its data: the failure goes here. */
  onRenderError?: (error: unknown, path: string) => void;
};

// Past this, the page goes without its data rather than wait for a slow API: the browser asks for it itself.
const RENDER_BUDGET_MS = 1500;

/** The HTML files of a build folder (pages/, rendered/), by the path they serve. */
function readHtmlFiles(dir: string): Map<string, string> {
  return new Map(
    (existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }) : [])
      .filter((name) => name.endsWith(".html"))
      .map((name) => [`/${name.slice(0, -".html".length)}`, readFileSync(join(dir, name), "utf8")]),
  );
}

/**
 * Serves the built SPA: hashed assets are cached for a year, every other GET path that is not a file
 * gets index.html (history fallback) so the client router can render it, its own 404 included. A page the
 * build gave its own HTML (pages/<path>.html: prerendered, or preloading its chunks; see vite.config.ts) gets
 * it for its bare path; with a query string the page may show another state (/auth?mode=reset), so it gets
 * index.html.
 *
 * A page the build gave a template for (rendered/<path>.html) is rendered with the user's data for a GET
 * with a session cookie, with or without a query string: the page then shows before its code has loaded
 * (issue 15, decision 017). Its API requests go to `fetchApi` with the request's cookies, through every guard a browser's
 * request would meet. Signed out, unpaid, or an API that fails or is slow: the page goes without its data.
 */
export function spaRoutes(clientDir: string, { fetchApi, hasSessionCookie, onRenderError }: SpaOptions = {}) {
  const app = new Hono();
  const indexPath = join(clientDir, "index.html");
  if (!existsSync(indexPath)) return app;
  const indexHtml = readFileSync(indexPath, "utf8");
  const pages = readHtmlFiles(join(clientDir, "pages"));
  const rendered = fetchApi ? readHtmlFiles(join(clientDir, "rendered")) : new Map<string, string>();
  const rendererFile = join(clientDir, "..", "page-render", "prerender.js");
  // Loaded once, as the server starts, not on the first visit: it brings React's server renderer.
  const renderer: Promise<PageRenderer> | undefined =
    rendered.size > 0 && existsSync(rendererFile) ? import(pathToFileURL(rendererFile).href) : undefined;
  renderer?.catch((error: unknown) => onRenderError?.(error, rendererFile));

  /**
   * The page's HTML with its data, or undefined for the page without it. The cookies the API set while
   * answering (a session renewed for another week, or ended) go to `setCookies`, for the browser: it would
   * have received them had it asked itself. Past the budget, the requests already running are waited for
   * (as long again at most): one of them may be renewing the session, and its cookie must not be lost.
   */
  async function renderPage(c: Context, template: string, setCookies: string[]): Promise<string | undefined> {
    const cookie = c.req.header("cookie");
    if (!renderer || !fetchApi || !cookie || !hasSessionCookie?.(c.req.raw.headers)) return undefined;
    const path = c.req.path + new URL(c.req.url).search;
    // Past the budget, the render's next requests fail at once: it stops instead of working for no one.
    const budget = new AbortController();
    const running = new Set<Promise<unknown>>();
    const request = {
      cookie,
      fetch: async (apiPath: string, init: RequestInit) => {
        budget.signal.throwIfAborted();
        const headers = new Headers(init.headers);
        headers.set("cookie", cookie);
        const answer = Promise.resolve(
          fetchApi(new Request(new URL(apiPath, c.req.url), { ...init, headers }), c.env),
        ).then((response) => {
          setCookies.push(...response.headers.getSetCookie());
          return response;
        });
        running.add(answer);
        return answer.finally(() => running.delete(answer));
      },
    };
    const tooSlow = wait(RENDER_BUDGET_MS, undefined, { signal: budget.signal }).catch(() => undefined);
    try {
      const page = await Promise.race([(await renderer).renderSignedIn(path, request), tooSlow]);
      return page && fillRenderedPage(template, page.markup, page.state);
    } catch (error) {
      onRenderError?.(error, path);
      return undefined;
    } finally {
      budget.abort();
      if (running.size > 0) {
        const grace = new AbortController();
        const graceOver = wait(RENDER_BUDGET_MS, undefined, { signal: grace.signal }).catch(() => undefined);
        await Promise.race([Promise.allSettled(running), graceOver]);
        grace.abort();
      }
    }
  }

  app.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // A missing hashed asset is a stale page asking for an old build: a real 404, never index.html.
  app.get("/assets/*", (c) => c.text("Not found", 404));
  app.use(
    "*",
    serveStatic({
      root: clientDir,
      onFound: (_path, c) => {
        c.header("Cache-Control", "no-cache");
      },
    }),
  );
  app.get("*", async (c) => {
    const template = c.req.method === "GET" ? rendered.get(c.req.path) : undefined;
    const setCookies: string[] = [];
    const page = template === undefined ? undefined : await renderPage(c, template, setCookies);
    for (const setCookie of setCookies) c.header("Set-Cookie", setCookie, { append: true });
    if (page !== undefined || setCookies.length > 0) {
      // The user's own data, or cookies: stored by no cache, not even the browser's (a page reloaded after a
      // sign-out must not come back from it), and asked again at each visit.
      c.header("Cache-Control", "private, no-store");
      c.header("Vary", "Cookie", { append: true });
    } else c.header("Cache-Control", "no-cache");
    if (page !== undefined) return c.html(page);
    const isBarePath = !c.req.url.includes("?");
    return c.html((isBarePath && pages.get(c.req.path)) || indexHtml);
  });
  return app;
}
