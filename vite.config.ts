import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build, createServer, defineConfig, type Plugin } from "vite";
import { RENDERED_ROOT } from "./src/shared/rendered-page.ts";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "3001"}`;

// Pages given their own HTML at build time, pages/<path>.html, which src/server/http/spa.ts serves for that
// exact path (issue 15, Lighthouse). A page that needs no data is prerendered: it paints before its
// JavaScript has loaded. A page that needs the user's data preloads its chunks; "render": the server also
// renders it with the user's data (src/client/prerender.tsx, built for Node into dist/page-render), from the
// template rendered/<path>.html, and falls back to the preloading page. Its modules must load in Node (the
// dashboard's read window at import, so /app is not here).
const PAGES: Record<string, "prerender" | "preload" | "render"> = {
  "/auth": "prerender",
  "/app/invoices": "render",
};

/** Where the build puts the server's renderer: beside dist/client, never served. */
const RENDERER_DIR = fromRoot("./dist/page-render");

const MODULE_TAGS =
  /\s*<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)">(?:<\/script>)?/g;

/**
 * A prerendered page's scripts, from the template's module tags and the page's own chunks, handed to
 * public/load-after-paint.js: the page paints from its HTML and stylesheet alone, then loads its code.
 */
function loadAfterPaint(template: string, pageChunks: string[]): string {
  const addresses = [...template.matchAll(MODULE_TAGS)].map((match) => match[1] ?? "");
  const [entry, ...imports] = addresses;
  if (!entry?.startsWith("/assets/index-")) throw new Error("index.html: entry script not found");
  const modules = [...new Set([...imports, ...pageChunks.map((name) => `/${name}`)])].filter(
    (address) => address !== entry,
  );
  const loader = `<script defer src="/load-after-paint.js" data-entry="${entry}" data-modules="${modules.join(" ")}"></script>`;
  return template.replace(MODULE_TAGS, "").replace("</head>", `  ${loader}\n  </head>`);
}

/**
 * After the client build, loads each page of PAGES with src/client/prerender.tsx through Vite's SSR loader
 * (aliases and JSX as in the browser) and writes a copy of index.html for it. A page that needs data preloads
 * its lazy chunks (every chunk holding a module the page evaluated, and their imports), so they download
 * beside the entry instead of after it. A prerendered page requests them with its entry once it has painted
 * (loadAfterPaint). Its root stays inert until main.tsx has hydrated it: a form sent before then would be a
 * native GET with the password in the URL.
 */
function pageHtml(): Plugin {
  const chunks = new Map<string, { moduleIds: string[]; imports: string[] }>();
  let outDir = "";
  return {
    name: "ardoise-page-html",
    // The client's build only: the renderer's own build below goes through this file too.
    apply: (_config, { command, isSsrBuild }) => command === "build" && !isSsrBuild,
    configResolved(config) {
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle))
        if (output.type === "chunk") chunks.set(output.fileName, output);
    },
    async closeBundle() {
      const template = readFileSync(join(outDir, "index.html"), "utf8");
      const server = await createServer({
        configFile: fromRoot("./vite.config.ts"),
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: "custom",
        logLevel: "warn",
      });
      try {
        for (const [path, kind] of Object.entries(PAGES)) {
          // Each page from fresh modules, so that the graph below holds only what this page evaluated.
          server.moduleGraph.invalidateAll();
          const page = await server.ssrLoadModule(fromRoot("./src/client/prerender.tsx"));
          const markup: string | undefined =
            kind === "prerender" ? await page.prerender(path) : await page.loadRouteModules(path);
          const write = (dir: string, content: string) => {
            const file = join(outDir, dir, `${path.slice(1)}.html`);
            mkdirSync(dirname(file), { recursive: true });
            writeFileSync(file, content);
          };
          // Evaluated modules only: the graph also lists every lazy route the router merely names.
          const used = new Set(
            [...server.moduleGraph.idToModuleMap.values()]
              .filter((node) => node.ssrModule)
              .map((node) => node.id),
          );
          // Chunks of node_modules only (zod…) are not in that graph, which leaves them to Node: they come in as
          // the static imports of the page's own chunks.
          const needed = new Set(
            [...chunks]
              .filter(([, chunk]) => chunk.moduleIds.some((id) => used.has(id)))
              .map(([name]) => name),
          );
          for (const name of needed)
            for (const imported of chunks.get(name)?.imports ?? []) needed.add(imported);
          const preloads = [...needed]
            .filter((name) => !template.includes(name))
            .map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`);
          if (markup === undefined)
            write("pages", template.replace("</head>", `${preloads.join("")}</head>`));
          else
            write(
              "pages",
              withRoot(
                loadAfterPaint(template, [...needed]),
                `<div id="root" data-prerendered inert>${markup}</div>`,
              ),
            );
          if (kind === "render")
            write("rendered", withRoot(loadAfterPaint(template, [...needed]), RENDERED_ROOT));
        }
      } finally {
        await server.close();
      }
      if (Object.values(PAGES).includes("render"))
        await build({
          configFile: fromRoot("./vite.config.ts"),
          logLevel: "warn",
          build: {
            ssr: fromRoot("./src/client/prerender.tsx"),
            outDir: RENDERER_DIR,
            emptyOutDir: true,
            sourcemap: false,
            copyPublicDir: false,
          },
        });
    },
  };
}

/** The template with its boot screen replaced by `root`. */
function withRoot(html: string, root: string): string {
  const replaced = html.replace(/<div id="root">[\s\S]*?<\/div>\s*<\/div>/, () => root);
  if (replaced === html) throw new Error("index.html: #root not found to prerender");
  return replaced;
}

export default defineConfig({
  root: fromRoot("./src/client"),
  publicDir: fromRoot("./src/client/public"),
  plugins: [react(), tailwindcss(), pageHtml()],
  resolve: {
    alias: {
      "@client": fromRoot("./src/client"),
      "@shared": fromRoot("./src/shared"),
    },
  },
  build: {
    outDir: fromRoot("./dist/client"),
    emptyOutDir: true,
    sourcemap: true,
    // The one chunk above Vite's 500 kB default is the French password dictionaries of zxcvbn (about 1 MB,
    // 330 kB gzipped), loaded only when someone types a new password; the first route stays far below its
    // budget (npm run bench measures it). Warn above that, not on every start.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Left to itself the bundler gives every icon and every Radix package shared by two routes its own
        // chunk of 1–2 kB: /app/invoices needed 49 requests after the entry, over HTTP/1.1's six
        // connections per host, which Lighthouse's slow-4G simulation counts in seconds (issue 15). One
        // chunk each, with no dependency pulled in (React stays in the entry).
        codeSplitting: {
          groups: [
            {
              name: "icons",
              test: /node_modules[\\/]lucide-react[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              // Sonner adds its stylesheet to the page while its module is evaluated, and was split out when
              // traces showed V8 reparsing the entry around such changes. That reparsing comes from a tracing
              // category Lighthouse does not turn on (decision 014, seventh pass), so this chunk is not known
              // to help; it stays until a bench without it says otherwise, as every figure was measured with it.
              name: "sonner",
              test: /node_modules[\\/]sonner[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              name: "ui",
              test: /node_modules[\\/](radix-ui|@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|detect-node-es)[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    // In development the API runs beside Vite; everything the SPA does not own goes to it.
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/functions": { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
});
