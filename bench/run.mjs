// npm run bench [-- --check] [-- --only=api,auth,scale,stats,receivables,browser,import,recurring,stock,backorders,soak] [-- --quick] [-- --minutes=N --rate=N]
// Measures, prints the tables, writes docs/PERFORMANCE.md, and with --check fails when a budget is missed.
// The soak (10 minutes) runs only when named: --only=soak (it is also `npm run soak`).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { FIRST_VISIT_BUDGETS } from "../scripts/first-visit.mjs";
import { benchApi } from "./api.mjs";
import { benchAuthenticated } from "./authenticated.mjs";
import { BACKORDER_FILL_BUDGET_MS, benchBackorderFill } from "./backorders.mjs";
import { benchBrowser, CONTENT_BUDGET_MS, CONTENT_CHAIN_BUDGET } from "./browser.mjs";
import { benchCartImport, IMPORT_BUDGET_MS } from "./cart-import.mjs";
import { benchLastPieces, LAST_PIECES_P99_MS } from "./last-pieces.mjs";
import { root, table } from "./lib.mjs";
import { benchReceivables } from "./receivables.mjs";
import { benchRecurring, RECURRING_BUDGET_S } from "./recurring.mjs";
import { benchScale } from "./scale.mjs";
import { benchSignInHashing, HASHING_SPREAD_BUDGET } from "./sign-in-hashing.mjs";
import {
  benchSoak,
  commandLine,
  SOAK_MINUTES,
  soakOptions,
  soakSection,
  soakSectionOf,
  writeSoakSection,
} from "./soak.mjs";
import { benchStats, STATS_P99_MS } from "./stats.mjs";

const args = process.argv.slice(2);
const check = args.includes("--check");
const quick = args.includes("--quick");
const only = (
  args.find((arg) => arg.startsWith("--only="))?.slice(7) ??
  "api,auth,scale,stats,receivables,browser,import,recurring,stock,backorders"
).split(",");
const duration = quick ? 3 : 8;

const sections = [];
const budgets = [];
const budget = (what, limit, measured, ok) => budgets.push([what, limit, measured, ok ? "pass" : "**FAIL**"]);

