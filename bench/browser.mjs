import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { chromiumArgs, findChromium } from "../scripts/chromium.mjs";
import { customerToken, freshDataDir, startStorefront, stop, table } from "./lib.mjs";

const PORT = 5321;
const base = `http://localhost:${PORT}`;
const kb = (bytes) => (bytes / 1024).toFixed(1);
/** A product's page is named by its route in the tables: its id changes with every run. */
const labelOf = (path) => (path.startsWith("/product/") ? "/product/{id}" : path);

/** What a first visit of a page downloads: JS and CSS from our origin, raw and gzip -9, and the biggest sources. */
async function firstVisit(browser, path, { signedIn }) {
  const context = await browser.newContext();
  if (signedIn) {
    const email = `bundle.${Date.now()}@example.com`;
    await customerToken(PORT, email);
    await context.request.post(`${base}/api/auth/sign-in/email`, {
      headers: { origin: base },
      data: { email, password: "bench-password-1" },
    });
  }
  const page = await context.newPage();
  const assets = [];
  page.on("response", async (response) => {
    const type = response.request().resourceType();
    if ((type === "script" || type === "stylesheet") && response.url().startsWith(base)) {
      assets.push({ type, url: response.url(), body: await response.body().catch(() => Buffer.alloc(0)) });
    }
  });
  await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
  await context.close();
  const label = labelOf(path);
  const sum = (kind, gzip) =>
    assets
      .filter((a) => a.type === kind)
      .reduce((total, a) => total + (gzip ? gzipSync(a.body, { level: 9 }).length : a.body.length), 0);
  const modules = new Map();
  for (const asset of assets.filter((a) => a.type === "script")) {
    try {
      const map = JSON.parse(readFileSync(`web/dist${new URL(asset.url).pathname}.map`, "utf8"));
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
    path,
    label,
    signedIn,
    jsRaw: sum("script", false),
    jsGzip: sum("script", true),
    cssRaw: sum("stylesheet", false),
    cssGzip: sum("stylesheet", true),
    biggest: biggest.map(([name, bytes]) => `${name} ${kb(bytes)}`).join(", "),
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
    for (const [path, signedIn] of [
      ["/", false],
      ["/availableProducts", false],
      ["/availableProducts?q=wrench&sort=price-asc", false],
      [productPage, false],
      ["/login", false],
      ["/dashboard", true],
    ]) {
      visits.push(await firstVisit(browser, path, { signedIn }));
    }
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
