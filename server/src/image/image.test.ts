import { readdir, rename, rm, writeFile } from "node:fs/promises";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { count } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { multipartFile } from "../test/multipart.js";
import { noisePicture } from "../test/pictures.js";
import { startS3StandIn } from "../test/s3-stand-in.js";
import { createTestApp, TEST_AUTH_SECRET } from "../test/test-app.js";
import { imageUploads } from "./tables.js";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const DAMAGED = "This picture is damaged or incomplete. Upload the whole file again, or choose another picture.";

/** Each store with what the tests need of it: its settings, and the names it holds, read past the server. */
const STORES = [
  {
    store: "the folder",
    start: async () => ({ env: {}, stop: async () => {} }),
    names: async (ctx: TestApp) => (await readdir(ctx.config.imagesDir).catch(() => [])).sort(),
  },
  {
    store: "S3-compatible object storage",
    start: startS3StandIn,
    names: async (ctx: TestApp) => {
      const s3 = ctx.config.s3;
      if (!s3) throw new Error("the S3 store is not configured");
      const client = new S3Client({ ...s3, requestChecksumCalculation: "WHEN_REQUIRED" });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      client.destroy();
      return (listed.Contents ?? []).map(({ Key }) => Key ?? "").sort();
    },
  },
];

function upload(ctx: TestApp, account: TestAccount | undefined, name: string, type: string, bytes: Buffer) {
  const body = multipartFile("image", name, type, bytes);
  return ctx.app.inject({
    method: "POST",
    url: "/api/image",
    payload: body.payload,
    headers: { ...body.headers, ...(account ? bearer(account.token) : {}) },
  });
}

const uploadsRecorded = async (ctx: TestApp) =>
  (await ctx.db.select({ uploads: count() }).from(imageUploads))[0]?.uploads;

describe.each(STORES)("pictures kept in $store", ({ start, names }) => {
  let standIn: Awaited<ReturnType<typeof start>>;
  let ctx: TestApp;
  let customer: TestAccount;
  let photo: Buffer;
  beforeAll(async () => {
    standIn = await start();
    ctx = await createTestApp({ seed: true, env: standIn.env });
    customer = await signUp(ctx.app);
    photo = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: "#c2410c" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret-exif-marker" } })
      .toBuffer();
  });
  afterAll(async () => {
    await ctx.close();
    await standIn.stop();
  });

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: "GET", url, headers });

  it("stores a JPEG as WebP in 320, 640 and 1280 px, without its metadata, each served for a year", async () => {
    const response = await upload(ctx, customer, "photo.jpg", "image/jpeg", photo);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      data: { url: expect.stringMatching(/^\/images\/[0-9a-f-]{36}-1280\.webp$/), width: 1280, height: 853 },
    });
    const stem = body.data.url.replace("-1280.webp", "");
    for (const [width, height] of [
      [320, 213],
      [640, 427],
      [1280, 853],
    ]) {
      const served = await get(`${stem}-${width}.webp`);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(served.headers["content-length"]).toBe(String(served.rawPayload.length));
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: "webp", width, height });
      expect(metadata.exif).toBeUndefined();
      expect(served.rawPayload.includes("secret-exif-marker")).toBe(false);
      const again = await get(`${stem}-${width}.webp`, { "if-none-match": String(served.headers.etag) });
      expect(again.statusCode).toBe(304);
    }
  });

  it("never enlarges: a 500 px picture is stored in 320 px and its own 500", async () => {
    const small = await noisePicture(500, 400).png().toBuffer();
    const before = await names(ctx);
    const response = await upload(ctx, customer, "small.png", "image/png", small);
    expect(response.statusCode).toBe(200);
    const { url } = response.json().data;
    expect(url).toMatch(/-500\.webp$/);
    const stem = url.replace("-500.webp", "");
    const added = (await names(ctx)).filter((name) => !before.includes(name));
    expect(added).toEqual([`${stem}-320.webp`, `${stem}-500.webp`].map((file) => file.replace("/images/", "")).sort());
    expect((await sharp((await get(`${stem}-320.webp`)).rawPayload).metadata()).width).toBe(320);
    for (const missing of [`${stem}-640.webp`, `${stem}-1280.webp`]) expect((await get(missing)).statusCode).toBe(404);
  });

  it("serves the seed pictures as SVG, and a picture stored in one width before widths", async () => {
    const before = "4f1c2a9e-8b7d-4c3e-9a1f-000000001280.webp";
    await ctx.app.imageStore.save([{ name: before, bytes: await noisePicture(900, 600).webp().toBuffer() }]);
    const old = await get(`/images/${before}`);
    expect([old.statusCode, old.headers["content-type"]]).toEqual([200, "image/webp"]);
    expect((await sharp(old.rawPayload).metadata()).width).toBe(900);

    const served = await get("/images/claw-hammer.svg");
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/svg+xml");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.body).toContain("<svg");
    const head = await ctx.app.inject({ method: "HEAD", url: "/images/claw-hammer.svg" });
    expect([head.statusCode, head.headers["content-type"], head.body]).toEqual([200, "image/svg+xml", ""]);
    expect(head.headers["content-length"]).toBe(String(served.rawPayload.length));
  });

  it("answers 404 for a name it does not hold and 400 for a hidden slash or dot segment, never 500", async () => {
    for (const [url, status] of [
      ["/images/00000000-0000-4000-8000-000000000000-640.webp", 404],
      ["/images/nothing.png", 404],
      ["/images/.hidden.webp", 404],
      ["/images/claw-hammer.svg%00.webp", 404],
      ["/images/sub/claw-hammer.svg", 404],
      ["/images/..%252Fpackage.json", 404],
      ["/images/..%2Fpackage.json", 400],
      ["/images/..%2f..%2fetc%2fpasswd", 400],
      ["/images/%2e%2e%2fconfig.ts", 400],
      ["/images/a%5C..%5Cb.webp", 400],
    ] as const) {
      expect([url, (await get(url)).statusCode]).toEqual([url, status]);
    }
  });

  it.each([
    [
      "a text file renamed .png",
      Buffer.from("just some text, not a picture"),
      "This file is not a picture. Upload a PNG, JPEG, WebP or GIF image.",
    ],
    [
      "an SVG",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      "SVG files are not accepted. Upload a PNG, JPEG, WebP or GIF image.",
    ],
    ["an empty file", Buffer.alloc(0), "The file is empty. Choose a picture to upload."],
    ["a PNG cut in half", "halved png", DAMAGED],
  ] as const)("refuses %s (400) and stores nothing", async (_, file, message) => {
    const bytes = file === "halved png" ? halved(await noisePicture(900, 600).png().toBuffer()) : file;
    const [before, uploads] = [await names(ctx), await uploadsRecorded(ctx)];
    const response = await upload(ctx, customer, "photo.png", "image/png", bytes);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: "image", message }]);
    expect([await names(ctx), await uploadsRecorded(ctx)]).toEqual([before, uploads]);
  });

  it("serves a picture from another instance on the same store", async () => {
    const response = await upload(ctx, customer, "photo.jpg", "image/jpeg", photo);
    const { url } = response.json().data;
    const database = ctx.otherInstance();
    const other = await buildApp({ config: ctx.config, database, authSecret: TEST_AUTH_SECRET });
    try {
      const served = await other.inject({ method: "GET", url: url.replace("-1280.webp", "-640.webp") });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(640);
    } finally {
      await other.close();
    }
  });
});

