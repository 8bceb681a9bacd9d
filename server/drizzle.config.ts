import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Each resource folder owns its tables (server/src/<folder>/tables.ts, and *-tables.ts once split by concern).
  schema: ["./src/*/tables.ts", "./src/*/*-tables.ts"],
  out: "./drizzle",
});
