import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { imageField } from "./image.js";
import { newsletterBodySchema } from "./newsletter.js";
import { idParamsSchema, orderBodySchema, orderListQuerySchema, orderQuantityField } from "./ordering.js";
import { phoneField } from "./ordering-fields.js";
import { pageQuerySchema } from "./paging.js";
import { paymentIntentBodySchema } from "./payment.js";
import { productBodySchema } from "./product.js";
import { profileBodySchema } from "./profile.js";
import { DEFAULT_QUANTITY_RULE } from "./quantity-rule.js";
import { reviewBodySchema } from "./review.js";
import { requiredText } from "./text-field.js";
import { emailParamsSchema } from "./user.js";

/** What a schema makes of the input, or the first message it refuses it with. */
function parse(schema: z.ZodType, input: unknown): { value: unknown } | { message: string | undefined } {
  const result = schema.safeParse(input);
  return result.success ? { value: result.data } : { message: result.error.issues[0]?.message };
}

const UUID = "00000000-0000-4000-8000-000000000000";

describe("a required text", () => {
  const name = requiredText("Name is Required", "Name", 5);

  it("is trimmed, and may fill its bound exactly", () => {
    expect(parse(name, "  Pat  ")).toEqual({ value: "Pat" });
    expect(parse(name, "Patsy")).toEqual({ value: "Patsy" });
  });

  it("refuses spaces alone, one character past the bound, and what is not text", () => {
    expect(parse(name, "   ")).toEqual({ message: "Name is Required" });
    expect(parse(name, "Patsie")).toEqual({ message: "Name must be 5 characters or fewer" });
    expect(parse(name, 42)).toEqual({ message: "Name is Required" });
  });
});

describe("emails are compared in lower case where they name an account", () => {
  it.each([
    ["newsletter", newsletterBodySchema, { email: " Ana@Example.COM " }, { email: "ana@example.com" }],
    ["an order list", orderListQuerySchema, { userEmail: "Ana@Example.com" }, { userEmail: "ana@example.com" }],
    ["a path's {email}", emailParamsSchema, { email: "ANA@EXAMPLE.COM" }, { email: "ana@example.com" }],
  ])("%s", (_, schema, input, value) => {
    expect(parse(schema, input)).toEqual({ value });
  });
});

describe("a phone for a delivery: an optional +, then 7 to 20 digits, spaces and dashes", () => {
  it.each(["5550100", "+5550100", "+1 555-0100", "+44 20 7946 0958", "1".repeat(20), `+${"1".repeat(20)}`])(
    "accepts %s",
    (phone) => {
      expect(parse(phoneField, phone)).toEqual({ value: phone });
    },
  );

  it("is trimmed", () => {
    expect(parse(phoneField, " 5550100 ")).toEqual({ value: "5550100" });
  });

  it.each([
    "555010",
    "+555010",
    "1".repeat(21),
    `+${"1".repeat(21)}`,
    "555-CALL",
    "-5550100",
    "5550100-",
    "555 0100 ext 2",
  ])("refuses %s", (phone) => {
    expect(parse(phoneField, phone)).toEqual({
      message: "Provide a valid phone number: digits, spaces, + and -, 7 to 20 characters",
    });
  });
});

describe("the order quantity: 100 to 200 pieces, no more than the stock", () => {
  it("takes the band's ends, and numbers typed as text", () => {
    expect(parse(orderQuantityField(), 100)).toEqual({ value: 100 });
    expect(parse(orderQuantityField(), 200)).toEqual({ value: 200 });
    expect(parse(orderQuantityField(), "150")).toEqual({ value: 150 });
  });

  it("refuses one piece either side of the band", () => {
    expect(parse(orderQuantityField(), 99)).toEqual({ message: "Order at least 100 pieces" });
    expect(parse(orderQuantityField(), 201)).toEqual({ message: "Order at most 200 pieces" });
  });

  it("ends the band at the stock when there is less than 200", () => {
    expect(parse(orderQuantityField(DEFAULT_QUANTITY_RULE, 120), 120)).toEqual({ value: 120 });
    expect(parse(orderQuantityField(DEFAULT_QUANTITY_RULE, 120), 121)).toEqual({ message: "Order at most 120 pieces" });
    expect(parse(orderQuantityField(DEFAULT_QUANTITY_RULE, 5000), 201)).toEqual({
      message: "Order at most 200 pieces",
    });
  });

  it("refuses what is not a number", () => {
    expect(parse(orderQuantityField(), "lots")).toEqual({ message: "Quantity is Required" });
  });
});

