import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      // The contract is compiled from source into the bundle, so its unused parts are tree-shaken.
      "@forgeline/contract": fileURLToPath(new URL("../contract/src/index.ts", import.meta.url)),
      // React Router's package points every import at its development build, which keeps its warnings
      // and the components' display names; the production build beside it has them switched off.
      "react-router": fileURLToPath(new URL("../node_modules/react-router/dist/production/index.mjs", import.meta.url)),
    },
  },
  build: {
    target: "es2022",
    // No source maps: served, they would publish the shop's source (the server refuses *.map as well).
    sourcemap: false,
    // No preload lists of each lazy chunk's imports in the first bundle: they cost the first visit of every
    // page about 1 KB of gzipped JS, and the route chunks are small and shallow.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, React Router and TanStack Query in one long-cached chunk, apart from our code.
          groups: [
            { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
            // The small zod-free modules that the first bundle and the page chunks share (contract constants,
            // rules, money, paths) in one chunk: apart, each was a request and a gzip stream of its own.
            {
              name: "shared",
              test: /[\\/](contract[\\/]src[\\/](constants|limits|money|rules|bulk-order-messages|catalogue)|web[\\/]src[\\/]config[\\/][^\\/]+)\.ts$/,
            },
          ],
        },
      },
    },
    // The server-rendering build (dist-server) needs only code; the public files come with dist.
    copyPublicDir: !isSsrBuild,
  },
  server: {
    proxy: {
      "/api": "http://localhost:5000",
      "/images": "http://localhost:5000",
    },
  },
}));