if (only.includes("api")) {
  const rounds = quick ? 1 : 3;
  const api = await benchApi({ duration, rounds });
  console.log(`\nAPI throughput and latency (${duration} s, 10 connections, ${rounds} rounds)\n${api.text}`);
  sections.push(
    `## 1. API throughput and latency\n\nautocannon from a second process on loopback, ${duration} s per run, 10 connections. Each call is run against the storefront and against a plain \`node:http\` server answering the same bytes (the ceiling), in the same run: ${rounds} rounds of a storefront run and a ceiling run, the order alternating; the table shows the round with the median share, and the budget checks that share.\n\n${api.text}`,
  );
  for (const call of ["GET /api/product?limit=20", "GET /api/review"]) {
    const share = api.results[`PGlite ${call}`];
    budget(
      `${call} on PGlite, share of node:http (median of ${rounds} alternating rounds)`,
      ">= 60%",
      `${Math.round(share * 100)}%`,
      share >= 0.6,
    );
  }
}
if (only.includes("auth")) {
  const hashing = await benchSignInHashing();
  console.log(`\n${hashing.text}`);
  sections.push(
    `## 2a. A wrong password after a change of hash cost\n\nThe shop's own hasher (server/dist) after PASSWORD_HASH_COST went from 14 to 15, the three paths in turn, round by round: a known address whose hash is still at 14, one re-hashed at 15, and an unknown address. All three run scrypt once at each cost still stored and once at the configured one (server/src/identity/password-cost-change.test.ts proves it by what is hashed at which cost); this shows what that takes in time (issue 45, finding 1).\n\n${hashing.text}`,
  );
  budget(
    "Wrong-password sign-in after a cost change: slowest path's median over the fastest's",
    `<= +${HASHING_SPREAD_BUDGET * 100}%`,
    `+${Math.round(hashing.spread * 100)}%`,
    hashing.spread <= HASHING_SPREAD_BUDGET,
  );
  const rounds = quick ? 1 : 3;
  const authenticated = await benchAuthenticated({ duration, rounds });
  if (!authenticated) {
    // Their ceiling is a node-postgres pool: a budget for PostgreSQL (docs/decisions/029-budgets-on-the-embedded-database.md).
    console.log(
      "\nAuthenticated calls: skipped on PGlite, their budgets are for PostgreSQL (set TEST_DATABASE_URL to one)",
    );
  } else {
    console.log(
      `\nAuthenticated calls on PostgreSQL (${duration} s, 10 connections, ${rounds} rounds)\n${authenticated.text}`,
    );
    sections.push(
      `## 2. Authenticated calls\n\nOn PostgreSQL with 10 000 tools, autocannon from a second process, ${duration} s per run, 10 connections. The ceiling is a bare \`node:http\` server doing the same work in the same run: the token's HMAC checked with \`node:crypto\`, the same SQL (the token holder's role and live session, then the call's queries) through a \`pg\` pool of 10, no framework (bench/authenticated-ceiling.mjs). Each call runs ${rounds} rounds of a storefront run and a ceiling run, the order alternating; the table shows the round with the median share, and the budget checks that share. Each POST places a new order (the next tool); the checkout row runs PUT /api/cart/lines and POST /api/cart/checkout in pairs, one buyer per connection, and its req/s counts both requests of a pair.\n\n${authenticated.text}`,
    );
    for (const [call, { share, clean }] of Object.entries(authenticated.results)) {
      budget(
        `${call} on PostgreSQL, share of the bare ceiling`,
        ">= 40%, no failed answers",
        `${Math.round(share * 100)}%${clean ? "" : ", with failed answers"}`,
        share >= 0.4 && clean,
      );
    }
  }
}
if (only.includes("scale")) {
  const scale = await benchScale({ duration });
  console.log(`\nCatalogue scale\n${scale.text}`);
  for (const search of scale.searches) {
    budget(
      `GET ${search.path} on ${search.total} products, share of node:http`,
      ">= 40%",
      `${Math.round(search.share * 100)}%`,
      search.share >= 0.4,
    );
    budget(`GET ${search.path} on ${search.total} products, p99`, "< 20 ms", `${search.p99} ms`, search.p99 < 20);
  }
  sections.push(
    `## 3. Catalogue scale\n\nThe same calls with the 12 seeded tools and with 10 000 tools (generated straight into the database before the start).\n\n${scale.text}`,
  );
}
if (only.includes("browser")) {
  const browser = await benchBrowser({ lighthouse: true });
  console.log(
    `\nFirst-visit bundles\n${browser.bundle}\n\nTime to content\n${browser.contentTable}\n\nLighthouse (mobile)\n${browser.scores}`,
  );
  sections.push(
    `## 4. Bundles of a first visit\n\nJS and CSS from our origin that Chromium downloads on a first visit (empty cache), gzip -9 of each file; the dashboard pages as a signed-in customer or admin. "Biggest sources" adds up each package's source text in the loaded chunks' source maps.\n\n${browser.bundle}`,
  );
  sections.push(
    `## 4b. Time to content of signed-in pages\n\nChromium (no throttling, this machine). A customer with three orders and a cart of two lines, and the admin, each signed in once in a browser context that visited their dashboard (so the access token is stored, as after a sign-in through the page). Each page is visited 5 times as a returning visitor (the signed-in context, its cache warm from a visit of the page: the budget) and 5 times as a first visit (a new context with those cookies and that storage but an empty cache); each visit is a full navigation, timed from its start to the content (the page's heading in <main>, no spinner, and the page's rows or lines: what only the data brings), median of 5. "API requests in a row" counts the API requests one after another up to the page's data request (each one's depth is one more than the deepest one finished before it started).\n\n${browser.contentTable}`,
  );
  sections.push(
    `## 5. Lighthouse\n\nLighthouse (npm package) driving the system Chromium, default mobile settings (simulated slow 4G, 4x CPU slowdown). Each page is audited three times and Lighthouse's median run (closest to the median first paint and time to interactive) is shown and checked; the range is the three performance scores; one more run simulates a CPU twice as slow as this machine's (8x slowdown) to show the margin a slower machine would have. The CPU benchmark index is Lighthouse's own measure of this machine (higher is faster). The rows marked (customer) and (admin) are signed in: the session cookie goes with every request (Lighthouse's extraHeaders); Lighthouse clears the origin's storage, so the page trades its session for an access token first, as on a first visit after signing in elsewhere.\n\n${browser.scores}`,
  );
  for (const visit of browser.visits) {
    budget(
      `JS on the first visit of ${visit.label}, gzip`,
      `<= ${visit.jsBudget / 1024} KB`,
      `${(visit.jsGzip / 1024).toFixed(1)} KB`,
      visit.jsGzip <= visit.jsBudget,
    );
  }
  const css = Math.max(...browser.visits.map((visit) => visit.cssGzip));
  budget(
    "CSS on the first visit of any page above, gzip",
    `<= ${FIRST_VISIT_BUDGETS.css / 1024} KB`,
    `${(css / 1024).toFixed(1)} KB`,
    css <= FIRST_VISIT_BUDGETS.css,
  );
  for (const audit of browser.audits) {
    if (audit.as) {
      // Signed-in pages (docs/PERFORMANCE.md, 'Signed-in pages'): performance >= 90, accessibility 100.
      budget(
        `Lighthouse performance ${audit.path}, signed in, median of 3`,
        ">= 90",
        audit.performance,
        audit.performance >= 90,
      );
      budget(
        `Lighthouse accessibility ${audit.path}, signed in`,
        "100",
        `${audit.accessibility}${audit.failedAudits.length ? ` (${audit.failedAudits.join(", ")})` : ""}`,
        audit.accessibility === 100,
      );
      continue;
    }
    budget(`Lighthouse performance ${audit.path}, median of 3`, ">= 95", audit.performance, audit.performance >= 95);
    const rest = [audit.accessibility, audit.bestPractices, audit.seo];
    budget(
      `Lighthouse accessibility / best practices / SEO ${audit.path}`,
      "100 / 100 / 100",
      rest.join(" / "),
      rest.every((s) => s === 100),
    );
  }
  for (const page of browser.content) {
    budget(
      `${page.label}: from the navigation to the content, cache warm, median of 5`,
      `<= ${CONTENT_BUDGET_MS} ms`,
      `${page.median} ms`,
      page.median <= CONTENT_BUDGET_MS,
    );
    if (page.chain !== undefined) {
      budget(
        `${page.label}: API requests in a row up to the data, cache warm`,
        `<= ${CONTENT_CHAIN_BUDGET}`,
        String(page.chain),
        page.chain <= CONTENT_CHAIN_BUDGET,
      );
    }
  }
}

