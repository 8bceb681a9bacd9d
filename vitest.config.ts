import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Three suites: the API (server/, on a real database, run again on PostgreSQL by scripts/test-api.mjs), and
 * the unit tests of the contract (Node) and of the browser code (jsdom), which need no database.
 */
export default defineConfig({
  resolve: {
    alias: {
      "@forgeline/contract": fileURLToPath(new URL("./contract/src/index.ts", import.meta.url)),
    },
  },
  test: {
    // Vitest's default leaves a core to its main process (one worker on 2 cores), which only hands out files:
    // a worker per core ran the API suite in about half the time here.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["server/src/**/*.test.ts"],
          // Each file builds its own app and database and keeps no state in modules, so the files of a worker
          // share one module graph: importing the server anew for every file took a third of the suite's time.
          isolate: false,
          globalSetup: ["server/src/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A mail or a cache sync arrives within a second on an idle machine; on a busy 2-core CI machine
          // it has taken longer. A poll still ends as soon as its condition holds.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      { extends: true, test: { name: "contract", include: ["contract/src/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "web",
          include: ["web/src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          // The files of a worker share one module graph and one document, as the server's do: importing React,
          // Testing Library and the toaster anew for every file took half of this suite's time. What one file
          // leaves in the document (a toast) test-setup.ts clears before the next.
          isolate: false,
          setupFiles: ["web/src/test-setup.ts"],
        },
      },
    ],
  },
});
