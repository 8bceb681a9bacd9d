import { MESSAGES } from "@forgeline/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.js";
import { newsletterSubscribers } from "./tables.js";

describe("POST /api/newsletter", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const subscribe = (payload: unknown) =>
    ctx.app.inject({ method: "POST", url: "/api/newsletter", payload: payload as object });
  const stored = async () => (await ctx.db.select().from(newsletterSubscribers)).map((row) => row.email);

  it("stores the address once and thanks the visitor, however often they subscribe", async () => {
    const first = await subscribe({ email: "Jane.Doe@Company.co.uk" });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ success: true, message: MESSAGES.newsletterThanks });
    const again = await subscribe({ email: "jane.doe@company.co.uk " });
    expect(again.statusCode).toBe(201);
    expect(await stored()).toEqual(["jane.doe@company.co.uk"]);
  });

  it.each([
    [{ email: "not-an-email" }, MESSAGES.emailInvalid],
    [{ email: "" }, MESSAGES.emailRequired],
    [{ email: 42 }, MESSAGES.emailRequired],
    [{}, MESSAGES.emailRequired],
    [{ email: `${"a".repeat(300)}@example.com` }, MESSAGES.emailInvalid],
  ])("refuses %j with the field's message and stores nothing", async (payload, message) => {
    const before = await stored();
    const response = await subscribe(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: "email", message }]);
    expect(await stored()).toEqual(before);
  });

  it("refuses a body that is not JSON with a 400, not a crash", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/newsletter",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().statusCode).toBe(400);
  });
});
