import { readdir, rename, rm, writeFile } from "node:fs/promises";
import { count } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { multipartFile } from "../test/multipart.js";
import { noisePicture } from "../test/pictures.js";
import { createTestApp } from "../test/test-app.js";
import { imageUploads } from "./tables.js";

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
  const recorded = async () => (await ctx.db.select({ uploads: count() }).from(imageUploads))[0]?.uploads;

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

  it.each([
    ["a PNG cut in half", async () => halved(await noisePicture(640, 480).png().toBuffer())],
    ["a JPEG cut in half", async () => halved(await noisePicture(640, 480).jpeg().toBuffer())],
    ["a WebP cut in half", async () => halved(await noisePicture(640, 480).webp().toBuffer())],
    [
      "a valid PNG header followed by garbage",
      async () =>
        Buffer.concat([(await noisePicture(640, 480).png().toBuffer()).subarray(0, 100), Buffer.alloc(5000, 0x41)]),
    ],
    [
      "a GIF whose frame data is garbage",
      async () =>
        Buffer.concat([(await noisePicture(64, 48).gif().toBuffer()).subarray(0, 40), Buffer.alloc(5000, 0x41)]),
    ],
  ])("refuses %s (400, damaged) and stores nothing", async (_, damagedFile) => {
    const [files, uploads] = [await stored(), await recorded()];
    const response = await upload("photo.png", "image/png", await damagedFile());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      errors: [
        {
          field: "image",
          message: "This picture is damaged or incomplete. Upload the whole file again, or choose another picture.",
        },
      ],
    });
    expect([await stored(), await recorded()]).toEqual([files, uploads]);
  });

  it("refuses a picture of more than 25 megapixels from its header, a few KB of PNG included", async () => {
    const bomb = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(200_000);
    // Every frame of a GIF is decoded: four frames of 7.5 megapixels are 30.
    const frames = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        sharp({ create: { width: 3000, height: 2500, channels: 3, background: { r: i * 60, g: 0, b: 0 } } })
          .png()
          .toBuffer(),
      ),
    );
    const animation = await sharp(frames, { join: { animated: true } })
      .gif({ effort: 1, colours: 2, dither: 0 })
      .toBuffer();
    const [files, uploads] = [await stored(), await recorded()];
    for (const [name, bytes] of [
      ["bomb.png", bomb],
      ["animation.gif", animation],
    ] as const) {
      const response = await upload(name, "image/png", bytes);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { field: "image", message: "The picture is larger than 25 megapixels. Choose a smaller one." },
      ]);
    }
    expect([await stored(), await recorded()]).toEqual([files, uploads]);

    const largest = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
    const accepted = await upload("largest.png", "image/png", largest);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ width: 2000, height: 2000 });
  });

  it("decodes one picture at a time: parallel uploads wait their turn, and all succeed", async () => {
    const pictures = await Promise.all([0, 1, 2].map(() => noisePicture(1000, 800).jpeg().toBuffer()));
    // sharp counts the pictures it is working on; sample that count while the uploads run.
    let busiest = 0;
    let sampling = true;
    const sample = () => {
      busiest = Math.max(busiest, sharp.counters().process);
      if (sampling) setImmediate(sample);
    };
    sample();
    const responses = await Promise.all(pictures.map((bytes, i) => upload(`burst-${i}.jpg`, "image/jpeg", bytes)));
    sampling = false;
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(busiest).toBe(1);
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

  it("answers a fault of the image store with a 500 and keeps no record of the upload", async () => {
    // The store's folder turned into a file: every save fails, as on a full or broken disk.
    const folder = ctx.config.imagesDir;
    await rename(folder, `${folder}.aside`);
    await writeFile(folder, "not a folder");
    try {
      const uploads = await recorded();
      const response = await upload("photo.jpg", "image/jpeg", jpeg);
      expect(response.statusCode).toBe(500);
      expect(response.json().message).toBe("Something went wrong on our side. Please try again.");
      expect(await recorded()).toBe(uploads);
    } finally {
      await rm(folder);
      await rename(`${folder}.aside`, folder);
    }
  });
});

function halved(bytes: Buffer): Buffer {
  return bytes.subarray(0, Math.floor(bytes.length / 2));
}
