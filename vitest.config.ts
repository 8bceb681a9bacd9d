import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@forgeline/contract": fileURLToPath(new URL("./contract/src/index.ts", import.meta.url)),
    },
  },
  test: {
    include: ["server/src/**/*.test.ts", "contract/src/**/*.test.ts"],
    globalSetup: ["server/src/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
