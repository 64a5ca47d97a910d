import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const isPostgresRun = process.env.TEST_DB === "postgres";
const alias = {
  "@client": fromRoot("./src/client"),
  "@server": fromRoot("./src/server"),
  "@shared": fromRoot("./src/shared"),
};

// Two layers: pure unit tests (server ones named *.unit.test.ts), and API tests that run the Hono app on a real database
// (PGlite, or PostgreSQL when TEST_DB=postgres; scripts/test.ts runs them on both).
export default defineConfig({
  resolve: { alias },
  test: {
    setupFiles: [fromRoot("./src/shared/zod-fr.ts")],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "src/shared/**/*.test.ts",
            "src/client/**/*.test.{ts,tsx}",
            "src/server/**/*.unit.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["src/server/**/*.test.ts"],
          // PGlite's own behaviour (lock, backups) is tested once, in the PGlite run.
          exclude: [
            "src/server/**/*.unit.test.ts",
            ...(isPostgresRun ? ["src/server/**/*.pglite.test.ts"] : []),
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
