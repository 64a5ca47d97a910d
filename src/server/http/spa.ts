import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";

/**
 * Serves the built SPA: hashed assets are cached for a year, every other GET path that is not a file
 * gets index.html (history fallback) so the client router can render it, its own 404 included. A page the
 * build gave its own HTML (pages/<path>.html: prerendered, or preloading its chunks; see vite.config.ts) gets
 * it for its bare path; with a query string the page may show another state (/auth?mode=reset), so it gets
 * index.html.
 */
export function spaRoutes(clientDir: string) {
  const app = new Hono();
  const indexPath = join(clientDir, "index.html");
  if (!existsSync(indexPath)) return app;
  const indexHtml = readFileSync(indexPath, "utf8");
  const pagesDir = join(clientDir, "pages");
  const pages = new Map(
    (existsSync(pagesDir) ? readdirSync(pagesDir, { recursive: true, encoding: "utf8" }) : [])
      .filter((name) => name.endsWith(".html"))
      .map((name) => [`/${name.slice(0, -".html".length)}`, readFileSync(join(pagesDir, name), "utf8")]),
  );

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
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    const isBarePath = !c.req.url.includes("?");
    return c.html((isBarePath && pages.get(c.req.path)) || indexHtml);
  });
  return app;
}
