import { readdir } from "node:fs/promises";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { multipartFile } from "../test/multipart.js";
import { createTestApp } from "../test/test-app.js";

describe("POST /api/image", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let customer: TestAccount;
  let jpeg: Buffer;
  beforeAll(async () => {
    ctx = await createTestApp();
    customer = await signUp(ctx.app);
    jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#c2410c" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret-exif-marker" } })
      .toBuffer();
  });
  afterAll(() => ctx.close());

  const upload = (
    name: string,
    type: string,
    bytes: Buffer,
    headers: Record<string, string> = bearer(customer.token),
  ) => {
    const body = multipartFile("image", name, type, bytes);
    return ctx.app.inject({
      method: "POST",
      url: "/api/image",
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const stored = async () => (await readdir(ctx.config.imagesDir).catch(() => [])).length;

  it("re-encodes a real JPEG to WebP, without its metadata, and serves it", async () => {
    const response = await upload("photo.jpg", "image/jpeg", jpeg);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      data: { url: expect.stringMatching(/^\/images\/[0-9a-f-]+\.webp$/), width: 640, height: 480 },
    });
    const served = await ctx.app.inject({ method: "GET", url: body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 640, height: 480 });
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes("secret-exif-marker")).toBe(false);
  });

  it.each([
    [
      "a text file renamed .png",
      "notes.png",
      "image/png",
      Buffer.from("just some text, not a picture"),
      /not a picture/,
    ],
    [
      "an SVG",
      "logo.svg",
      "image/svg+xml",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      /SVG files are not accepted/,
    ],
    ["an empty file", "empty.jpg", "image/jpeg", Buffer.alloc(0), /empty/],
  ])("refuses %s with a clear message and stores nothing", async (_, name, type, bytes, message) => {
    const before = await stored();
    const response = await upload(name, type, bytes);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: "image", message: expect.stringMatching(message) }]);
    expect(await stored()).toBe(before);
  });

  it("refuses an 8 MB picture (413) and stores nothing", async () => {
    const before = await stored();
    const big = Buffer.concat([jpeg, Buffer.alloc(8 * 1024 * 1024, 7)]);
    const response = await upload("huge.jpg", "image/jpeg", big);
    expect(response.statusCode).toBe(413);
    expect(response.json().errors[0]).toEqual({ field: "image", message: expect.stringMatching(/larger than 5 MB/) });
    expect(await stored()).toBe(before);
  });

  it("refuses a caller without a valid token (401) and a request without a file (400)", async () => {
    expect((await upload("photo.jpg", "image/jpeg", jpeg, {})).statusCode).toBe(401);
    expect((await upload("photo.jpg", "image/jpeg", jpeg, bearer("forged.token.value"))).statusCode).toBe(401);
    const noFile = await ctx.app.inject({
      method: "POST",
      url: "/api/image",
      headers: bearer(customer.token),
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
  });
});
