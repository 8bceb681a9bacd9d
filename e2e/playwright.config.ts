import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumArgs, findTestChromium } from "../scripts/chromium.mjs";
import { E2E_ADMIN } from "./support/accounts.js";

const port = Number(process.env.E2E_PORT ?? 5055);
const oidcPort = port + 1;
// Workers load this file too; the folder is made once, by the first process, and passed down.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "forgeline-e2e-"));

export default defineConfig({
  testDir: "./tests",
  fullyParallel: true,
  workers: 2,
  // No retries: a test that fails once is a failure to look into, not something a second run may hide.
  retries: 0,
  reporter: [["list"]],
  // A hang's limit, not a budget (those are the bench's): a flow of a few pages took 40 s to 90 s while
  // other work kept 2 cores at load 19 to 25; the long flows set their own.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: findTestChromium(), args: chromiumArgs },
    // Recording a trace of every test took a fifth of the suite's CPU (its screencast most); for a failure,
    // run that test again with `npm run test:e2e -- --trace on` and open it with `npx playwright show-trace`.
    trace: "off",
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
    {
      name: "phone",
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: [
    {
      command: "node e2e/oidc-stand-in.mjs",
      cwd: "..",
      url: `http://localhost:${oidcPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: { OIDC_PORT: String(oidcPort), STOREFRONT_URL: `http://localhost:${port}` },
    },
    {
      command: "node server/dist/server.js",
      cwd: "..",
      url: `http://localhost:${port}/api/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: "warn",
        NODE_ENV: "test",
        // One proxy hop, so the API sign-ups of e2e/support/accounts.ts come from their own addresses.
        TRUST_PROXY: "1",
        // The specs place many orders per customer; the allowances are proven in the API suite.
        ACCOUNT_ORDERS_PER_HOUR: "100000",
        UNCONFIRMED_ORDERS_PER_DAY: "100000",
        // Every spec signs accounts up and in; a sixteenth of the shop's scrypt cost (server/src/test/test-app.ts).
        PASSWORD_HASH_COST: "10",
        AUTH_SECRET: "e2e-secret-0123456789abcdef0123456789abcdef",
        SEED_ADMIN_EMAIL: E2E_ADMIN.email,
        SEED_ADMIN_PASSWORD: E2E_ADMIN.password,
        GOOGLE_CLIENT_ID: "forgeline-e2e",
        GOOGLE_CLIENT_SECRET: "forgeline-e2e-secret",
        GOOGLE_DISCOVERY_URL: `http://localhost:${oidcPort}/.well-known/openid-configuration`,
      },
    },
  ],
});
