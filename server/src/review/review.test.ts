import type { Review } from "@forgeline/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { createTestApp } from "../test/test-app.js";
import { reviews } from "./tables.js";

describe("GET /api/review", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    const day = 86_400_000;
    await ctx.db.insert(reviews).values([
      {
        name: "Old",
        email: "old@example.com",
        rating: 3,
        description: "Oldest review",
        createdAt: new Date(Date.now() - 3 * day),
      },
      { name: "New", email: "new@example.com", rating: 5, description: "Newest review", createdAt: new Date() },
      {
        name: "Mid",
        email: "mid@example.com",
        rating: 4,
        description: "Middle review",
        createdAt: new Date(Date.now() - day),
      },
    ]);
  });
  afterAll(() => ctx.close());

  it("lists reviews newest first, without the reviewers' emails", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/review" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-total-count"]).toBe("3");
    const list = response.json<Review[]>();
    expect(list.map((review) => review.name)).toEqual(["New", "Mid", "Old"]);
    expect(list[0]).toEqual({
      _id: expect.any(String),
      name: "New",
      rating: 5,
      description: "Newest review",
      image: "",
      createdAt: expect.any(String),
    });
    expect(response.body).not.toContain("@example.com");
  });

  it("pages with limit and offset", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/review?limit=1&offset=1" });
    expect(response.json<Review[]>().map((review) => review.name)).toEqual(["Mid"]);
  });

  it("refuses a bad limit with a 400 naming the field", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/review?limit=-3" });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe("limit");
  });
});

describe("POST /api/review and GET /api/review?email=", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let reviewer: TestAccount;
  let other: TestAccount;
  const valid = {
    rating: 4,
    description: "Solid hammers, quick delivery.",
    image: "/images/abc.webp",
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    reviewer = await signUp(ctx.app, { name: "Rae Reviewer" });
    other = await signUp(ctx.app);
  });
  afterAll(() => ctx.close());

  const post = (account: TestAccount | null, payload: object) =>
    ctx.app.inject({ method: "POST", url: "/api/review", headers: account ? bearer(account.token) : {}, payload });
  const count = async () => (await ctx.db.select().from(reviews)).length;

  it("stores a review under the caller's email and name and lists it for them and on the public list", async () => {
    const response = await post(reviewer, { ...valid, name: "Somebody Famous", email: "someone.else@example.com" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ insertedId: expect.any(String) });
    const mine = await ctx.app.inject({
      method: "GET",
      url: `/api/review?email=${reviewer.email}`,
      headers: bearer(reviewer.token),
    });
    expect(mine.json<Review[]>().map(({ name, description }) => ({ name, description }))).toEqual([
      { name: "Rae Reviewer", description: valid.description },
    ]);
    const everyone = await ctx.app.inject({ method: "GET", url: "/api/review" });
    expect(everyone.json<Review[]>()[0]).toMatchObject({ name: "Rae Reviewer", description: valid.description });
  });

  it("names the review after the account, whatever the body says: no name, a huge one, or someone else's", async () => {
    const named = await signUp(ctx.app, { name: "Nora Named" });
    for (const name of [undefined, "", "n".repeat(10_000), "Forgeline Official"]) {
      expect((await post(named, { ...valid, name })).statusCode).toBe(201);
    }
    const stored = await ctx.db.select().from(reviews).where(eq(reviews.email, named.email));
    expect(stored.map((review) => review.name)).toEqual(Array(4).fill("Nora Named"));
  });

  it("takes a name change made through the profile", async () => {
    const renamed = await signUp(ctx.app, { name: "Old Name" });
    const profile = await ctx.app.inject({
      method: "POST",
      url: "/api/profile",
      headers: bearer(renamed.token),
      payload: {
        name: "New Name",
        phone: "5550102000",
        fburl: "https://facebook.com/new.name",
        address: "1 Main Street",
        image: "/images/new.webp",
      },
    });
    expect(profile.statusCode).toBe(200);
    expect((await post(renamed, valid)).statusCode).toBe(201);
    const [stored] = await ctx.db.select().from(reviews).where(eq(reviews.email, renamed.email));
    expect(stored?.name).toBe("New Name");
  });

  it("keeps one reviewer's list to themselves", async () => {
    expect((await ctx.app.inject({ method: "GET", url: `/api/review?email=${reviewer.email}` })).statusCode).toBe(401);
    const byOther = await ctx.app.inject({
      method: "GET",
      url: `/api/review?email=${reviewer.email}`,
      headers: bearer(other.token),
    });
    expect(byOther.statusCode).toBe(403);
  });

  it.each([
    ["no rating", { rating: undefined }, "rating", "Rating is Required"],
    ["a rating of 6", { rating: 6 }, "rating", "Maximum 5"],
    ["a rating of 0", { rating: 0 }, "rating", "Rating is Required"],
    ["a fractional rating", { rating: 3.5 }, "rating", "Rating is Required"],
    ["no description", { description: " " }, "description", "Description is Required"],
    [
      "a 10 000-character description",
      { description: "y".repeat(10_000) },
      "description",
      "Description must be 1000 characters or fewer",
    ],
    ["no image", { image: "" }, "image", "Image is Required"],
    [
      "an image from elsewhere",
      { image: "https://evil.example.com/x.png" },
      "image",
      "Upload the image with the image picker",
    ],
    [
      "a 10 000-character image address",
      { image: `/images/${"x".repeat(10_000)}.webp` },
      "image",
      "Upload the image with the image picker",
    ],
  ])("refuses %s with the field's message and stores nothing", async (_, change, field, message) => {
    const before = await count();
    const response = await post(reviewer, { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field, message });
    expect(await count()).toBe(before);
  });

  it("takes at most 5 reviews an hour from one account; the 6th is a 429 that says when to come back", async () => {
    const busy = await signUp(ctx.app);
    for (let n = 1; n <= 5; n++) expect((await post(busy, valid)).statusCode).toBe(201);
    const before = await count();
    const sixth = await post(busy, valid);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      statusCode: 429,
      error: "Too Many Requests",
      message: "You can add at most 5 reviews an hour. Please try again in 60 minutes.",
    });
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(59 * 60);
    // Retrying does not push the time further out.
    const retry = await post(busy, valid);
    expect(retry.statusCode).toBe(429);
    expect(Number(retry.headers["retry-after"])).toBeLessThanOrEqual(Number(sixth.headers["retry-after"]));
    expect(await count()).toBe(before);
    // Another account is not held back.
    expect((await post(await signUp(ctx.app), valid)).statusCode).toBe(201);
  });

  it("counts a burst of parallel reviews before storing any: 12 at once store exactly 5", async () => {
    const burst = await signUp(ctx.app);
    const statuses = (await Promise.all(Array.from({ length: 12 }, () => post(burst, valid)))).map(
      (response) => response.statusCode,
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(await ctx.db.select().from(reviews).where(eq(reviews.email, burst.email))).toHaveLength(5);
  });

  it("refuses callers without a valid token", async () => {
    const before = await count();
    expect((await post(null, valid)).statusCode).toBe(401);
    expect((await post({ ...reviewer, token: "forged" }, valid)).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });
});
