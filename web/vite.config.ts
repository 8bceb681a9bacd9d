import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/** Where the class of a mutation is found once its module has loaded (leanQueryCore). */
const MUTATION_CLASS = "\0mutation-class";

/**
 * Two parts of TanStack Query that every page loaded and public pages never run (~1.5 KB of gzipped JS on their
 * first visit): the code of a mutation, which only useMutation (the signed-in pages, the order modal) builds, and
 * the paging of infinite queries, which the shop has none of. The mutation cache finds the class through a
 * two-line module that mutation.js fills when it loads (useMutation's observer imports it, so it has loaded by
 * the first mutate); an infinite query would throw. Each rewrite must find its text, or the build fails.
 */
function leanQueryCore(): Plugin {
  const rewrites: [RegExp, string, string][] = [
    [
      /[\\/]query-core[\\/]build[\\/]modern[\\/]mutationCache\.js$/,
      'import { Mutation } from "./mutation.js";',
      `import { Mutation } from "${MUTATION_CLASS}";`,
    ],
    [
      /[\\/]query-core[\\/]build[\\/]modern[\\/]mutation\.js$/,
      "export { Mutation, getDefaultState };",
      `import { register } from "${MUTATION_CLASS}";\nregister(Mutation);\nexport { Mutation, getDefaultState };`,
    ],
    [
      /[\\/]query-core[\\/]build[\\/]modern[\\/]query\.js$/,
      'import { infiniteQueryBehavior } from "./infiniteQueryBehavior.js";',
      'const infiniteQueryBehavior = () => { throw new Error("This build has no infinite queries (web/vite.config.ts)"); };',
    ],
  ];
  return {
    name: "lean-query-core",
    apply: "build",
    resolveId: (id) => (id === MUTATION_CLASS ? id : null),
    load: (id) =>
      id === MUTATION_CLASS ? "export let Mutation;\nexport function register(found) { Mutation = found; }" : null,
    transform(code, id) {
      const rewrite = rewrites.find(([file]) => file.test(id));
      if (!rewrite) return null;
      if (!code.includes(rewrite[1])) throw new Error(`lean-query-core: ${id} no longer has ${rewrite[1]}`);
      return { code: code.replace(rewrite[1], rewrite[2]), map: null };
    },
  };
}

