import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { chromiumArgs, findChromium } from "../scripts/chromium.mjs";
import { FIRST_VISIT_PAGES, firstVisitBytes, jsBudget } from "../scripts/first-visit.mjs";
import { BENCH_ADMIN, customerToken, freshDataDir, startStorefront, stop, table } from "./lib.mjs";

const PORT = 5321;
const base = `http://localhost:${PORT}`;
const kb = (bytes) => (bytes / 1024).toFixed(1);
/** A product's page is named by its route in the tables: its id changes with every run. */
const labelOf = (path) => (path.startsWith("/product/") ? "/product/{id}" : path);

/** Signs `as` (a customer or the admin) into a browser context, or nobody. */
async function signIn(context, as) {
  if (as === "visitor") return;
  const email = as === "admin" ? BENCH_ADMIN.email : `bundle.${Date.now()}@example.com`;
  if (as === "customer") await customerToken(PORT, email);
  await context.request.post(`${base}/api/auth/sign-in/email`, {
    headers: { origin: base },
    data: { email, password: as === "admin" ? BENCH_ADMIN.password : "bench-password-1" },
  });
}

/** What a first visit of a page downloads (scripts/first-visit.mjs), and the biggest sources of its JS. */
async function firstVisit(browser, page, productId) {
  const context = await browser.newContext();
  await signIn(context, page.as);
  const bytes = await firstVisitBytes(context, `${base}${page.path.replace("{id}", productId)}`);
  await context.close();
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

/** One Lighthouse run of a page, mobile defaults unless `cpuSlowdownMultiplier` says otherwise. */
async function lighthouseRun(path, cpuSlowdownMultiplier) {
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

const RUNS = 3;
/** A machine twice as slow as this one: Lighthouse's simulation scales the observed CPU work by this. */
const SLOWER_CPU = 8;

/**
 * Lighthouse's own median run of three (closest to the median first paint and time to interactive), the
 * spread of the three scores, and one run as if on a machine twice as slow, to show the margin a slower
 * machine has.
 */
async function audit(path) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(path));
  const lhr = computeMedianRun(runs);
  const score = (result, id) => Math.round((result.categories[id]?.score ?? 0) * 100);
  const performances = runs.map((run) => score(run, "performance"));
  const slower = await lighthouseRun(path, SLOWER_CPU);
  return {
    path: labelOf(path),
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

/** Parts 3 and 4: bundle bytes of first visits, and Lighthouse (mobile) scores. */
export async function benchBrowser({ lighthouse: runLighthouse }) {
  const server = await startStorefront({ port: PORT, dataDir: freshDataDir("browser") });
  try {
    const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
    const [wrench] = await (await fetch(`${base}/api/product?q=wrench&limit=1`)).json();
    const productPage = `/product/${wrench._id}`;
    const visits = [];
    for (const page of FIRST_VISIT_PAGES) visits.push(await firstVisit(browser, page, wrench._id));
    await browser.close();
    const bundle = table(
      ["first visit", "JS raw KB", "JS gzip KB", "CSS raw KB", "CSS gzip KB", "biggest sources (raw KB)"],
      visits.map((v) => [v.label, kb(v.jsRaw), kb(v.jsGzip), kb(v.cssRaw), kb(v.cssGzip), v.biggest]),
    );
    const audits = [];
    if (runLighthouse) {
      for (const path of ["/", "/availableProducts", productPage, "/login"]) audits.push(await audit(path));
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
    return { bundle, scores, visits, audits };
  } finally {
    await stop(server);
  }
}
