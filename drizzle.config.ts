import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and committed; they are never edited after they land.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/index.ts",
  out: "./drizzle",
  entities: { roles: { provider: "" } },
});