/** The placeholder in app/signed-in-preload.ts that the build fills with each page module's chunks. */
const PRELOAD_MAP = /(["'`])__PRELOAD_MAP__\1/;
/** The placeholder in app/route-preload.ts that the build fills with the chunks signed-in-preload.ts needs. */
const SIGNED_IN_CHUNKS = /(["'`])__SIGNED_IN_CHUNKS__\1/;

/**
 * Without the bundler's own module preloading (see `modulePreload` below) a chunk's imports are found only
 * once the chunk has arrived, so a page's code came in a waterfall of four to six round trips. Two lists
 * flatten it without a byte more of JS on any public page:
 * - the first bundle's own imports as `<link rel="modulepreload">` in index.html (HTML, not JS), so they
 *   load beside it rather than after it;
 * - for each module app/signed-in-preload.ts imports (a signed-in page and its frame), every chunk it needs but
 *   those loaded before that code runs, written into that code's chunk (loaded only for a signed-in page), which
 *   preloads them all at once;
 * - the chunks signed-in-preload.ts itself needs beyond the first bundle's (a few names, ~150 bytes gzipped
 *   in the first bundle), which app/route-preload.ts preloads with it.
 */
function preloadLists(): Plugin {
  return {
    name: "preload-lists",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (_html, context) =>
        (context.chunk?.imports ?? []).map((file) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
          injectTo: "head",
        })),
    },
    generateBundle(_options, bundle) {
      const preloadModule = /[\\/]src[\\/]app[\\/]signed-in-preload\.ts$/;
      const preload = Object.values(bundle).find(
        (output) => output.type === "chunk" && output.moduleIds.some((id) => preloadModule.test(id)),
      );
      const entry = Object.values(bundle).find((output) => output.type === "chunk" && output.isEntry);
      if (preload?.type !== "chunk" || entry?.type !== "chunk") return;
      const closure = (file: string, found: Set<string>) => {
        const chunk = bundle[file];
        if (found.has(file) || chunk?.type !== "chunk") return found;
        found.add(file);
        for (const imported of chunk.imports) closure(imported, found);
        return found;
      };
      const loaded = closure(entry.fileName, new Set());
      const needed = [...closure(preload.fileName, new Set())].filter((file) => !loaded.has(file));
      // What has loaded by the time the preloading code runs is named in no list of it.
      const before = new Set([...loaded, ...needed]);
      const src = fileURLToPath(new URL("./src/", import.meta.url));
      const chunks: Record<string, string[]> = {};
      const preloadId = preload.moduleIds.find((id) => preloadModule.test(id)) ?? "";
      const imported = this.getModuleInfo(preloadId)?.dynamicallyImportedIds ?? [];
      for (const id of imported) {
        const chunk = Object.values(bundle).find((output) => output.type === "chunk" && output.moduleIds.includes(id));
        if (chunk?.type !== "chunk" || !id.startsWith(src)) continue;
        const module = id.slice(src.length).replace(/\.tsx?$/, "");
        chunks[module] = [...closure(chunk.fileName, new Set())]
          .filter((name) => !before.has(name))
          .map((name) => `/${name}`);
      }
      if (!PRELOAD_MAP.test(preload.code)) throw new Error("signed-in-preload.ts lost its __PRELOAD_MAP__");
      preload.code = preload.code.replace(PRELOAD_MAP, JSON.stringify(JSON.stringify(chunks)));
      const host = Object.values(bundle).find(
        (output) => output.type === "chunk" && SIGNED_IN_CHUNKS.test(output.code),
      );
      if (host?.type !== "chunk") throw new Error("route-preload.ts lost its __SIGNED_IN_CHUNKS__");
      host.code = host.code.replace(SIGNED_IN_CHUNKS, JSON.stringify(needed.map((file) => `/${file}`).join(" ")));
    },
  };
}

/** TanStack Query's mutation hook and a mutation's own code (leanQueryCore), which only the dashboard and the order modal use. */
const MUTATIONS = /[\\/](useMutation|mutationObserver|mutation)\.js$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), leanQueryCore(), preloadLists()],
  resolve: {
    alias: {
      // The contract is compiled from source into the bundle, so its unused parts are tree-shaken.
      "@forgeline/contract": fileURLToPath(new URL("../contract/src/index.ts", import.meta.url)),
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
          // React, React DOM and TanStack Query in one long-cached chunk, apart from our code; but not
          // useMutation, which only the dashboard and the order modal use (~1 KB of gzipped JS): it goes with
          // the dashboard's chunk.
          groups: [
            {
              name: "framework",
              test: (id) =>
                /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/.test(id) && !MUTATIONS.test(id),
            },
            // The small zod-free modules that the first bundle and the page chunks share (contract constants,
            // rules, money, paths, links, a query's states, the query keys, quantity limits) in one chunk: apart,
            // each was a request and a gzip stream of its own.
            {
              name: "shared",
              test: /[\\/](contract[\\/]src[\\/](constants|first-use|limits|money|rules|quantity-rule|bulk-order-messages|catalogue|not-found)|web[\\/]src[\\/](config[\\/]paths|components[\\/](link|query-state)|lib[\\/](query-keys|quantity-limits)))\.tsx?$/,
            },
            // What the catalogue's pages (home, all tools, a tool) share, in one chunk rather than seven (a tool's query
            // is in lib/, for the page that changes an order reads each line's rule by it); not
            // what those modules import from the shell (the API client), or every page would load this chunk.
            {
              name: "catalogue",
              includeDependenciesRecursively: false,
              test: /web[\\/]src[\\/](features[\\/]products[\\/](product-grid|product-card|product-picture|catalogue-search|order-now|add-to-order|selling-terms|api[\\/]get-products)|lib[\\/]product-query)\.tsx?$/,
            },
            // What every signed-in page loads (the preloading code, routes, guards, layout with its notice, the access
            // token, the role, the caller's company (the layout's menu and the checkout read it), the cart's query and
            // the navbar's cart link, the API routes and page paths the signed-in pages share, useMutation), in one
            // chunk: apart, they were a dozen files of a few hundred bytes each, every one named in the first bundle
            // (route-preload.ts) and gzipped alone; and the company's module and this chunk imported each other, a
            // cycle that left the layout reading it before it ran.
            {
              name: "dashboard",
              includeDependenciesRecursively: false,
              test: (id) =>
                MUTATIONS.test(id) ||
                /web[\\/]src[\\/](app[\\/](dashboard-routes|guards|signed-in-preload)|features[\\/](dashboard[\\/](dashboard-layout|confirm-address-notice)|orders[\\/]api[\\/]get-orders)|components[\\/](cart-link|sign-out-to-login)|lib[\\/](account-session|api-authed|token-store|company|cart-query|use-is-admin|api-routes[\\/](signed-in|cart))|config[\\/]dashboard-paths)\.tsx?$/.test(
                  id,
                ),
            },
            // What the order pages (a customer's, a company's, the admin's, and a customer's /dashboard) show their
            // orders with: the table, the priced lines, the status badge, the history's words, the refusals beside a
            // row or a form, Repeat this order. Not what a catalogue page's first visit loads (the backorder words and
            // their dates) nor the toast (the home page's newsletter). Apart, they were fourteen files of 1.4-2.5 KB
            // each, fetched at once after the role was known: on a slow phone link, three rounds of six requests (one
            // origin's connections) between the session and the page.
            {
              name: "order-views",
              includeDependenciesRecursively: false,
              test: /web[\\/]src[\\/](components[\\/](data-table|list-page|order-row-heading|priced-order|order-status-badge|confirm-dialog|row-refusal|form-refusal|refusal-beside)|lib[\\/]order-words|features[\\/]orders[\\/](order-actions|api[\\/]reorder))\.tsx?$|contract[\\/]src[\\/](price-source|order-events)\.ts$/,
            },
            // What the sign-in pages (log in, sign up, reset the password) alone share: the card, the form hook, the
            // Google button and the return after signing in; apart, they were five files of 200-900 bytes each.
            {
              name: "auth",
              includeDependenciesRecursively: false,
              test: /web[\\/]src[\\/](features[\\/]auth[\\/](auth-card|load-auth-client|google-button|use-sign-in-flow|return-path)|lib[\\/]use-rules-form)\.tsx?$/,
            },
            // A form's field with the rules and words of its checks, which the sign-in pages and most forms use.
            {
              name: "field",
              includeDependenciesRecursively: false,
              test: /web[\\/]src[\\/]components[\\/]field\.tsx$|contract[\\/]src[\\/](field-rules|messages)\.ts$/,
            },
            // What the dashboard's form pages share: their small form hook and the image picker. Not
            // react-hook-form, which only the forms that open later (dialogs, the order modal) use.
            {
              name: "forms",
              includeDependenciesRecursively: false,
              test: /web[\\/]src[\\/](lib[\\/]use-checked-form|components[\\/]image-upload)\.tsx?$|contract[\\/]src[\\/]image-types\.ts$/,
            },
            // react-hook-form and its lazy resolver, for the dialogs of Manage Product and the order modal.
            {
              name: "form-library",
              includeDependenciesRecursively: false,
              test: /node_modules[\\/]react-hook-form[\\/]|web[\\/]src[\\/]lib[\\/]lazy-resolver\.ts$/,
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