if (only.includes("import")) {
  const imported = await benchCartImport({ runs: quick ? 3 : 7 });
  console.log(`\nCart import on ${imported.database} (a 500-row CSV file, one request at a time)\n${imported.text}`);
  sections.push(
    `## 7. Cart import\n\nOn ${imported.database} (PostgreSQL when TEST_DATABASE_URL is set, else PGlite) with the 500 SKUs of the file in the catalogue (and the 12 seeded tools): \`POST /api/cart/import\` with a 500-row CSV file as \`text/csv\`, one request at a time from the bench process, the cart emptied before each; two untimed imports first, then the timed ones (bench/cart-import.mjs).\n\n${imported.text}`,
  );
  for (const [file, { median, slowest }] of Object.entries(imported.results)) {
    budget(
      `POST /api/cart/import, ${file}, on ${imported.database}, median`,
      `< ${IMPORT_BUDGET_MS} ms`,
      `${Math.round(median)} ms (slowest ${Math.round(slowest)} ms)`,
      median < IMPORT_BUDGET_MS,
    );
  }
}

if (only.includes("recurring")) {
  const recurring = await benchRecurring();
  if (!recurring) {
    console.log("\nRecurring orders: skipped on PGlite, three instances need one PostgreSQL (set TEST_DATABASE_URL)");
  } else {
    console.log(`\nRecurring orders: 1000 schedules due at one minute, three instances\n${recurring.text}`);
    sections.push(
      `## 7b. Recurring orders placed exactly once\n\nThree built storefronts on one PostgreSQL, each running the scheduler every 5 s, and 1000 weekly schedules of 100 buyers whose first run is today (written into the database before the start): every run placed once, one order each, timed from the first run made to the last one done (bench/recurring.mjs; docs/RECURRING.md, 'Exactly once').\n\n${recurring.text}`,
    );
    budget(
      "1000 recurring runs due at one minute, three instances: each placed once, all done",
      `< ${RECURRING_BUDGET_S} s`,
      `${recurring.seconds.toFixed(1)} s${recurring.once ? "" : " (NOT each once)"}`,
      recurring.once && recurring.seconds < RECURRING_BUDGET_S,
    );
  }
}

