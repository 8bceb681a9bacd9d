// npm run soak [-- --minutes=10|30] [-- --rate=8] [-- --check | --check=outcomes] [-- --cluster]
// One storefront under a mixed load for a set time (docs/PERFORMANCE.md, 'The soak'): visitors browse and search,
// customers fill carts, check out and pay, admins list and ship orders, in fixed proportions at a fixed arrival rate.
// Also run by `npm run bench -- --only=soak`. On PostgreSQL when TEST_DATABASE_URL is set, else PGlite.
// --cluster: the same load through HAProxy in front of three instances, two of them stopped and started
// again on the way (bench/drill.mjs), on PostgreSQL.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { apiSignIn } from "../scripts/server-process.mjs";
import { DRILL_P99_MS, drillBudgets, drillCluster, drillMissing, faults, orderCensus } from "./drill.mjs";
import {
  accessToken,
  BENCH_ADMIN,
  catalogueOf,
  customerSessions,
  postgresDatabase,
  root,
  STOREFRONT_ENV,
  startStorefront,
  stop,
  table,
} from "./lib.mjs";

/** The default length and arrival rate; the rate is one this 2-core machine keeps within budget with room to spare. */
export const SOAK_MINUTES = 10;
export const SOAK_RATE = 8;
/** Every arrival is one of these visits, in these proportions (of 10 arrivals: 6 visitors, 3 customers, 1 admin). */
const MIX = { visitor: 6, customer: 3, admin: 1 };
/** An admin's visit ships up to this many paid orders: more than the customers pay meanwhile, so none pile up. */
const SHIPS_PER_ADMIN_VISIT = 4;
/** Orders per customer over the run, about: many customers, each placing a modest number of orders. */
const ORDERS_PER_CUSTOMER = 10;
const PRODUCTS = 1000;
/** Pieces of every tool: far more than the run's orders take, so no checkout meets an empty shelf. */
const STOCK = 1_000_000;
const SAMPLE_EVERY_MS = 30_000;
const BUDGET_P99_MS = 250;
/**
 * Marks a budget row of time or memory. `--check=outcomes` (the drill in `npm test`, beside lint on 2 cores)
 * fails only on what was lost, doubled or refused: how fast the machine was is the bench's to judge, never a
 * test's (a p99 of 546 ms against 500 failed one such run while type checks shared the cores).
 */
const TIMED = "timed";
/**
 * The memory budget. A run of 10 minutes compares its last RSS with the one at 2:00 (the start's caches and
 * the JIT's first work are done by then): under 10%. A long run (30 minutes or more) can tell a slow leak
 * from a plateau, so it is held tighter: every RSS from 5:00 on within 5% of the one at 5:00.
 */
const MEMORY_RULES = [
  { fromMinutes: 30, baseMs: 300_000, limit: 0.05, every: true },
  { fromMinutes: 3, baseMs: 120_000, limit: 0.1, every: false },
];
/** Access tokens last 15 minutes: an actor trades its session cookie for a new one after 12. */
const TOKEN_RENEW_MS = 12 * 60_000;
const REQUEST_TIMEOUT_MS = 30_000;
const METRICS_TOKEN = "soak-metrics-token-0123456789";
const SEARCHES = ["wrench", "hammer", "drill", "hamer", "saw", "tool", "screwdriver", "generated 42", "pliers set"];
const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

const STEPS = {
  home: "GET / (home page HTML)",
  catalogue: "GET /api/product?limit=20&offset= (catalogue page)",
  search: "GET /api/product?q=&limit=20 (search)",
  product: "GET /product/{id} (product page HTML)",
  reviews: "GET /api/review",
  cartLine: "PUT /api/cart/lines/{productId}",
  checkout: "POST /api/cart/checkout",
  intent: "POST /api/create-payment-intent",
  confirm: "POST /api/payments/test/confirm",
  adminList: "GET /api/admin/orders?status=paid&limit=20",
  ship: "POST /api/admin/orders/{id}/ship",
  renew: "PUT /api/user/{email} (new access token)",
};

