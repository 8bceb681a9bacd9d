import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { createTestApp } from "../test/test-app.js";
import { profiles } from "./tables.js";

describe("profile", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestAccount;
  let other: TestAccount;
  /** Stays without a profile: every refused save is made with it. */
  let blank: TestAccount;
  const valid = {
    name: "Pat Profile",
    phone: "5550102000",
    fburl: "https://facebook.com/pat.profile",
    address: "1 Main Street, Springfield",
    image: "/images/pat.webp",
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signUp(ctx.app);
    other = await signUp(ctx.app);
    blank = await signUp(ctx.app);
  });
  afterAll(() => ctx.close());

  const save = (account: TestAccount | null, payload: object) =>
    ctx.app.inject({ method: "POST", url: "/api/profile", headers: account ? bearer(account.token) : {}, payload });
  const read = (account: TestAccount) =>
    ctx.app.inject({ method: "GET", url: "/api/profile", headers: bearer(account.token) });
  const count = async () => (await ctx.db.select().from(profiles)).length;

  it("starts empty, is created, then updated in place; the email is always the account's", async () => {
    expect((await read(owner)).json()).toEqual([]);
    const created = await save(owner, { ...valid, email: owner.email.toUpperCase() });
    expect(created.statusCode).toBe(200);
    const updated = await save(owner, { ...valid, address: "2 Side Street, Springfield" });
    expect(updated.json().insertedId).toBe(created.json().insertedId);
    expect((await read(owner)).json()).toEqual([
      { _id: created.json().insertedId, ...valid, address: "2 Side Street, Springfield", email: owner.email },
    ]);
    const session = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/get-session",
      headers: { cookie: owner.cookie },
    });
    expect(session.json().user.name).toBe("Pat Profile");
  });

  it("keeps one customer's profile from another", async () => {
    expect((await read(other)).json()).toEqual([]);
    const before = await count();
    expect((await save(other, { ...valid, email: owner.email })).statusCode).toBe(403);
    expect(await count()).toBe(before);
    expect((await read(owner)).json()[0].name).toBe("Pat Profile");
  });

  it.each([
    ["no Facebook URL", { fburl: "" }, "fburl", "Facebook URL is Required"],
    [
      "a Facebook URL elsewhere",
      { fburl: "https://evil.example.com/x" },
      "fburl",
      "Provide a Facebook URL, like https://facebook.com/yourname",
    ],
    ["a phone with letters", { phone: "555-CALL" }, "phone", "Phone must be 7 to 15 digits"],
    ["a malformed email", { email: "pat@" }, "email", "Provide a Valid Email"],
    ["a 255-character email", { email: `${"p".repeat(243)}@example.com` }, "email", "Provide a Valid Email"],
    ["no name", { name: "" }, "name", "Name is Required"],
    ["no image", { image: undefined }, "image", "Image is Required"],
    ["a 10 000-character name", { name: "n".repeat(10_000) }, "name", "Name must be 100 characters or fewer"],
    ["a 101-character name", { name: "n".repeat(101) }, "name", "Name must be 100 characters or fewer"],
    [
      "a 301-character Facebook URL",
      { fburl: `https://facebook.com/${"p".repeat(280)}` },
      "fburl",
      "Facebook URL must be 300 characters or fewer",
    ],
    ["a 501-character address", { address: "a".repeat(501) }, "address", "Address must be 500 characters or fewer"],
    ["a 16-digit phone", { phone: "1".repeat(16) }, "phone", "Phone must be 7 to 15 digits"],
    ["a name that is not text", { name: { first: "Pat" } }, "name", "Name is Required"],
  ])("refuses %s with the field's message and stores nothing", async (_, change, field, message) => {
    const response = await save(blank, { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field, message });
    expect((await read(blank)).json()).toEqual([]);
  });

  it("takes every field at its longest", async () => {
    const fresh = await signUp(ctx.app);
    const longest = {
      ...valid,
      name: "n".repeat(100),
      phone: "1".repeat(15),
      fburl: `https://facebook.com/${"p".repeat(279)}`,
      address: "a".repeat(500),
    };
    expect((await save(fresh, longest)).statusCode).toBe(200);
    expect((await read(fresh)).json()).toEqual([{ _id: expect.any(String), ...longest, email: fresh.email }]);
  });

  it("refuses callers without a valid token", async () => {
    expect((await save(null, valid)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: "GET", url: "/api/profile" })).statusCode).toBe(401);
  });
});