if (only.includes("stock")) {
  const race = await benchLastPieces();
  if (!race) {
    console.log("\nThe last pieces across two warehouses: skipped on PGlite, two instances need one PostgreSQL");
  } else {
    console.log(`\nThe last pieces across two warehouses, 20 payments at once on two instances\n${race.text}`);
    sections.push(
      `## 7c. The last pieces, paid for at once\n\nTwo built storefronts on one PostgreSQL; a tool whose last 1 500 pieces are kept 900 in the first warehouse and 600 in a second; 20 buyers, each with an unpaid order of 100 of them and its card payment opened; the instances warmed by one round of 20 payments for another tool (not timed; its mails sent before the race), as a running shop's have taken payments before; then the 20 payments confirmed at once, alternating between the instances, each timed from its request to its answer (bench/last-pieces.mjs; docs/STOCK.md, 'When an order takes its pieces'). Checked: exactly 15 paid, every other answer a 409, no level below zero, and each level equal to its ledger's sums.\n\n${race.text}`,
    );
    budget(
      "20 payments at once for the last pieces across two warehouses, two instances: none oversold, p99",
      `< ${LAST_PIECES_P99_MS} ms, exactly 15 paid`,
      `${race.p99} ms${race.sound ? "" : " (OVERSOLD or a level off its ledger)"}`,
      race.sound && race.p99 < LAST_PIECES_P99_MS,
    );
  }
}

if (only.includes("stats")) {
  const stats = await benchStats({ duration });
  console.log(`\nAdmin overview (GET /api/admin/stats)\n${stats.text}`);
  sections.push(
    `## 8. The admin overview's figures\n\nGET /api/admin/stats (the shop owner's overview) as an admin, on a fresh database holding the 12 seeded tools and 100 000 orders over 180 days (written straight into it with INSERT … SELECT from generate_series: bench/stats.mjs), on PostgreSQL when TEST_DATABASE_URL is set, else PGlite; autocannon, ${duration} s.\n\n${stats.text}`,
  );
  budget(
    `${stats.call}, p99`,
    `< ${STATS_P99_MS} ms, no failed answers`,
    `${stats.result.p99} ms`,
    stats.result.p99 < STATS_P99_MS && stats.result.non2xx + stats.result.errors === 0,
  );
}

if (only.includes("receivables")) {
  const receivables = await benchReceivables({ duration });
  if (!receivables) {
    // Budgets for PostgreSQL (docs/decisions/029-budgets-on-the-embedded-database.md).
    console.log(
      "\nStatement and receivables: skipped on PGlite, their budgets are for PostgreSQL (set TEST_DATABASE_URL to one)",
    );
  } else {
    console.log(`\nStatement and receivables on PostgreSQL (${duration} s, 10 connections)\n${receivables.text}`);
    sections.push(
      `## 9. Statements and receivables\n\nOn PostgreSQL, a fresh database holding the 12 seeded tools, 1 000 companies on net 30 and 100 000 invoices on account over two years with their payments, allocations and ledger entries (written straight into it with INSERT … SELECT from generate_series: bench/receivables.mjs), one of the companies a large customer with 10 000 of the invoices; the statement of this month of a company and of the large customer, each as one of its buyers, and the first page of GET /api/admin/receivables as an admin, autocannon, ${duration} s, 10 connections; then GET /api/admin/stats on the same database (its figures of money on account add up these open invoices) at the overview's 2 connections and budget. The server's CPU time per answer, and PostgreSQL's (its processes serving the storefront's connections), say what a call costs whatever else the machine runs.\n\n${receivables.text}`,
    );
    for (const { call, result, p99Ms } of receivables.results) {
      budget(
        `${call}, p99`,
        `< ${p99Ms} ms, no failed answers`,
        `${result.p99} ms`,
        result.p99 < p99Ms && result.non2xx + result.errors === 0,
      );
    }
  }
}

