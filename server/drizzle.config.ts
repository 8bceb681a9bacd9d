import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Each resource folder owns its tables (server/src/<folder>/tables.ts).
  schema: "./src/*/tables.ts",
  out: "./drizzle",
});
