// The API suite on the embedded PGlite with the contract's and the browser's unit tests, then the API suite
// alone on PostgreSQL when TEST_DATABASE_URL is set (the unit tests touch no database: once is enough),
// then a one-minute cluster drill (bench/drill.mjs) when HAProxy is installed too.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

function vitest(env, label, projects) {
  console.log(`\n▶ ${label}`);
  const only = projects.flatMap((name) => ["--project", name]);
  const result = spawnSync("npx", ["vitest", "run", ...only, ...process.argv.slice(2)], { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
vitest(withoutPostgres, "API tests on PGlite, unit tests of the contract and the browser", []);
if (TEST_DATABASE_URL) vitest(process.env, `API tests on PostgreSQL (${new URL(TEST_DATABASE_URL).host})`, ["server"]);

// The short drill: HAProxy, three instances, one killed and one stopped under load (docs/OPERATIONS.md).
const haproxy = ["/usr/sbin/haproxy", "/usr/local/sbin/haproxy", "/usr/bin/haproxy"].some((file) => existsSync(file));
if (!TEST_DATABASE_URL || !haproxy) {
  const missing = [!TEST_DATABASE_URL && "TEST_DATABASE_URL", !haproxy && "HAProxy"].filter(Boolean).join(" and ");
  console.log(`\n▶ Cluster drill SKIPPED: it needs ${missing} (.ci/run installs HAProxy and finds PostgreSQL)`);
} else if (process.argv.length <= 2) {
  console.log(
    "\n▶ Cluster drill: 1 minute through HAProxy, one instance killed, one stopped (npm run soak -- --cluster)",
  );
  const drill = spawnSync("node", ["bench/soak.mjs", "--cluster", "--minutes=1", "--check"], { stdio: "inherit" });
  if (drill.status !== 0) process.exit(drill.status ?? 1);
}