describe("ids", () => {
  it("an order names its product by the spec's orderId, a payment its order", () => {
    const order = { orderId: "p1", quantity: 100, phone: "5550100", address: "1 Yard" };
    expect(parse(orderBodySchema, order)).toEqual({ message: "orderId must be a product id" });
    expect(parse(paymentIntentBodySchema, { orderId: "o1", price: 10 })).toEqual({
      message: "orderId must be an order id",
    });
    expect(parse(idParamsSchema, { id: "42" })).toEqual({ message: "Not a valid id" });
    expect(parse(idParamsSchema, { id: UUID })).toEqual({ value: { id: UUID } });
  });

  it("a payment's total is positive", () => {
    expect(parse(paymentIntentBodySchema, { orderId: UUID, price: 0 })).toEqual({ message: "price must be positive" });
  });
});

describe("list pages: limit 1 to 100 (20 when absent), offset from 0", () => {
  it("fills in what is absent and reads numbers from the query string", () => {
    expect(parse(pageQuerySchema, {})).toEqual({ value: { limit: 20, offset: 0 } });
    expect(parse(pageQuerySchema, { limit: "100", offset: "1000000000" })).toEqual({
      value: { limit: 100, offset: 1_000_000_000 },
    });
    expect(parse(pageQuerySchema, { limit: "1" })).toEqual({ value: { limit: 1, offset: 0 } });
  });

  it.each([
    [{ limit: "0" }, "limit must be a whole number from 1 to 100"],
    [{ limit: "101" }, "limit must be a whole number from 1 to 100"],
    [{ limit: "2.5" }, "limit must be a whole number from 1 to 100"],
    [{ limit: "ten" }, "limit must be a whole number from 1 to 100"],
    [{ offset: "-1" }, "offset must be a whole number from 0 to 1000000000"],
    [{ offset: "1000000001" }, "offset must be a whole number from 0 to 1000000000"],
  ])("refuses %j", (query, message) => {
    expect(parse(pageQuerySchema, query)).toEqual({ message });
  });
});

describe("pictures come from our own store", () => {
  it.each(["/images/a.webp", "/images/3f9c-a_b.c.webp", `/images/${"a".repeat(192)}`])("accepts %s", (url) => {
    expect(parse(imageField(), url)).toEqual({ value: url });
  });

  it.each([
    "/images/",
    "/images/a/b.webp",
    "/images/a b.webp",
    "https://i.ibb.co/x.png",
    "images/a.webp",
    `/images/${"a".repeat(193)}`,
  ])("refuses %s", (url) => {
    expect(parse(imageField(), url)).toEqual({ message: "Upload the image with the image picker" });
  });

  it("names the field when it is empty", () => {
    expect(parse(imageField("Picture is Required"), "")).toEqual({ message: "Picture is Required" });
  });
});

describe("form numbers arrive as text", () => {
  const product = { name: "Wrench", description: "Steel.", image: "/images/w.webp" };

  it("a price with cents and a stock", () => {
    expect(parse(productBodySchema, { ...product, price: "24.50", quantity: "100" })).toEqual({
      value: { ...product, price: 24.5, quantity: 100 },
    });
    expect(parse(productBodySchema, { ...product, price: "0.01", quantity: 100 })).toEqual({
      value: { ...product, price: 0.01, quantity: 100 },
    });
  });

  it("a rating of 1 to 5", () => {
    const review = { description: "Good.", image: "/images/r.webp" };
    expect(parse(reviewBodySchema, { ...review, rating: "1" })).toEqual({ value: { ...review, rating: 1 } });
    expect(parse(reviewBodySchema, { ...review, rating: "4.5" })).toEqual({ message: "Rating is Required" });
  });
});

describe("a profile", () => {
  const profile = {
    name: "Pat",
    phone: "5550100",
    fburl: "https://facebook.com/pat",
    address: "1 Yard",
    image: "/images/p.webp",
  };

  it.each([
    "https://facebook.com/pat",
    "https://www.facebook.com/pat",
    "https://m.facebook.com/pat",
    "https://fb.com/pat",
    "HTTPS://FACEBOOK.COM/Pat",
  ])("takes the Facebook address %s", (fburl) => {
    expect(parse(profileBodySchema, { ...profile, fburl })).toEqual({ value: { ...profile, fburl } });
  });

  it.each([
    "http://facebook.com/pat",
    "https://facebook.com/",
    "https://notfacebook.com/pat",
    "https://facebook.com.evil.example/pat",
  ])("refuses %s", (fburl) => {
    expect(parse(profileBodySchema, { ...profile, fburl })).toEqual({
      message: "Provide a Facebook URL, like https://facebook.com/yourname",
    });
  });

  it("takes a phone of 7 to 15 digits", () => {
    expect(parse(profileBodySchema, { ...profile, phone: "1".repeat(15) })).toEqual({
      value: { ...profile, phone: "1".repeat(15) },
    });
    expect(parse(profileBodySchema, { ...profile, phone: "1".repeat(16) })).toEqual({
      message: "Phone must be 7 to 15 digits",
    });
    expect(parse(profileBodySchema, { ...profile, phone: "1".repeat(6) })).toEqual({
      message: "Phone must be 7 to 15 digits",
    });
  });
});
