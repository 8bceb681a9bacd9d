// The architecture's import rules, checked by `npm run lint` (docs/ARCHITECTURE.md says why each exists).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "A cycle makes two modules one: neither can be read, tested or moved alone.",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "no-folder-cycles",
      comment: "Two folders that import each other are one capability split in two, or a layer inverted.",
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
    {
      name: "contract-stands-alone",
      comment: "The contract is shared by browser and server, so it imports neither (nor anything but zod).",
      severity: "error",
      from: { path: "^contract/" },
      to: { path: "^(web|server|e2e|bench)/" },
    },
    {
      name: "web-and-server-apart",
      comment: "The browser and the server meet only in the contract.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^(server|e2e|bench)/" },
    },
    {
      name: "server-not-web",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^(web/src|e2e|bench)/" },
    },
    {
      name: "bench-not-e2e",
      comment: "Benchmarks and browser tests share only what lives in scripts or their own folder.",
      severity: "error",
      from: { path: "^bench/" },
      to: { path: "^e2e/" },
    },
    {
      name: "web-features-apart",
      comment: "A feature never reaches into another; shared pieces live in components/ or lib/, routes compose.",
      severity: "error",
      from: { path: "^web/src/features/([^/]+)/" },
      to: { path: "^web/src/features/([^/]+)/", pathNot: "^web/src/features/$1/" },
    },
    {
      name: "web-shared-below-features",
      comment: "components/, lib/ and config/ are used by features and app/, never the other way round.",
      severity: "error",
      from: { path: "^web/src/(components|lib|config)/" },
      to: { path: "^web/src/(features|app)/" },
    },
    {
      name: "web-features-below-app",
      severity: "error",
      from: { path: "^web/src/features/" },
      to: { path: "^web/src/app/" },
    },
    {
      name: "server-plumbing-below-resources",
      comment:
        "http/, db/, mail/ and events/ serve every resource and know none of them: the event bus names what " +
        "happened, and app.ts subscribes the listeners (docs/decisions/031-one-home-per-rule.md).",
      severity: "error",
      from: { path: "^server/src/(http|db|mail|events)/" },
      to: {
        path: "^server/src/([^/]+)/",
        pathNot: "^server/src/(http|db|mail|events)/",
      },
    },
    {
      name: "server-resources-through-queries",
      comment:
        "A resource folder uses another only through its queries (queries.ts, and the modules of a queries/ " +
        "folder beside it once it is split by concern: the owners of its tables) or its declared public " +
        "modules; it never reads another's routes or internals.",
      severity: "error",
      from: {
        path: "^server/src/([^/]+)/",
        pathNot: ["^server/src/cli/", "^server/src/[^/]+/[a-z-]*tables\\.ts$"],
      },
      to: {
        path: "^server/src/([^/]+)/",
        pathNot: [
          "^server/src/$1/",
          "^server/src/(http|db|mail|events)/",
          "^server/src/[^/]+/queries(\\.ts|/[^/]+\\.ts)$",
          // The declared public modules: the one price function, and what every way of ordering shares
          // (the ownership policy, the lines' checks and the buyer's terms). See decision 019. And what one
          // account may do in a while, the one home of every per-account limit (decision 021).
          "^server/src/pricing/price\\.ts$",
          // And the order rules every step that commits to an order re-checks under one lock (decision 030),
          // and the one use case that places an order (decision 031).
          "^server/src/ordering/(policy|checkout|order-rules|place-order)\\.ts$",
          // And what money on account reads and moves of an order: the one module receivables/ imports of
          // ordering (the rule below).
          "^server/src/ordering/order-money\\.ts$",
          "^server/src/rate-limit/account-allowances\\.ts$",
          // The one use case that records money received on account: paying an invoice by card (payment/)
          // records its money through it, as transfers and credit do.
          "^server/src/receivables/record-payment\\.ts$",
          // The one company policy: the approvals of company orders (ordering/) ask it too. And the one guard of
          // the company's routes, which the routes answering under its path with orders or credit ask too.
          "^server/src/company/(policy|route-access)\\.ts$",
          // Quick order's reader and filling of the cart, and the cart's answer: a saved list goes in and out
          // through them, so it reports each line as quick order does (docs/RECURRING.md).
          "^server/src/cart/(fill|cart-answer)\\.ts$",
        ],
      },
    },
    {
      name: "server-tables-through-queries",
      comment:
        "A folder's tables.ts is read and written only by the queries beside it (queries.ts, or a queries/ " +
        "folder's modules); everything else, in that folder or another, calls those functions. Better Auth " +
        "reaches its own tables through its adapter.",
      severity: "error",
      from: {
        path: "^server/src/",
        // The order rules (decision 030) read the buyer's other orders themselves: they are ordering's
        // queries about one buyer, kept in one module with the lock they run under.
        pathNot: [
          "^server/src/[^/]+/(queries|[a-z-]*tables)\\.ts$",
          "^server/src/[^/]+/queries/[^/]+\\.ts$",
          "^server/src/identity/auth\\.ts$",
          "^server/src/ordering/order-rules\\.ts$",
          // The orders' columns, which receivables' sums read, are handed over by ordering's one module for
          // money on account; every write to them stays one of ordering's steps.
          "^server/src/ordering/order-money\\.ts$",
        ],
      },
      to: { path: "^server/src/[^/]+/[a-z-]*tables\\.ts$" },
    },
    {
      name: "receivables-reads-orders-through-one-module",
      comment:
        "Money on account reads and moves orders only through ordering/order-money.ts (its tables.ts names the " +
        "orders table for its foreign keys): one place says what receivables/ depends on, and ordering never " +
        "imports receivables/ (it announces an invoice instead, events/bus.ts).",
      severity: "error",
      from: { path: "^server/src/receivables/", pathNot: "^server/src/receivables/tables\\.ts$" },
      to: { path: "^server/src/ordering/", pathNot: "^server/src/ordering/order-money\\.ts$" },
    },
    {
      name: "server-tables-name-only-tables",
      comment:
        "A tables.ts (or a folder's *-tables.ts, split from it by concern) may name another folder's table (a " +
        "foreign key needs its column), and nothing else of it.",
      severity: "error",
      from: { path: "^server/src/[^/]+/[a-z-]*tables\\.ts$" },
      to: { path: "^server/src/", pathNot: ["^server/src/[^/]+/[a-z-]*tables\\.ts$", "^server/src/db/"] },
    },
    {
      name: "tracing-only-when-asked",
      comment:
        "OpenTelemetry is loaded only with OTEL_EXPORTER_OTLP_ENDPOINT: server.ts imports tracing.ts dynamically, " +
        "before the rest of the server, and nothing imports it statically (docs/OPERATIONS.md, 'Traces'; " +
        "tracing.test.ts checks that a server without the variable resolves no module of OpenTelemetry).",
      severity: "error",
      from: { path: "^server/src/" },
      to: { path: "^server/src/tracing\\.ts$", dependencyTypesNot: ["dynamic-import"] },
    },
  ],
  options: {
    doNotFollow: { path: ["node_modules", "dist"] },
    // Tests may cross any boundary to set the scene; the rules are about the code that ships.
    exclude: { path: ["node_modules", "/dist/", "dist-server/", "\\.test\\.tsx?$", "^server/src/(test|security)/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.depcruise.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
  },
};
