import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestApp, TEST_AUTH_SECRET } from "../test/test-app.js";
import { webBuild } from "../test/web-build.js";

const root = path.resolve(import.meta.dirname, "../../..");
const { webDist } = webBuild();

/** Settings in .env.example that hold secrets: their values must never reach the browser. */
const SECRET_SETTINGS = [
  "AUTH_SECRET",
  "DATABASE_URL",
  "TEST_DATABASE_URL",
  "SEED_ADMIN_PASSWORD",
  "SMTP_URL",
  "GOOGLE_CLIENT_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
];

async function browserFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? browserFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    ),
  );
  return nested.flat().filter((file) => /\.(js|css|html|map|txt|json)$/.test(file));
}

describe("what the browser receives", () => {
  it("the built browser files hold no secret setting, value or key pattern", async () => {
    const example = await readFile(path.join(root, ".env.example"), "utf8");
    for (const name of SECRET_SETTINGS) expect(example).toContain(`${name}=`);
    // The names may appear (libraries read e.g. AUTH_SECRET from a server environment); values may not.
    const values = example
      .split("\n")
      .map((line) => line.match(/^([A-Z_]+)=(.+)$/))
      .filter((match) => match && SECRET_SETTINGS.includes(match[1] ?? ""))
      .map((match) => match?.[2] ?? "");
    const forbidden = [
      ...values,
      TEST_AUTH_SECRET,
      "e2e-secret-",
      "forgeline-e2e-secret",
      "sk_live_",
      "sk_test_",
      "whsec_",
      "postgres://",
    ];
    const files = await browserFiles(webDist);
    expect(files.length).toBeGreaterThan(5);
    const leaks: string[] = [];
    for (const file of files) {
      const text = await readFile(file, "utf8");
      for (const secret of forbidden) if (text.includes(secret)) leaks.push(`${path.relative(root, file)}: ${secret}`);
    }
    expect(leaks).toEqual([]);
  });

  it("turns off the browser features a shop never uses, and upgrades plain HTTP only on an HTTPS shop", async () => {
    const unused =
      "accelerometer=(), autoplay=(), browsing-topics=(), camera=(), display-capture=(), " +
      "geolocation=(), gyroscope=(), hid=(), idle-detection=(), magnetometer=(), microphone=(), midi=(), " +
      "screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()";
    const local = await createTestApp();
    try {
      for (const url of ["/", "/api/health"]) {
        const response = await local.app.inject({ method: "GET", url });
        expect(response.headers["permissions-policy"], url).toBe(`${unused}, payment=()`);
        expect(response.headers["content-security-policy"], url).toBe(
          "default-src 'self';script-src 'self';frame-src 'self';style-src 'self' 'unsafe-inline';" +
            "img-src 'self' data: blob:;connect-src 'self';font-src 'self';object-src 'none';base-uri 'self';" +
            "form-action 'self';frame-ancestors 'none'",
        );
      }
    } finally {
      await local.close();
    }
    const shop = await createTestApp({
      env: {
        PUBLIC_URL: "https://shop.forgeline.test",
        STRIPE_SECRET_KEY: "sk_test_forgeline",
        STRIPE_PUBLISHABLE_KEY: "pk_test_forgeline",
        STRIPE_WEBHOOK_SECRET: "whsec_forgeline",
      },
    });
    try {
      for (const url of ["/", "/api/health"]) {
        const response = await shop.app.inject({ method: "GET", url });
        expect(response.headers["permissions-policy"], url).toBe(`${unused}, payment=(self "https://js.stripe.com")`);
        expect(response.headers["content-security-policy"], url).toBe(
          "default-src 'self';script-src 'self' https://js.stripe.com;frame-src 'self' https://js.stripe.com;" +
            "style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;connect-src 'self' https://api.stripe.com;" +
            "font-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none';" +
            "upgrade-insecure-requests",
        );
      }
    } finally {
      await shop.close();
    }
  });

  it("pages and API answers carry the security headers", async () => {
    const ctx = await createTestApp();
    try {
      for (const url of ["/", "/dashboard", "/api/health", "/api/no-such-route"]) {
        const response = await ctx.app.inject({ method: "GET", url });
        const csp = String(response.headers["content-security-policy"]);
        expect(csp, url).toMatch(/script-src 'self'(;|$)/);
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(csp, url).toContain("object-src 'none'");
        expect(response.headers["x-content-type-options"], url).toBe("nosniff");
        expect(response.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
        expect(response.headers["x-frame-options"], url).toBe("SAMEORIGIN");
      }
    } finally {
      await ctx.close();
    }
  });
});
