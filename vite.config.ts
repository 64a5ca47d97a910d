import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "3001"}`;

export default defineConfig({
  root: fromRoot("./src/client"),
  publicDir: fromRoot("./src/client/public"),
  plugins: [react(), tailwindcss()],
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