/** A small seeded generator, so two runs send the same visits in the same order. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The arrivals of one cycle, each kind spread evenly over it (smooth weighted round robin). */
function arrivalCycle(mix) {
  const kinds = Object.entries(mix);
  const total = kinds.reduce((sum, [, weight]) => sum + weight, 0);
  const current = Object.fromEntries(kinds.map(([kind]) => [kind, 0]));
  const cycle = [];
  for (let i = 0; i < total; i++) {
    for (const [kind, weight] of kinds) current[kind] += weight;
    const [next] = kinds.reduce((best, entry) => (current[entry[0]] > current[best[0]] ? entry : best));
    current[next] -= total;
    cycle.push(next);
  }
  return cycle;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (value) => (value < 10 ? value.toFixed(1) : String(Math.round(value)));
const mb = (bytes) => (bytes === undefined ? "-" : (bytes / 2 ** 20).toFixed(0));
const clock = (millis) =>
  `${Math.floor(millis / 60_000)}:${String(Math.round((millis % 60_000) / 1000)).padStart(2, "0")}`;

/**
 * The server process's resident memory and CPU time from /proc, its heap from GET /metrics (prom-client's
 * gauges), and the machine's load (other work shares these 2 cores).
 */
async function memoryOf(server, port) {
  const sample = { load: os.loadavg()[0] };
  try {
    const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
    const kib = status.match(/^VmRSS:\s+(\d+) kB/m)?.[1];
    if (kib) sample.rss = Number(kib) * 1024;
    // utime and stime, fields 14 and 15, in clock ticks (100 a second on Linux), after the command's ")".
    const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    sample.cpuSeconds = (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    // Not Linux: the RSS comes from the metrics below.
  }
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await answer.text();
    const gauge = (name) => {
      const value = text.match(new RegExp(`^forgeline_${name}(?:\\{[^}]*\\})? (\\S+)$`, "m"))?.[1];
      return value === undefined ? undefined : Number(value);
    };
    sample.heapUsed = gauge("nodejs_heap_size_used_bytes");
    sample.heapTotal = gauge("nodejs_heap_size_total_bytes");
    // Memory outside the JS heap that Node knows of (Buffers, zlib's and sockets' own): where a leak hides
    // when RSS grows and the heap does not.
    sample.external = gauge("nodejs_external_memory_bytes");
    sample.rss ??= gauge("process_resident_memory_bytes");
  } catch {
    // A missed scrape leaves the heap out of this sample.
  }
  return sample;
}

/**
 * Runs the soak and answers its tables (as Markdown), the budget rows and the figures they come from.
 * `log` gets a line every 30 s while it runs.
 */
export async function benchSoak({ minutes = SOAK_MINUTES, rate = SOAK_RATE, log = console.log, cluster = false } = {}) {
  if (!existsSync(`${root}/server/dist/server.js`) || !existsSync(`${root}/web/dist/index.html`)) {
    throw new Error("The soak runs the built storefront: run `npm run build` first.");
  }
  const missing = cluster && drillMissing();
  if (missing) throw new Error(`The cluster drill cannot run: ${missing}`);
  const durationMs = Math.round(minutes * 60_000);
  const cycle = arrivalCycle(MIX);
  const customerShare = MIX.customer / cycle.length;
  const customerCount = Math.max(100, Math.ceil((rate * customerShare * durationMs) / 1000 / ORDERS_PER_CUSTOMER));
  const postgres = await postgresDatabase();
  const shape = cluster ? "through HAProxy to 3 instances" : "on one instance";
  log(`Soak: ${minutes} min at ${rate} arrivals/s ${shape} on ${postgres ? "PostgreSQL" : "PGlite"}; preparing…`);
  const dataDir = await catalogueOf(PRODUCTS - 12, postgres?.url, { stock: STOCK });
  // PGlite unless a PostgreSQL was made for this run, whatever DATABASE_URL the shell holds.
  const env = { DATABASE_URL: postgres?.url ?? "", METRICS_TOKEN };
  const instances = cluster
    ? await drillCluster({ databaseUrl: postgres.url, dataDir, env: { ...STOREFRONT_ENV, ...env } })
    : null;
  const port = instances?.port ?? 5341;
  const server = instances ? null : await startStorefront({ port, dataDir, env });
  try {
    const stamp = Date.now();
    const customers = await customerSessions(
      port,
      Array.from({ length: customerCount }, (_, i) => `soak.${i}.${stamp}@example.com`),
      { batches: 4 },
    );
    for (const customer of customers) customer.tokenAt = performance.now();
    const adminSession = await apiSignIn(port, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const admin = { ...adminSession, localAddress: "127.0.0.1", tokenAt: performance.now() };
    const tools = [];
    for (let offset = 0; offset < PRODUCTS; offset += 100) {
      const page = await (await fetch(`http://127.0.0.1:${port}/api/product?limit=100&offset=${offset}`)).json();
      for (const product of page) tools.push({ id: product._id, rule: product.quantityRule });
    }
    if (tools.length !== PRODUCTS) throw new Error(`the catalogue lists ${tools.length} tools, not ${PRODUCTS}`);
    const sample = instances ? () => clusterMemory(instances) : () => memoryOf(server, port);
    const faulted = instances ? faults(instances, durationMs, log) : Promise.resolve([]);
    const result = await soak({ port, sample, durationMs, rate, cycle, customers, admin, tools, log, cluster });
    const drill = instances && { events: await faulted, ...(await orderCensus(postgres.url, result.acknowledged)) };
    if (drill) {
      result.budgets.push(...drillBudgets(drill));
      result.summary.push(
        `${drill.acknowledged} orders acknowledged, ${drill.inDatabase} in the database, ${drill.duplicates} placed twice, ` +
          `${drill.lost} acknowledged but missing; ${result.retried} requests without an answer retried once`,
        `faults: ${drill.events.join("; ")}`,
      );
    }
    return {
      ...result,
      minutes,
      rate,
      database: postgres ? "PostgreSQL" : "PGlite",
      customerCount,
      cluster,
    };
  } finally {
    if (server) await stop(server);
    await instances?.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The instances' memory and CPU time together (a restarted instance starts its own count again). */
async function clusterMemory(cluster) {
  const samples = await Promise.all(cluster.ports.map((port, i) => memoryOf(cluster.instance(i), port)));
  const sum = (field) => samples.reduce((total, sample) => total + (sample[field] ?? 0), 0);
  return {
    load: samples[0]?.load ?? 0,
    rss: sum("rss"),
    cpuSeconds: sum("cpuSeconds"),
    heapUsed: sum("heapUsed"),
    heapTotal: sum("heapTotal"),
    external: sum("external"),
  };
}

async function soak({ port, sample, durationMs, rate, cycle, customers, admin, tools, log, cluster }) {
  const draw = random(20261125);
  const agent = new http.Agent({ keepAlive: true });
  const stats = new Map(Object.keys(STEPS).map((key) => [key, { latencies: [], failed: new Map() }]));
  const windows = [];
  const windowOf = (at) => {
    const index = Math.min(Math.floor((at - start) / SAMPLE_EVERY_MS), Math.ceil(durationMs / SAMPLE_EVERY_MS) - 1);
    windows[index] ??= { latencies: [], failed: 0 };
    return windows[index];
  };
  const flowFailures = new Map();
  const flowFailed = (why) => flowFailures.set(why, (flowFailures.get(why) ?? 0) + 1);
  const counts = { visitor: 0, customer: 0, admin: 0, paid: 0, shipped: 0, nothingToShip: 0, checkouts: 0 };
  /** The orders the clients were told were placed (the drill looks for each in the database). */
  const acknowledged = new Set();
  let retried = 0;
  const runStamp = Date.now();

  /** One call as a browser makes it (compressed answers welcome), from the caller's own address. */
  function send({ method = "GET", path, token, body, localAddress = "127.0.0.1", html = false, key }) {
    const headers = { "accept-encoding": "br, gzip" };
    headers.accept = html ? "text/html" : "application/json";
    if (token) headers.authorization = `Bearer ${token}`;
    if (key) headers["idempotency-key"] = key;
    if (body) headers["content-type"] = "application/json";
    return new Promise((resolve) => {
      const request = http.request(
        { host: "127.0.0.1", port, method, path, headers, agent, localAddress, timeout: REQUEST_TIMEOUT_MS },
        (response) => {
          const chunks = [];
          response.on("data", (chunk) => chunks.push(chunk));
          response.on("end", () => {
            const raw = Buffer.concat(chunks);
            const encoding = response.headers["content-encoding"];
            resolve({
              status: response.statusCode,
              text: () =>
                (encoding === "br"
                  ? zlib.brotliDecompressSync(raw)
                  : encoding === "gzip"
                    ? zlib.gunzipSync(raw)
                    : raw
                ).toString("utf8"),
            });
          });
          response.on("error", (error) => resolve({ status: 0, error }));
        },
      );
      request.on("timeout", () => request.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)));
      request.on("error", (error) => resolve({ status: 0, error }));
      request.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }

  /**
   * One step: the call, its time (from `since`: the arrival's planned time for a visit's first call, so a
   * late start counts) and, unless it answered `expected`, a failed answer. Answers the answer, or null.
   * In the drill a call without an answer (none, or the balancer's 502-504) is sent once more, as the web
   * app does, with the same Idempotency-Key; its time runs to the retry's answer.
   */
  async function step(key, call, expected = 200, since = performance.now()) {
    let answer = await send(call);
    if (cluster && (answer.status === 0 || (answer.status >= 502 && answer.status <= 504))) {
      retried++;
      answer = await send(call);
      // A ship carries no key: a 409 to its retry says the lost first attempt shipped the order.
      if (key === "ship" && answer.status === 409) answer = { ...answer, status: expected };
    }
    const done = performance.now();
    const latency = done - since;
    const stat = stats.get(key);
    stat.latencies.push(latency);
    const window = windowOf(done);
    window.latencies.push(latency);
    if (answer.status === expected) return answer;
    const why = answer.status ? String(answer.status) : (answer.error?.code ?? answer.error?.message ?? "error");
    stat.failed.set(why, (stat.failed.get(why) ?? 0) + 1);
    window.failed++;
    return null;
  }

  /** A fresh access token when the actor's nears its end, traded for its session cookie as the web app does. */
  async function renewToken(actor) {
    if (performance.now() - actor.tokenAt < TOKEN_RENEW_MS) return true;
    const since = performance.now();
    try {
      actor.token = await accessToken(port, actor.localAddress, actor.email, actor.cookie);
      actor.tokenAt = performance.now();
      stats.get("renew").latencies.push(actor.tokenAt - since);
      return true;
    } catch (error) {
      const stat = stats.get("renew");
      stat.failed.set(error.message, (stat.failed.get(error.message) ?? 0) + 1);
      return false;
    }
  }

  const pick = (list) => list[Math.floor(draw() * list.length)];
  const quantityFor = (rule) =>
    rule.min + rule.step * Math.floor(draw() * (Math.floor((rule.max - rule.min) / rule.step) + 1));

  async function visitor(arrival) {
    counts.visitor++;
    const ok =
      (await step("home", { path: "/", html: true }, 200, arrival)) &&
      (await step("catalogue", { path: `/api/product?limit=20&offset=${20 * Math.floor(draw() * 10)}` })) &&
      (await step("search", { path: `/api/product?q=${encodeURIComponent(pick(SEARCHES))}&limit=20` })) &&
      (await step("product", { path: `/product/${pick(tools).id}`, html: true })) &&
      (await step("reviews", { path: "/api/review" }));
    if (!ok) flowFailed("a visitor's call failed");
  }

  // Customers wait in a queue; one visits at a time (its cart is its own), and one whose visit failed
  // is set aside, so its cart cannot fail the next visit too.
  const idle = [...customers];
  async function customer(arrival) {
    const buyer = idle.shift();
    if (!buyer) {
      flowFailed("no idle customer at an arrival");
      return;
    }
    counts.customer++;
    const ok = await buyerVisit(buyer, arrival);
    if (ok) idle.push(buyer);
    else flowFailed("a customer's call failed (customer set aside)");
  }
  async function buyerVisit(buyer, arrival) {
    if (!(await renewToken(buyer))) return false;
    const auth = { token: buyer.token, localAddress: buyer.localAddress };
    const lines = 1 + Math.floor(draw() * 3);
    const chosen = new Set();
    while (chosen.size < lines) chosen.add(pick(tools));
    let cart;
    let since = arrival;
    for (const tool of chosen) {
      cart = await step(
        "cartLine",
        { ...auth, method: "PUT", path: `/api/cart/lines/${tool.id}`, body: { quantity: quantityFor(tool.rule) } },
        200,
        since,
      );
      if (!cart) return false;
      since = undefined;
    }
    const { total } = JSON.parse(cart.text());
    // Each checkout its own PO number, so the drill can tell an order placed twice; and its own keys.
    const checkout = ++counts.checkouts;
    const key = (what) => `soak-${runStamp}-${checkout}-${what}`;
    const placed = await step(
      "checkout",
      {
        ...auth,
        method: "POST",
        path: "/api/cart/checkout",
        body: { phone: "5550100000", address: "1 Soak Road", poNumber: `SOAK-${checkout}`, expectedTotal: total },
        key: key("checkout"),
      },
      201,
    );
    if (!placed) return false;
    const orderId = JSON.parse(placed.text()).insertedId;
    acknowledged.add(orderId);
    const opened = await step("intent", {
      ...auth,
      method: "POST",
      path: "/api/create-payment-intent",
      body: { orderId, price: total },
      key: key("intent"),
    });
    if (!opened) return false;
    const { clientSecret } = JSON.parse(opened.text());
    const paid = await step("confirm", {
      ...auth,
      method: "POST",
      path: "/api/payments/test/confirm",
      body: { clientSecret, ...CARD },
      key: key("confirm"),
    });
    if (!paid) return false;
    counts.paid++;
    return true;
  }

  // Orders an admin visit took to ship: two visits at once never ship the same one.
  const claimed = new Set();
  async function adminVisit(arrival) {
    counts.admin++;
    if (!(await renewToken(admin))) return flowFailed("an admin's call failed");
    const auth = { token: admin.token };
    const list = await step("adminList", { ...auth, path: "/api/admin/orders?status=paid&limit=20" }, 200, arrival);
    if (!list) return flowFailed("an admin's call failed");
    // Oldest first: the list is newest first.
    const waiting = JSON.parse(list.text())
      .map((order) => order._id)
      .filter((id) => !claimed.has(id))
      .reverse()
      .slice(0, SHIPS_PER_ADMIN_VISIT);
    if (waiting.length === 0) counts.nothingToShip++;
    for (const id of waiting) claimed.add(id);
    for (const id of waiting) {
      const shipped = await step("ship", {
        ...auth,
        method: "POST",
        path: `/api/admin/orders/${id}/ship`,
        body: { carrier: "UPS", trackingNumber: `1Z${id.slice(0, 8).toUpperCase()}` },
      });
      if (!shipped) return flowFailed("an admin's call failed");
      counts.shipped++;
    }
  }

  const visits = { visitor, customer, admin: adminVisit };
  const inFlight = new Set();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const samples = [];
  const start = performance.now() + 100;
  const end = start + durationMs;
  const interval = 1000 / rate;
  let arrivals = 0;
  loopDelay.enable();

  // Memory every 30 s from the start, the last at the end of the run.
  const sampling = (async () => {
    for (let k = 0; k * SAMPLE_EVERY_MS <= durationMs; k++) {
      const at = start + k * SAMPLE_EVERY_MS;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
      const taken = { at: k * SAMPLE_EVERY_MS, ...(await sample()) };
      samples.push(taken);
      if (k > 0) {
        const window = windows[k - 1] ?? { latencies: [], failed: 0 };
        const p99 = percentile(
          [...window.latencies].sort((a, b) => a - b),
          99,
        );
        log(
          `  ${clock(taken.at)}  ${(window.latencies.length / (SAMPLE_EVERY_MS / 1000)).toFixed(1)} req/s, p99 ${ms(p99)} ms, failed ${window.failed}, ` +
            `RSS ${mb(taken.rss)} MB, heap ${mb(taken.heapUsed)} MB, load ${taken.load.toFixed(1)}, ${inFlight.size} visits in flight`,
        );
      }
    }
  })();

  // The open model: each arrival starts at its planned time, whether or not earlier ones have finished.
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (start + arrivals * interval <= now && start + arrivals * interval < end) {
        const planned = start + arrivals * interval;
        const visit = visits[cycle[arrivals % cycle.length]](planned).catch((error) => flowFailed(String(error)));
        inFlight.add(visit);
        visit.finally(() => inFlight.delete(visit));
        arrivals++;
      }
      if (start + arrivals * interval >= end) resolve();
      else setTimeout(tick, Math.max(0, start + arrivals * interval - performance.now()));
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  await sampling;
  await Promise.all(inFlight);
  loopDelay.disable();
  agent.destroy();

  const budgetP99 = cluster ? DRILL_P99_MS : BUDGET_P99_MS;
  const result = report({ stats, windows, samples, flowFailures, counts, arrivals, durationMs, loopDelay, budgetP99 });
  // Instances started again begin their memory anew: the drill's memory is shown, not budgeted.
  if (cluster && result.memoryMeasured) result.budgets.pop();
  return { ...result, acknowledged, retried };
}

const percent = (value) => `${value >= 0 ? "+" : ""}${(value * 100).toFixed(1)}%`;

/** The memory budget's row for the run's length (MEMORY_RULES), or null for a run too short to tell. */
function memoryBudget(samples, durationMs) {
  const rule = MEMORY_RULES.find((candidate) => durationMs >= candidate.fromMinutes * 60_000);
  const base = rule && samples.find((sample) => sample.at === rule.baseMs);
  const last = samples.at(-1);
  if (!base?.rss || !last?.rss || last.at <= base.at) return null;
  const later = samples.filter((sample) => sample.at > base.at && sample.rss);
  const worst = rule.every ? later.reduce((high, sample) => (sample.rss > high.rss ? sample : high)) : last;
  const growth = (worst.rss - base.rss) / base.rss;
  const heap = base.heapUsed && last.heapUsed ? percent((last.heapUsed - base.heapUsed) / base.heapUsed) : "-";
  const from = clock(rule.baseMs);
  return [
    rule.every
      ? `soak: memory after minute ${rule.baseMs / 60_000} (highest RSS from ${from} on against RSS at ${from})`
      : `soak: memory growth after minute ${rule.baseMs / 60_000} (RSS at the end against RSS at ${from})`,
    `< ${rule.limit * 100}%`,
    `${percent(growth)} (${mb(base.rss)} → ${mb(worst.rss)} MB${rule.every ? ` at ${clock(worst.at)}, ${mb(last.rss)} MB at the end` : ""}; heap used ${heap} to the end)`,
    growth < rule.limit,
    TIMED,
  ];
}

function report({ stats, windows, samples, flowFailures, counts, arrivals, durationMs, loopDelay, budgetP99 }) {
  const seconds = durationMs / 1000;
  const stepRows = [];
  const p99s = {};
  let requests = 0;
  let failedAnswers = 0;
  for (const [key, { latencies, failed }] of stats) {
    if (latencies.length === 0 && failed.size === 0) continue;
    const sorted = [...latencies].sort((a, b) => a - b);
    const failures = [...failed.values()].reduce((sum, n) => sum + n, 0);
    requests += latencies.length;
    failedAnswers += failures;
    p99s[STEPS[key]] = percentile(sorted, 99);
    stepRows.push([
      STEPS[key],
      latencies.length,
      (latencies.length / seconds).toFixed(1),
      ms(percentile(sorted, 50)),
      ms(percentile(sorted, 95)),
      ms(percentile(sorted, 99)),
      ms(sorted.at(-1) ?? 0),
      failures === 0 ? "0" : `${failures} (${[...failed].map(([why, n]) => `${why}: ${n}`).join(", ")})`,
    ]);
  }
  const stepsTable = table(
    ["step", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "max ms", "failed answers"],
    stepRows,
  );
  const timeRows = samples.map((sample, k) => {
    const window = k > 0 ? (windows[k - 1] ?? { latencies: [], failed: 0 }) : null;
    const sorted = window ? [...window.latencies].sort((a, b) => a - b) : [];
    const before = samples[k - 1];
    const cpu =
      // A drill's instance started again counts its CPU time from nothing: that window shows none.
      before?.cpuSeconds !== undefined && sample.cpuSeconds !== undefined && sample.cpuSeconds >= before.cpuSeconds
        ? `${Math.round((100 * (sample.cpuSeconds - before.cpuSeconds)) / ((sample.at - before.at) / 1000))}%`
        : "-";
    return [
      clock(sample.at),
      window ? (window.latencies.length / (SAMPLE_EVERY_MS / 1000)).toFixed(1) : "-",
      window ? ms(percentile(sorted, 99)) : "-",
      window ? window.failed : "-",
      mb(sample.rss),
      mb(sample.heapUsed),
      mb(sample.heapTotal),
      mb(sample.external),
      cpu,
      sample.load.toFixed(1),
    ];
  });
  const timeTable = table(
    [
      "time",
      "req/s (last 30 s)",
      "p99 ms, all steps (last 30 s)",
      "failed (last 30 s)",
      "RSS MB",
      "heap used MB",
      "heap total MB",
      "external MB",
      "server CPU (last 30 s)",
      "machine load (1 min)",
    ],
    timeRows,
  );

  const memory = memoryBudget(samples, durationMs);
  const visitFailures = [...flowFailures].map(([why, n]) => `${why}: ${n}`).join("; ");
  const worstStep = Object.entries(p99s).sort((a, b) => b[1] - a[1])[0];
  const budgets = [
    [
      "soak: failed answers",
      "0",
      `${failedAnswers}${visitFailures ? ` (${visitFailures})` : ""}`,
      failedAnswers === 0 && flowFailures.size === 0,
    ],
    [
      "soak: p99 of every step",
      `< ${budgetP99} ms`,
      worstStep ? `${ms(worstStep[1])} ms at most (${worstStep[0]})` : "no steps",
      Boolean(worstStep) && Object.values(p99s).every((p99) => p99 < budgetP99),
      TIMED,
    ],
  ];
  if (memory) budgets.push(memory);
  const summary = [
    `${arrivals} arrivals (${(arrivals / seconds).toFixed(1)}/s): ${counts.visitor} visitors, ${counts.customer} customer visits, ${counts.admin} admin visits`,
    `${requests} requests (${(requests / seconds).toFixed(1)} req/s), ${failedAnswers} failed answers`,
    `${counts.paid} orders placed and paid, ${counts.shipped} shipped; ${counts.nothingToShip} admin visits found nothing to ship`,
    `load generator's event-loop delay: p99 ${ms(loopDelay.percentile(99) / 1e6)} ms, max ${ms(loopDelay.max / 1e6)} ms`,
  ];
  return {
    budgets,
    stepsTable,
    timeTable,
    summary,
    memoryMeasured: memory !== null,
    requests,
    failedAnswers,
  };
}

/** What the drill adds to the soak's description. */
const DRILL_TEXT = `The drill: the same load through HAProxy (deploy/haproxy.cfg) in front of three instances (\`npm run cluster\`'s
set-up: one PostgreSQL, Redis, s3rver). At 35% of the run instance 1 is killed (SIGKILL) and started again
at once; at 65% instance 2 is stopped (SIGTERM: it finishes its requests in flight) and started again. A
client that gets no answer (none, or the balancer's 502-504) sends the request once more, with the same
Idempotency-Key on the checkout and the payment calls; every checkout carries a PO number of its own, so an
order placed twice shows in the database. The memory and CPU columns add up the three instances (a
restarted one starts again from nothing; a sample taken while one restarts counts two, and its CPU is not
shown), so memory is shown, not budgeted.`;

/** The report's soak section (or the drill's): what was run, with which command, and the three tables. */
export function soakSection(result, command) {
  const budgetTable = table(
    ["budget", "limit", "measured", "result"],
    result.budgets.map(([what, limit, measured, ok]) => [what, limit, measured, ok ? "pass" : "**FAIL**"]),
  );
  return `${(result.cluster ? DRILL_HEADING : SOAK_HEADING).trim()}

Measured by \`${command}\` on ${new Date().toISOString().slice(0, 10)}: ${result.minutes} minutes on ${result.database}.
Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}. The soak runs only when asked
(\`npm run soak\`, or \`npm run bench -- --only=soak\`), never in the default \`npm run bench -- --check\`.

${result.cluster ? "Three storefront processes" : "One storefront process"} (\`NODE_ENV=production\`, logs at warn), ${PRODUCTS} tools of ${STOCK.toLocaleString("en-US")} pieces each,
${result.customerCount} customers signed up before the start, each calling from a loopback address shared by
10 of them. An open model: ${result.rate} visits arrive each second at fixed intervals, whether or not the
earlier ones have finished, so a slow server shows as latency. Of every ${Object.values(MIX).reduce((a, b) => a + b)} arrivals, ${MIX.visitor} are visitors
(the home page, a catalogue page of the first ten, a search, a product page, the reviews: one call after
the other), ${MIX.customer} are customers (1 to 3 tools put in the cart with a quantity their rule allows, the checkout with
the cart's total, a payment opened and paid with the test provider's 4242 card) and ${MIX.admin} is an admin
(the paid orders listed, up to ${SHIPS_PER_ADMIN_VISIT} of them shipped). A visit's first call is timed from its planned arrival.
Every call asks for compressed answers, as browsers do. A failed answer is any status but the step's
own (201 for the checkout, 200 for the rest) or no answer.
${result.cluster ? `\n${DRILL_TEXT}\n` : ""}
- ${result.summary.join("\n- ")}

${budgetTable}

${result.stepsTable}

Over time (memory of the server process: RSS from /proc, heap from \`GET /metrics\`):

${result.timeTable}
`;
}

/** Puts the soak's (or the drill's) section into docs/PERFORMANCE.md: in place of the last one, or before the notes. */
export function writeSoakSection(section) {
  const file = `${root}/docs/PERFORMANCE.md`;
  const text = existsSync(file) ? readFileSync(file, "utf8") : "# Performance\n";
  writeFileSync(file, withSoakSection(text, section));
}

const SOAK_HEADING = "\n## 6. Soak\n";
const DRILL_HEADING = "\n## 6b. Cluster drill\n";

/** Where the section under `heading` starts and where the next section starts (or the end). */
function sectionRange(report, heading) {
  const from = report.indexOf(heading);
  if (from < 0) return null;
  const next = report.indexOf("\n## ", from + heading.length);
  return [from + 1, next < 0 ? report.length : next + 1];
}

/** The soak's and the drill's sections of a report, or "" (a full `npm run bench` keeps them when it rewrites the report). */
export function soakSectionOf(report) {
  return [SOAK_HEADING, DRILL_HEADING]
    .map((heading) => sectionRange(report, heading))
    .filter(Boolean)
    .map((range) => `${report.slice(...range).trimEnd()}\n`)
    .join("\n");
}

function withSoakSection(report, section) {
  const heading = section.startsWith(DRILL_HEADING.trim()) ? DRILL_HEADING : SOAK_HEADING;
  const range = sectionRange(report, heading) ?? [
    report.indexOf("\n## Notes\n") + 1,
    report.indexOf("\n## Notes\n") + 1,
  ];
  if (range[0] === 0) return `${report.trimEnd()}\n\n${section.trimEnd()}\n`;
  const rest = report.slice(range[1]);
  return `${report.slice(0, range[0])}${section.trimEnd()}\n${rest ? `\n${rest}` : ""}`;
}

/** The options of both ways in: --minutes=N, --rate=N. */
export function soakOptions(args) {
  const number = (name, fallback) => {
    const given = args.find((arg) => arg.startsWith(`--${name}=`));
    if (!given) return fallback;
    const value = Number(given.slice(name.length + 3));
    if (!(value > 0)) throw new Error(`--${name} must be a positive number`);
    return value;
  };
  return {
    minutes: number("minutes", SOAK_MINUTES),
    rate: number("rate", SOAK_RATE),
    cluster: args.includes("--cluster"),
  };
}

/** How the run was started, for the report: the database URL without its password. */
export function commandLine(script, args) {
  const url = process.env.TEST_DATABASE_URL;
  let prefix = "";
  if (url) {
    const shown = new URL(url);
    if (shown.password) shown.password = "…";
    prefix = `TEST_DATABASE_URL=${shown} `;
  }
  return `${prefix}${script}${args.length ? ` -- ${args.join(" ")}` : ""}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const options = soakOptions(args);
  const result = await benchSoak(options);
  const shape = result.cluster ? ", 3 instances behind HAProxy" : "";
  console.log(`\nSoak (${result.minutes} min, ${result.rate} arrivals/s, ${result.database}${shape})`);
  console.log(`- ${result.summary.join("\n- ")}\n\n${result.stepsTable}\n\n${result.timeTable}\n`);
  const budgetRows = result.budgets.map(([what, limit, measured, ok]) => [
    what,
    limit,
    measured,
    ok ? "pass" : "**FAIL**",
  ]);
  console.log(table(["budget", "limit", "measured", "result"], budgetRows));
  if (!result.memoryMeasured) console.log("(memory is measured from 2:00 on: runs of 3 minutes or more)");
  // Only a run of the full length rewrites the report's soak section.
  if (result.minutes >= SOAK_MINUTES) writeSoakSection(soakSection(result, commandLine("npm run soak", args)));
  const check = args.find((arg) => arg === "--check" || arg === "--check=outcomes");
  const missed = result.budgets.filter(([, , , ok, kind]) => !ok && !(check === "--check=outcomes" && kind === TIMED));
  if (check && missed.length > 0) {
    console.error(`\nSome soak budgets are missed: ${missed.map(([what]) => what).join("; ")}.`);
    process.exit(1);
  }
}
