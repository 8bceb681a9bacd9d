import { existsSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { createTestApp } from "../test/test-app.js";

const serverBuild = path.resolve(import.meta.dirname, "../../../web/dist-server/entry-server.js");

describe.skipIf(!existsSync(serverBuild))("server-rendered pages", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: true });
    admin = await signUp(ctx.app, { admin: true });
  });
  afterAll(() => ctx.close());

  const page = (url: string, encoding?: string) =>
    ctx.app.inject({ method: "GET", url, headers: encoding ? { "accept-encoding": encoding } : {} });

  it("renders the home page with its tools and their data, compressed as the browser asks", async () => {
    const plain = await page("/");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-type"]).toMatch(/^text\/html/);
    expect(plain.body).toContain("Forgeline 20V Cordless Drill");
    expect(plain.body).toContain('<script type="application/json" id="first-screen-data">');
    expect(plain.body).not.toMatch(/<script>/);

    const br = await page("/", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await page("/", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it("shows a new tool at once, its name as written: no closing the data script, no replace patterns", async () => {
    await page("/");
    const name = "Clamp $& $$ </script><script>alert(1)</script>";
    const added = await ctx.app.inject({
      method: "POST",
      url: "/api/product",
      headers: bearer(admin.token),
      payload: { name, price: 12.5, quantity: 150, image: "/images/claw-hammer.svg", description: "A test clamp." },
    });
    expect(added.statusCode).toBe(201);
    const home = await page("/");
    expect(home.body).toContain("Clamp $&amp; $$ &lt;/script&gt;");
    expect(home.body).toContain("Clamp $& $$ \\u003c/script>\\u003cscript>");
    expect(home.body).not.toContain("<script>alert(1)");
  });

  it("renders the catalogue page asked for, and leaves signed-in pages to the browser", async () => {
    const second = await page("/availableProducts?page=2");
    expect(second.body).toMatch(/Page <!-- -->2<!-- --> of/);
    const dashboard = await page("/dashboard");
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain('<div id="root"></div>');
  });
});
