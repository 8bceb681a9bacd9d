import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { apiCustomer, apiSignIn, startServer, stopServer } from "../../scripts/server-process.mjs";
import { latestMailLink } from "../support/mail.js";

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
    const api = `http://127.0.0.1:${port}/api`;
    // Roles are keyed by email: only an account whose owner opened the confirmation link may become an admin.
    const newAdmin = "made.admin@example.com";
    const unconfirmed = "not.confirmed@example.com";
    await apiCustomer(port, newAdmin);
    await apiCustomer(port, unconfirmed);
    await expect.poll(() => latestMailLink(newAdmin, dataDir)).toContain("/api/auth/verify-email");
    const link = new URL(await latestMailLink(newAdmin, dataDir));
    const confirmed = await fetch(`http://127.0.0.1:${port}${link.pathname}${link.search}`, { redirect: "manual" });
    expect(confirmed.status).toBe(302);
    await stopServer(server);

    // The CLI of `npm run make-admin -- email`, run while the server is stopped.
    const makeAdmin = (email: string) =>
      spawnSync(process.execPath, ["server/dist/cli/make-admin.js", email], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
        encoding: "utf8",
      });
    const made = makeAdmin(newAdmin);
    expect(made.stdout).toContain(`${newAdmin} is now an admin.`);
    expect(made.status).toBe(0);
    const refused = makeAdmin(unconfirmed);
    expect(refused.stdout).toContain(
      `${unconfirmed} has not confirmed its address yet (the link in the confirmation mail); it was not made an admin.`,
    );
    expect(refused.status).toBe(1);

    server = await startServer(dataDir, port);
    expect(await catalogue()).toEqual(first);
    const { token } = await apiSignIn(port, newAdmin);
    const admin = await fetch(`${api}/admin/${newAdmin}`, { headers: { authorization: `Bearer ${token}` } });
    expect(await admin.json()).toEqual({ admin: true });
    await stopServer(server);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
