import { pictureWidths } from "@forgeline/contract";
import { eq, inArray, ne, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { products } from "../product/tables.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { multipartFile } from "../test/multipart.js";
import { createTestApp, TEST_AUTH_SECRET } from "../test/test-app.js";
import { imageUploads } from "./tables.js";

describe("removal of uploaded pictures nothing refers to", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let customer: TestAccount;
  let picture: Buffer;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: true });
    admin = await signUp(ctx.app, { admin: true });
    customer = await signUp(ctx.app);
    // 700 px wide: stored in 320, 640 and 700 px.
    picture = await sharp({ create: { width: 700, height: 500, channels: 3, background: "#c2410c" } })
      .png()
      .toBuffer();
  });
  afterAll(() => ctx.close());

  const uploadPicture = async (account: TestAccount): Promise<string> => {
    const body = multipartFile("image", "photo.png", "image/png", picture);
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/image",
      payload: body.payload,
      headers: { ...body.headers, ...bearer(account.token) },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.url;
  };
  const post = async (account: TestAccount, url: string, payload: object, status: number) => {
    const response = await ctx.app.inject({ method: "POST", url, headers: bearer(account.token), payload });
    expect(response.statusCode).toBe(status);
    return response;
  };
  const served = async (url: string) => (await ctx.app.inject({ method: "GET", url })).statusCode;
  /** The status of each width of a picture. */
  const servedWidths = async (url: string) => Promise.all(pictureWidths(url).map((file) => served(file.url)));
  const nameOf = (url: string) => url.replace("/images/", "");

  /** Another instance starting on the same database and image store; it sweeps as it starts. */
  async function startAnotherInstance() {
    const database = ctx.otherInstance();
    const instance = await buildApp({ config: ctx.config, database, authSecret: TEST_AUTH_SECRET });
    await instance.ready();
    await instance.close();
  }

  it("removes, a day after its upload, a picture nothing refers to; keeps the others and the seed pictures", async () => {
    const forgotten = await uploadPicture(customer);
    const onProduct = await uploadPicture(admin);
    const onReview = await uploadPicture(customer);
    const onProfile = await uploadPicture(customer);
    const fresh = await uploadPicture(customer);
    await post(
      admin,
      "/api/product",
      {
        name: "Sweep test saw",
        price: 5,
        quantity: 100,
        description: "d",
        image: onProduct,
      },
      201,
    );
    await post(customer, "/api/review", { name: "Pat Sweep", rating: 5, description: "Good.", image: onReview }, 201);
    await post(
      customer,
      "/api/profile",
      {
        name: "Pat Sweep",
        phone: "5551234567",
        fburl: "https://facebook.com/pat.sweep",
        address: "1 Main Street, Springfield",
        image: onProfile,
      },
      200,
    );
    const old = [forgotten, onProduct, onReview, onProfile].map(nameOf);
    await ctx.db
      .update(imageUploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(imageUploads.name, old));

    await startAnotherInstance();

    expect(pictureWidths(forgotten)).toHaveLength(3);
    expect(await servedWidths(forgotten)).toEqual([404, 404, 404]);
    const records = await ctx.db.select({ name: imageUploads.name }).from(imageUploads);
    expect(records.map(({ name }) => name).sort()).toEqual([onProduct, onReview, onProfile, fresh].map(nameOf).sort());
    for (const kept of [onProduct, onReview, onProfile, fresh])
      expect(await servedWidths(kept)).toEqual([200, 200, 200]);
    // The seed pictures were never uploaded, so they have no record and stay.
    const seeded = await ctx.db.select({ image: products.image }).from(products).where(ne(products.image, onProduct));
    expect(seeded.length).toBeGreaterThan(0);
    for (const { image } of seeded) expect(await served(image)).toBe(200);
  });

  it("removes a picture once the last thing that showed it is gone", async () => {
    const url = await uploadPicture(admin);
    const created = await post(
      admin,
      "/api/product",
      { name: "Short-lived saw", price: 5, quantity: 100, description: "d", image: url },
      201,
    );
    await ctx.db
      .update(imageUploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(imageUploads.name, nameOf(url)));
    await startAnotherInstance();
    expect(await servedWidths(url)).toEqual([200, 200, 200]);

    const deleted = await ctx.app.inject({
      method: "DELETE",
      url: `/api/product/${created.json().insertedId}`,
      headers: bearer(admin.token),
    });
    expect(deleted.statusCode).toBe(200);
    await startAnotherInstance();
    expect(await servedWidths(url)).toEqual([404, 404, 404]);
  });
});
