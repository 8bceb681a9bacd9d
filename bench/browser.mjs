import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { chromiumArgs, findChromium } from "../scripts/chromium.mjs";
import { watchForContent } from "../scripts/content-shown.mjs";
import { FIRST_VISIT_PAGES, firstVisitBytes, jsBudget } from "../scripts/first-visit.mjs";
import { BENCH_ADMIN, customerToken, freshDataDir, startStorefront, stop, table } from "./lib.mjs";

const PORT = 5321;
const base = `http://localhost:${PORT}`;
const kb = (bytes) => (bytes / 1024).toFixed(1);
/** A product's page is named by its route in the tables: its id changes with every run. */
const labelOf = (path) => (path.startsWith("/product/") ? "/product/{id}" : path);

/**
 * A new browser context signed in with `account` through the API, its cookies and storage kept as a state for
 * other contexts. Sign-ins are limited per client address (30 a minute, server/src/identity/routes.ts), and every
 * visit of the bench comes from this machine: the bench signs in a few times, and its many visits reuse the states.
 * `visit`, when given, is opened once before the state is kept (a dashboard stores the access token there).
 */
async function signedInState(browser, account, visit) {
  const context = await browser.newContext();
  const signedIn = await context.request.post(`${base}/api/auth/sign-in/email`, {
    headers: { origin: base },
    data: account,
  });
  if (!signedIn.ok()) throw new Error(`sign-in as ${account.email}: ${signedIn.status()}`);
  if (visit) await (await context.newPage()).goto(`${base}${visit}`, { waitUntil: "networkidle" });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Cookies only, for first visits: a first visit of a page starts with an empty cache and empty storage. */
async function firstVisitStates(browser) {
  const email = `bundle.${Date.now()}@example.com`;
  await customerToken(PORT, email);
  const cookiesOf = async (account) => ({ cookies: (await signedInState(browser, account)).cookies, origins: [] });
  return {
    customer: await cookiesOf({ email, password: "bench-password-1" }),
    admin: await cookiesOf(BENCH_ADMIN),
  };
}

/** What a first visit of a page downloads (scripts/first-visit.mjs), and the biggest sources of its JS. */
async function firstVisit(browser, page, productId, states) {
  const context = await browser.newContext(page.as === "visitor" ? {} : { storageState: states[page.as] });
  const url = `${base}${page.path.replace("{id}", productId)}`;
  const bytes = await firstVisitBytes(context, url);
  await context.close();
  // Counted for the page asked for, not for the sign-in page a guard sent the visit to.
  if (bytes.landedOn !== url) throw new Error(`first visit of ${url} as ${page.as} landed on ${bytes.landedOn}`);
  const modules = new Map();
  for (const file of bytes.files.filter((f) => f.kind === "js")) {
    try {
      const map = JSON.parse(readFileSync(`web/dist${new URL(file.url).pathname}.map`, "utf8"));
      map.sources.forEach((source, i) => {
        const name = source.includes("node_modules/")
          ? source
              .split("node_modules/")[1]
              .split("/")
              .slice(0, source.includes("node_modules/@") ? 2 : 1)
              .join("/")
          : "app code";
        modules.set(name, (modules.get(name) ?? 0) + (map.sourcesContent?.[i]?.length ?? 0));
      });
    } catch {}
  }
  const biggest = [...modules.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4);
  return {
    ...page,
    label: page.as === "visitor" ? page.path : `${page.path} (${page.as})`,
    jsBudget: jsBudget(page),
    jsRaw: bytes.js.raw,
    jsGzip: bytes.js.gzip,
    cssRaw: bytes.css.raw,
    cssGzip: bytes.css.gzip,
    biggest: biggest.map(([name, size]) => `${name} ${kb(size)}`).join(", "),
  };
}

/** One Lighthouse run of a page, mobile defaults unless `cpuSlowdownMultiplier` says otherwise; `cookie` signs in. */
async function lighthouseRun(path, cpuSlowdownMultiplier, cookie) {
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  try {
    const result = await lighthouse(
      `${base}${path}`,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        // Lighthouse clears the origin's storage but not its cookies; the header signs every request in.
        ...(cookie && { extraHeaders: { Cookie: cookie } }),
      },
      cpuSlowdownMultiplier
        ? { extends: "lighthouse:default", settings: { throttling: { cpuSlowdownMultiplier } } }
        : undefined,
    );
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const LIGHTHOUSE_ATTEMPTS = 5;
/**
 * A run that measured the page. Now and then Lighthouse's headless Chromium loses a run (a runtime error
 * such as NO_NAVSTART, no trace of the page load: Lighthouse then has no figures; 1 to 3 times a full run
 * here, twice in a row on one page at times); that run is said on the console and made again, at most
 * four times. A page that never paints still fails: the fifth error throws.
 */
async function auditedRun(path, cpuSlowdownMultiplier, cookie) {
  for (let attempt = 1; ; attempt++) {
    const lhr = await lighthouseRun(path, cpuSlowdownMultiplier, cookie);
    if (!lhr.runtimeError) return lhr;
    const what = `Lighthouse on ${path}: ${lhr.runtimeError.code} (${lhr.runtimeError.message})`;
    if (attempt === LIGHTHOUSE_ATTEMPTS) throw new Error(`${what}, ${LIGHTHOUSE_ATTEMPTS} times`);
    console.warn(`${what}; run again`);
  }
}

const RUNS = 3;
/** A machine twice as slow as this one: Lighthouse's simulation scales the observed CPU work by this. */
const SLOWER_CPU = 8;

/**
 * Lighthouse's own median run of three (closest to the median first paint and time to interactive), the
 * spread of the three scores, and one run as if on a machine twice as slow, to show the margin a slower
 * machine has.
 */
async function audit(path, { as, cookie } = {}) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await auditedRun(path, undefined, cookie));
  const lhr = computeMedianRun(runs);
  // What moved, when it is enough to cost points: the element to look at first.
  for (const shift of lhr.audits["layout-shifts"]?.details?.items ?? []) {
    if (shift.score >= 0.01) console.log(`Layout shift on ${path}: ${shift.score.toFixed(3)}, ${shift.node?.selector}`);
  }
  const score = (result, id) => Math.round((result.categories[id]?.score ?? 0) * 100);
  const performances = runs.map((run) => score(run, "performance"));
  const slower = await auditedRun(path, SLOWER_CPU, cookie);
  // A signed-in audit must have audited the page, not the sign-in page a guard sent it to.
  const landedOn = new URL(lhr.finalDisplayedUrl).pathname;
  if (as && landedOn !== path) throw new Error(`Lighthouse as ${as} on ${path} landed on ${landedOn}`);
  return {
    path: as ? `${labelOf(path)} (${as})` : labelOf(path),
    as,
    failedAudits: Object.values(lhr.audits)
      .filter(
        (a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id),
      )
      .map((a) => a.id),
    performance: score(lhr, "performance"),
    performanceRange: `${Math.min(...performances)}-${Math.max(...performances)}`,
    performanceSlower: score(slower, "performance"),
    accessibility: score(lhr, "accessibility"),
    bestPractices: score(lhr, "best-practices"),
    seo: score(lhr, "seo"),
    lcp: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
    tbt: Math.round(lhr.audits["total-blocking-time"].numericValue),
    cls: Number(lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/**
 * The signed-in pages of the time-to-content budget (docs/PERFORMANCE.md, 'Signed-in pages'): who visits, and what
 * shows that the page's data is there. Every page counts as shown when its heading shows in <main> and no spinner does
 * (scripts/content-shown.mjs); `content`, when given, must show too (rows, lines, figures: what only the data brings).
 * `data` matches the page's data request, whose place in the chain of API requests is counted.
 */
export const CONTENT_PAGES = [
  {
    as: "customer",
    path: "/dashboard",
    content: 'section[aria-labelledby="orders-heading"] tbody tr',
    data: /\/api\/ordering\?userEmail=/,
  },
  { as: "customer", path: "/cart", content: 'ul[aria-label="Cart lines"] li', data: /\/api\/cart$/ },
  // The admin's /dashboard is the overview (docs/SELLING-TO-BUSINESSES.md, 'Overview for the shop owner'): its figures
  // are what only the data brings.
  { as: "admin", path: "/dashboard", content: 'dl[aria-label="Figures"] dd', data: /\/api\/admin\/stats/ },
  {
    as: "admin",
    path: "/dashboard/orders",
    content: 'section[aria-labelledby="admin-orders-heading"] tbody tr',
    data: /\/api\/admin\/orders\?/,
  },
];
const CONTENT_RUNS = 5;
/** The budgets: the content within a second of the navigation, after at most two API requests in a row. */
export const CONTENT_BUDGET_MS = 1000;
export const CONTENT_CHAIN_BUDGET = 2;

/**
 * How many API requests ran one after another up to and including the data request: each request's depth is
 * one more than the deepest API request that had finished before it started.
 */
function chainOf(requests, data) {
  const done = requests.filter((r) => r.end !== undefined);
  const depth = new Map();
  const depthOf = (request) => {
    if (!depth.has(request)) {
      const before = done.filter((other) => other !== request && other.end <= request.start);
      depth.set(request, 1 + Math.max(0, ...before.map(depthOf)));
    }
    return depth.get(request);
  };
  const target = requests.find((r) => data.test(r.url));
  return target ? depthOf(target) : undefined;
}

/**
 * A customer with three orders and a cart of two lines, and the admin (who sees those orders), each signed in
 * in a browser context that visited their dashboard once (so the access token is stored, as after a sign-in
 * through the page). Each page is visited 5 times as a returning visitor does (the signed-in context, its
 * cache warm from a visit of the page; the budget) and 5 times as a first visit (a new context with the
 * cookies and storage but an empty cache): each a full navigation, from its start to the content.
 */
async function timeToContent(browser) {
  const products = await (await fetch(`${base}/api/product?limit=20`)).json();
  const usable = products.filter((p) => p.quantity >= p.quantityRule.min * 2);
  const email = `content.${Date.now()}@example.com`;
  const token = await customerToken(PORT, email);
  const call = async (method, path, body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  };
  for (const product of usable.slice(0, 3)) {
    await call("POST", "/api/ordering", {
      orderId: product._id,
      quantity: product.quantityRule.min,
      phone: "5550100000",
      address: "1 Bench Road",
    });
  }
  for (const product of usable.slice(3, 5)) {
    await call("PUT", `/api/cart/lines/${product._id}`, { quantity: product.quantityRule.min });
  }
  const states = {};
  const cookies = {};
  for (const as of ["customer", "admin"]) {
    const account = as === "admin" ? BENCH_ADMIN : { email, password: "bench-password-1" };
    states[as] = await signedInState(browser, account, "/dashboard");
    cookies[as] = states[as].cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  }
  /** One visit in `context`: ms from the navigation's start to the content, and the chain to the data. */
  const visit = async (context, target) => {
    const page = await context.newPage();
    await page.addInitScript(watchForContent, target.content);
    const requests = [];
    const byRequest = new Map();
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin !== base || !url.pathname.startsWith("/api/")) return;
      const entry = { url: `${url.pathname}${url.search}`, start: performance.now() };
      byRequest.set(request, entry);
      requests.push(entry);
    });
    const finished = (request) => {
      const entry = byRequest.get(request);
      if (entry) entry.end = performance.now();
    };
    page.on("requestfinished", finished);
    page.on("requestfailed", finished);
    await page.goto(`${base}${target.path}`, { waitUntil: "commit" });
    await page.waitForFunction(() => window.__contentAt !== null, null, { timeout: 20_000 });
    const ms = await page.evaluate(() => window.__contentAt);
    const landedOn = new URL(page.url()).pathname;
    if (landedOn !== target.path) throw new Error(`${target.path} as ${target.as} landed on ${landedOn}`);
    await page.close();
    return { ms: Math.round(ms), chain: target.data ? chainOf(requests, target.data) : undefined };
  };
  const summary = (runs) => {
    const sorted = [...runs].sort((a, b) => a.ms - b.ms);
    const chains = runs.map((r) => r.chain).filter((c) => c !== undefined);
    return {
      median: sorted[Math.floor(sorted.length / 2)].ms,
      runs: runs.map((r) => r.ms),
      chain: chains.length ? Math.max(...chains) : undefined,
    };
  };
  const results = [];
  for (const target of CONTENT_PAGES) {
    // A returning visitor: the signed-in context, its cache warm from a first visit of the page.
    const context = await browser.newContext({ storageState: states[target.as] });
    await visit(context, target);
    const warm = [];
    for (let i = 0; i < CONTENT_RUNS; i++) warm.push(await visit(context, target));
    await context.close();
    // A first visit: a new context each time, with the sign-in's cookies and storage but an empty cache.
    const cold = [];
    for (let i = 0; i < CONTENT_RUNS; i++) {
      const fresh = await browser.newContext({ storageState: states[target.as] });
      cold.push(await visit(fresh, target));
      await fresh.close();
    }
    results.push({ label: `${target.path} (${target.as})`, ...summary(warm), cold: summary(cold) });
  }
  return { results, cookies };
}