if (only.includes("backorders")) {
  const fill = await benchBackorderFill({ runs: quick ? 1 : 3 });
  console.log(`\nA receipt filling 10 000 waiting backorders on ${fill.database}\n${fill.text}`);
  sections.push(
    `## 10. A receipt filling 10 000 waiting backorders\n\nOn ${fill.database} (PostgreSQL when TEST_DATABASE_URL is set, else PGlite), a fresh database each run: one tool that takes backorders and 10 000 paid orders of it, each line waiting for its 100 pieces (written straight into it with INSERT … SELECT: bench/backorders.mjs); then one transaction receives the million pieces and gives them to the waiting lines, oldest order first (receiveStock, then fillBackorders, as POST /api/admin/stock/movements runs them): a ledger row and a mail for each line. The time is the transaction's, from the bench process.\n\n${fill.text}`,
  );
  budget(
    `A receipt filling 10 000 waiting backorders, one transaction, on ${fill.database}, median`,
    `< ${BACKORDER_FILL_BUDGET_MS} ms`,
    `${Math.round(fill.median)} ms (slowest ${Math.round(fill.slowest)} ms)`,
    fill.median < BACKORDER_FILL_BUDGET_MS,
  );
}

if (only.includes("soak")) {
  const soak = await benchSoak(soakOptions(args));
  console.log(`\nSoak (${soak.minutes} min, ${soak.rate} arrivals/s, ${soak.database})`);
  console.log(`- ${soak.summary.join("\n- ")}\n\n${soak.stepsTable}\n\n${soak.timeTable}`);
  for (const [what, limit, measured, ok] of soak.budgets) budget(what, limit, measured, ok);
  // A run of the full length rewrites the report's soak section (a partial run leaves the rest alone).
  if (soak.minutes >= SOAK_MINUTES) writeSoakSection(soakSection(soak, commandLine("npm run bench", args)));
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
const budgetTable = table(["budget", "limit", "measured", "result"], budgets);
console.log(`\nBudgets\n${budgetTable}`);
// The hand-written "## Notes" at the end of the report (what made these numbers) survive a new run.
const reportFile = `${root}/docs/PERFORMANCE.md`;
const previous = existsSync(reportFile) ? readFileSync(reportFile, "utf8") : "";
const notes = previous.includes("\n## Notes\n") ? `\n${previous.slice(previous.indexOf("## Notes\n"))}` : "";
// So does the soak's section: the soak runs only when asked (--only=soak or npm run soak).
const keptSoak = soakSectionOf(previous);
const report = `# Performance

Measured by \`${process.env.TEST_DATABASE_URL ? "TEST_DATABASE_URL=postgres://… " : ""}npm run bench${args.length ? ` -- ${args.join(" ")}` : ""}\` on ${new Date().toISOString().slice(0, 10)}${process.env.TEST_DATABASE_URL ? " (the PostgreSQL rows need that URL)" : ""}.
Machine: ${machine}. The server runs as in production (\`NODE_ENV=production\`, logs at warn).
Budgets (the table below) are checked by \`npm run bench -- --check\`, never by timed tests. The soak (section 6)
runs only when asked (\`npm run soak\` or \`npm run bench -- --only=soak\`); its budgets are in its section.

## Budgets

${budgetTable}

${sections.join("\n\n")}
${keptSoak ? `\n${keptSoak}` : ""}${notes}`;
// Only a full run rewrites the report.
if (!args.some((arg) => arg.startsWith("--only="))) writeFileSync(reportFile, report);
if (check && budgets.some((row) => row[3] !== "pass")) {
  console.error("\nSome budgets are missed.");
  process.exit(1);
}
