import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

const cli = path.resolve(import.meta.dirname, "../../dist/cli/make-admin.js");

// A cold start of the embedded database with every migration, in a new process: seconds when idle, more on a
// busy 2-core machine running the other suites beside it.
it("reads .env from the folder it is run in, as the server does", { timeout: 120_000 }, async () => {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run "npm run build" first`);
  const folder = await mkdtemp(path.join(tmpdir(), "forgeline-make-admin-"));
  try {
    await writeFile(path.join(folder, ".env"), `DATA_DIR=${path.join(folder, "shop-data")}\n`);
    const run = spawnSync(process.execPath, [cli, "nobody@example.com"], {
      cwd: folder,
      env: { PATH: process.env.PATH },
      encoding: "utf8",
    });
    expect(run.stdout).toBe(
      "No account has the address nobody@example.com: sign up first, then confirm the address from the mail.\n",
    );
    expect(run.status).toBe(1);
    // The database it opened is the one in .env's DATA_DIR.
    expect(existsSync(path.join(folder, "shop-data", "pgdata"))).toBe(true);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
