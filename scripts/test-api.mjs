// The API suite on the embedded PGlite with the contract's and the browser's unit tests, then the API suite
// alone on PostgreSQL when TEST_DATABASE_URL is set (the unit tests touch no database: once is enough).
// `npm test` (scripts/test.mjs) runs the cluster drill beside lint.
import { spawnSync } from "node:child_process";

function vitest(env, label, projects) {
  console.log(`\n▶ ${label}`);
  const only = projects.flatMap((name) => ["--project", name]);
  const result = spawnSync("npx", ["vitest", "run", ...only, ...process.argv.slice(2)], { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
vitest(withoutPostgres, "API tests on PGlite, unit tests of the contract and the browser", []);
if (TEST_DATABASE_URL) vitest(process.env, `API tests on PostgreSQL (${new URL(TEST_DATABASE_URL).host})`, ["server"]);