/** Parts 3 and 4: bundle bytes of first visits, and Lighthouse (mobile) scores. */
export async function benchBrowser({ lighthouse: runLighthouse }) {
  const server = await startStorefront({ port: PORT, dataDir: freshDataDir("browser") });
  try {
    const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
    const [wrench] = await (await fetch(`${base}/api/product?q=wrench&limit=1`)).json();
    const productPage = `/product/${wrench._id}`;
    const states = await firstVisitStates(browser);
    const visits = [];
    for (const page of FIRST_VISIT_PAGES) visits.push(await firstVisit(browser, page, wrench._id, states));
    const content = await timeToContent(browser);
    await browser.close();
    const contentTable = table(
      [
        "signed-in page",
        `ms to content, cache warm (median of ${CONTENT_RUNS})`,
        "runs ms",
        `first visit, empty cache (median of ${CONTENT_RUNS})`,
        "runs ms",
        "API requests in a row to the data",
      ],
      content.results.map((r) => [
        r.label,
        r.median,
        r.runs.join(", "),
        r.cold.median,
        r.cold.runs.join(", "),
        Math.max(r.chain ?? 0, r.cold.chain ?? 0) || "—",
      ]),
    );
    const bundle = table(
      ["first visit", "JS raw KB", "JS gzip KB", "CSS raw KB", "CSS gzip KB", "biggest sources (raw KB)"],
      visits.map((v) => [v.label, kb(v.jsRaw), kb(v.jsGzip), kb(v.cssRaw), kb(v.cssGzip), v.biggest]),
    );
    const audits = [];
    if (runLighthouse) {
      for (const path of ["/", "/availableProducts", productPage, "/login"]) audits.push(await audit(path));
      for (const as of ["customer", "admin"]) {
        audits.push(await audit("/dashboard", { as, cookie: content.cookies[as] }));
      }
    }
    const scores = table(
      [
        "page",
        `performance (median of ${RUNS})`,
        `range of ${RUNS}`,
        "at 2x slower CPU",
        "accessibility",
        "best practices",
        "SEO",
        "LCP ms",
        "TBT ms",
        "CLS",
        "CPU benchmark index",
      ],
      audits.map((a) => [
        a.path,
        a.performance,
        a.performanceRange,
        a.performanceSlower,
        a.accessibility,
        a.bestPractices,
        a.seo,
        a.lcp,
        a.tbt,
        a.cls,
        a.benchmarkIndex,
      ]),
    );
    return { bundle, scores, visits, audits, content: content.results, contentTable };
  } finally {
    await stop(server);
  }
}
