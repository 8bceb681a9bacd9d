import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { apiCustomer, startServer, stopServer } from "../server-process.mjs";

const root = path.resolve(import.meta.dirname, "../..");

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a test asks for from this pattern.
test("a second start on the same DATA_DIR keeps the data; make-admin works on it between starts", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "server behaviour, checked once");
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "forgeline-restart-"));
  const port = 5100 + testInfo.workerIndex;
  const catalogue = async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/product?limit=100`);
    return {
      ids: ((await response.json()) as { _id: string }[]).map((p) => p._id),
      total: response.headers.get("x-total-count"),
    };
  };
  try {
    let server = await startServer(dataDir, port);
    const first = await catalogue();
    expect(first.ids.length).toBeGreaterThanOrEqual(12);
    await stopServer(server);

    // The CLI of `npm run make-admin -- email`, run while the server is stopped.
    const newAdmin = "made.admin@example.com";
    const cli = spawnSync(process.execPath, ["server/dist/cli/make-admin.js", newAdmin], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      encoding: "utf8",
    });
    expect(cli.stdout).toContain(`${newAdmin} is now an admin.`);

    server = await startServer(dataDir, port);
    expect(await catalogue()).toEqual(first);
    const api = `http://127.0.0.1:${port}/api`;
    const { token } = await apiCustomer(port, newAdmin);
    const admin = await fetch(`${api}/admin/${newAdmin}`, { headers: { authorization: `Bearer ${token}` } });
    expect(await admin.json()).toEqual({ admin: true });
    await stopServer(server);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
