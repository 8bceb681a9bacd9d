import { readdir } from "node:fs/promises";
import { count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { multipartFile } from "../test/multipart.js";
import { noisePicture } from "../test/pictures.js";
import { createTestApp } from "../test/test-app.js";
import { imageUploads } from "./tables.js";

const QUOTA_REACHED = "You have uploaded too many pictures today. Please try again tomorrow.";

describe("the daily upload quota of an account (3 pictures and 1 MB here)", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let small: Buffer;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { IMAGE_UPLOADS_PER_DAY: "3", IMAGE_UPLOAD_MB_PER_DAY: "1" } });
    small = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c2410c" } })
      .png()
      .toBuffer();
  });
  afterAll(() => ctx.close());

  const upload = (account: TestAccount, bytes = small) => {
    const body = multipartFile("image", "photo.png", "image/png", bytes);
    return ctx.app.inject({
      method: "POST",
      url: "/api/image",
      payload: body.payload,
      headers: { ...body.headers, ...bearer(account.token) },
    });
  };
  const storedFiles = async () => (await readdir(ctx.config.imagesDir)).length;
  const uploadsOf = async (account: TestAccount) =>
    (
      await ctx.db.select({ uploads: count() }).from(imageUploads).where(eq(imageUploads.uploaderEmail, account.email))
    )[0]?.uploads;
  const expectQuotaReached = (response: Awaited<ReturnType<typeof upload>>) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      statusCode: 429,
      error: "Too Many Requests",
      message: QUOTA_REACHED,
      errors: [{ field: "image", message: QUOTA_REACHED }],
    });
  };

  it("refuses a fourth picture in a day, stores nothing, and leaves other accounts their own quota", async () => {
    const customer = await signUp(ctx.app);
    for (const _ of [1, 2, 3]) expect((await upload(customer)).statusCode).toBe(200);
    const files = await storedFiles();
    expectQuotaReached(await upload(customer));
    expect(await storedFiles()).toBe(files);
    expect(await uploadsOf(customer)).toBe(3);

    const someoneElse = await signUp(ctx.app);
    expect((await upload(someoneElse)).statusCode).toBe(200);
  });

  it("counts the bytes uploaded: a third picture of 400 KB would pass 1 MB", async () => {
    const customer = await signUp(ctx.app);
    const large = await noisePicture(370, 370, 60).png().toBuffer();
    expect(large.length).toBeGreaterThan(350 * 1024);
    expect(large.length).toBeLessThan(512 * 1024);
    expect((await upload(customer, large)).statusCode).toBe(200);
    expect((await upload(customer, large)).statusCode).toBe(200);
    expectQuotaReached(await upload(customer, large));
    expect(await uploadsOf(customer)).toBe(2);
  });

  it("counts the last 24 hours only", async () => {
    const customer = await signUp(ctx.app);
    for (const _ of [1, 2, 3]) expect((await upload(customer)).statusCode).toBe(200);
    expectQuotaReached(await upload(customer));
    await ctx.db
      .update(imageUploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(imageUploads.uploaderEmail, customer.email));
    expect((await upload(customer)).statusCode).toBe(200);
  });

  it("does not count a file it refused", async () => {
    const customer = await signUp(ctx.app);
    const response = await upload(customer, small.subarray(0, small.length / 2));
    expect(response.statusCode).toBe(400);
    expect(await uploadsOf(customer)).toBe(0);
    for (const _ of [1, 2, 3]) expect((await upload(customer)).statusCode).toBe(200);
  });

  it("lets parallel uploads through only as often as the quota allows", async () => {
    const customer = await signUp(ctx.app);
    const files = await storedFiles();
    const responses = await Promise.all([1, 2, 3, 4, 5, 6].map(() => upload(customer)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await uploadsOf(customer)).toBe(3);
    expect(await storedFiles()).toBe(files + 3);
  });
});
