// `npm test`: everything a change must pass, in the order that finishes soonest on a 2-core machine.
// The one-minute cluster drill (bench/drill.mjs through bench/soak.mjs) waits on its clock more than it works,
// and lint's type checks use one core, so the two run side by side; then the API suite on PGlite and on
// PostgreSQL (scripts/test-api.mjs), the browser suite and the audit, one after another.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

function step(label, command, args) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Starts the drill when PostgreSQL and HAProxy are there; its lines are kept and shown once it ends. */
function startDrill() {
  const haproxy = ["/usr/sbin/haproxy", "/usr/local/sbin/haproxy", "/usr/bin/haproxy"].some(existsSync);
  if (!process.env.TEST_DATABASE_URL || !haproxy) {
    const missing = [!process.env.TEST_DATABASE_URL && "TEST_DATABASE_URL", !haproxy && "HAProxy"].filter(Boolean);
    console.log(
      `\n▶ Cluster drill SKIPPED: it needs ${missing.join(" and ")} (.ci/run installs HAProxy and finds PostgreSQL)`,
    );
    return Promise.resolve({ status: 0, output: "" });
  }
  console.log("\n▶ Cluster drill started beside lint: 1 minute through HAProxy, one instance killed, one stopped");
  // It fails on an order lost or doubled or an answer refused; its p99 beside lint is shown, judged by the bench.
  const drill = spawn("node", ["bench/soak.mjs", "--cluster", "--minutes=1", "--check=outcomes"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  drill.stdout.on("data", (chunk) => {
    output += chunk;
  });
  drill.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => drill.on("close", (status) => resolve({ status, output })));
}

step("Build", "npm", ["run", "build"]);
const drill = startDrill();
const lint = spawnSync("npm", ["run", "lint"], { stdio: "inherit" });
const drilled = await drill;
if (drilled.output) {
  console.log("\n▶ Cluster drill (npm run soak -- --cluster), as it ran beside lint:");
  process.stdout.write(drilled.output);
}
if (lint.status !== 0) process.exit(lint.status ?? 1);
if (drilled.status !== 0) process.exit(drilled.status ?? 1);
step("API and unit tests", "npm", ["run", "test:api"]);
step("Browser tests", "npm", ["run", "test:e2e"]);
step("Audit", "npm", ["run", "audit"]);
