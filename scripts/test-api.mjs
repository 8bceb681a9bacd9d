// The API suite on the embedded PGlite, then the same suite on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from "node:child_process";

function vitest(env, label) {
  console.log(`\n▶ API tests on ${label}`);
  const result = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2)], { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
vitest(withoutPostgres, "PGlite");
if (TEST_DATABASE_URL) vitest(process.env, `PostgreSQL (${new URL(TEST_DATABASE_URL).host})`);