describe("POST /api/image: damaged files, limits and faults", () => {
  let ctx: TestApp;
  let customer: TestAccount;
  beforeAll(async () => {
    ctx = await createTestApp();
    customer = await signUp(ctx.app);
  });
  afterAll(() => ctx.close());

  const stored = async () => (await readdir(ctx.config.imagesDir).catch(() => [])).length;
  const recorded = () => uploadsRecorded(ctx);

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
    const response = await upload(ctx, customer, "photo.png", "image/png", await damagedFile());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      errors: [
        {
          field: "image",
          message: DAMAGED,
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
      const response = await upload(ctx, customer, name, "image/png", bytes);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { field: "image", message: "The picture is larger than 25 megapixels. Choose a smaller one." },
      ]);
    }
    expect([await stored(), await recorded()]).toEqual([files, uploads]);

    const largest = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
    const accepted = await upload(ctx, customer, "largest.png", "image/png", largest);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ width: 1280, height: 1280 });
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
    const responses = await Promise.all(
      pictures.map((bytes, i) => upload(ctx, customer, `burst-${i}.jpg`, "image/jpeg", bytes)),
    );
    sampling = false;
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(busiest).toBe(1);
  });

  it("refuses an 8 MB picture (413) and stores nothing", async () => {
    const before = await stored();
    const big = Buffer.concat([await noisePicture(64, 48).jpeg().toBuffer(), Buffer.alloc(8 * 1024 * 1024, 7)]);
    const response = await upload(ctx, customer, "huge.jpg", "image/jpeg", big);
    expect(response.statusCode).toBe(413);
    expect(response.json().errors[0]).toEqual({ field: "image", message: expect.stringMatching(/larger than 5 MB/) });
    expect(await stored()).toBe(before);
  });

  it("refuses a caller without a valid token (401) and a request without a file (400)", async () => {
    const jpeg = await noisePicture(64, 48).jpeg().toBuffer();
    expect((await upload(ctx, undefined, "photo.jpg", "image/jpeg", jpeg)).statusCode).toBe(401);
    const forged = { ...customer, token: "forged.token.value" };
    expect((await upload(ctx, forged, "photo.jpg", "image/jpeg", jpeg)).statusCode).toBe(401);
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
      const response = await upload(
        ctx,
        customer,
        "photo.jpg",
        "image/jpeg",
        await noisePicture(64, 48).jpeg().toBuffer(),
      );
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
