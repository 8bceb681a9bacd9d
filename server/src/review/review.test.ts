import { MESSAGES, type Review } from "@forgeline/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "../db/schema.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { createTestApp } from "../test/test-app.js";

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
    name: "Rae Reviewer",
    rating: 4,
    description: "Solid hammers, quick delivery.",
    image: "/images/abc.webp",
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    reviewer = await signUp(ctx.app);
    other = await signUp(ctx.app);
  });
  afterAll(() => ctx.close());

  const post = (account: TestAccount | null, payload: object) =>
    ctx.app.inject({ method: "POST", url: "/api/review", headers: account ? bearer(account.token) : {}, payload });
  const count = async () => (await ctx.db.select().from(reviews)).length;

  it("stores a review under the caller's email and lists it for them and on the public list", async () => {
    const response = await post(reviewer, { ...valid, email: "someone.else@example.com" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ insertedId: expect.any(String) });
    const mine = await ctx.app.inject({
      method: "GET",
      url: `/api/review?email=${reviewer.email}`,
      headers: bearer(reviewer.token),
    });
    expect(mine.json<Review[]>().map((review) => review.description)).toEqual([valid.description]);
    const everyone = await ctx.app.inject({ method: "GET", url: "/api/review" });
    expect(everyone.json<Review[]>()[0]?.description).toBe(valid.description);
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
    ["no rating", { rating: undefined }, "rating", MESSAGES.ratingRequired],
    ["a rating of 6", { rating: 6 }, "rating", MESSAGES.ratingMaximum],
    ["a rating of 0", { rating: 0 }, "rating", MESSAGES.ratingRequired],
    ["a fractional rating", { rating: 3.5 }, "rating", MESSAGES.ratingRequired],
    ["no description", { description: " " }, "description", MESSAGES.descriptionRequired],
    [
      "a 10 000-character description",
      { description: "y".repeat(10_000) },
      "description",
      "Description must be 1000 characters or fewer",
    ],
    ["no image", { image: "" }, "image", MESSAGES.imageRequired],
    [
      "an image from elsewhere",
      { image: "https://evil.example.com/x.png" },
      "image",
      "Upload the image with the image picker",
    ],
    ["no name", { name: "" }, "name", MESSAGES.nameRequired],
  ])("refuses %s with the field's message and stores nothing", async (_, change, field, message) => {
    const before = await count();
    const response = await post(reviewer, { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field, message });
    expect(await count()).toBe(before);
  });

  it("refuses callers without a valid token", async () => {
    const before = await count();
    expect((await post(null, valid)).statusCode).toBe(401);
    expect((await post({ ...reviewer, token: "forged" }, valid)).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });
});
