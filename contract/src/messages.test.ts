import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { loginFormSchema, newPasswordFormSchema, resetRequestFormSchema, signupFormSchema } from "./account.js";
import { QUANTITY_UNIT } from "./constants.js";
import { MESSAGES } from "./messages.js";
import { newsletterBodySchema } from "./newsletter.js";
import { orderBodySchema, orderFormSchema, orderQuantityField } from "./ordering.js";
import { paymentIntentBodySchema, testCardConfirmationSchema } from "./payment.js";
import { productBodySchema } from "./product.js";
import { profileBodySchema } from "./profile.js";
import { DEFAULT_QUANTITY_RULE } from "./quantity-rule.js";
import { reviewBodySchema } from "./review.js";

/**
 * Every user-facing text of the spec's points 5 and 8 (docs/SPEC-CONFORMANCE.md §5, §8) with the corrections of
 * docs/decisions/006-deviations-from-spec.md, written out here letter by letter. The expected side is never
 * read from MESSAGES, so a typo
 * put back into the catalogue or a rule fails here.
 */

const PRODUCT = "Forgeline 18V Cordless Drill";

/** The catalogue, key by key, as the customer reads it. */
const CATALOGUE: Record<keyof typeof MESSAGES, string> = {
  emailRequired: "Email is Required",
  emailInvalid: "Provide a Valid Email",
  passwordRequired: "Password is Required",
  passwordTooShort: "Must be 6 Characters Or Longer",
  nameRequired: "Name is Required",
  priceRequired: "Price is Required",
  quantityRequired: "Quantity is Required",
  quantityMinimum: "Minimum 100",
  imageRequired: "Image is Required",
  descriptionRequired: "Description is Required",
  ratingRequired: "Rating is Required",
  ratingMaximum: "Maximum 5",
  facebookRequired: "Facebook URL is Required",
  resetEmailMissing: "Please Enter your Email Address",
  resetSent: "Sent email",
  orderPlaced: "Successfully ordered Forgeline 18V Cordless Drill",
  orderDuplicate: "You already have an unpaid order for Forgeline 18V Cordless Drill",
  orderDuplicateAwaiting: "You already have an order for Forgeline 18V Cordless Drill awaiting approval",
  orderAwaitsApproval: "Your order is placed and awaits approval by an owner of your company",
  madeAdmin: "Successfully Made an Admin",
  adminOnly: "Admin Access Only",
  productAdded: "Product Data Added Successfully",
  productAddFailed: "Failed to Add Product Data",
  reviewAdded: "Review Data Added Successfully",
  reviewAddFailed: "Failed to Add Review Data",
  profileAdded: "Profile Data Added Successfully",
  profileAddFailed: "Failed to Add Profile Data",
  productDeleted: "Product: Forgeline 18V Cordless Drill is deleted",
  productDeleteFailed: "Failed to delete Forgeline 18V Cordless Drill",
  paymentCompleted: "Congrats! Your Payment is completed.",
  newsletterThanks: "Thanks for subscribing! Our next newsletter is on its way to you.",
  noUserLoggedIn: "No user is logged in",
  orderBand: "An order must be between 100 and 200 pieces.",
  lowStock: "Not enough stock for a bulk order right now. Please try again later.",
  notFound: "Oops! The page you're looking for isn't here",
};

/** The first message of each rejected field, as the form shows it beside the field and the API answers it. */
function fieldMessages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[String(issue.path[0] ?? "")] ??= issue.message;
  return messages;
}

describe("the message catalogue", () => {
  it("pins every message: a new one is added here too", () => {
    expect(Object.keys(MESSAGES).sort()).toEqual(Object.keys(CATALOGUE).sort());
  });

  it("counts pieces as Pieces (the spec's Peces, corrected)", () => {
    expect(QUANTITY_UNIT).toBe("Pieces");
  });

  it.each(Object.entries(CATALOGUE))("%s reads exactly %j", (key, text) => {
    const message = MESSAGES[key as keyof typeof MESSAGES];
    expect(typeof message === "function" ? message(PRODUCT) : message).toBe(text);
  });
});

describe("the rules say the catalogue's words (spec point 5, as decision 006 corrects it)", () => {
  it("login: Email is Required, Password is Required; then Provide a Valid Email, Must be 6 Characters Or Longer", () => {
    expect(fieldMessages(loginFormSchema, {})).toEqual({
      email: "Email is Required",
      password: "Password is Required",
    });
    expect(fieldMessages(loginFormSchema, { email: "  ", password: "" })).toEqual({
      email: "Email is Required",
      password: "Password is Required",
    });
    expect(fieldMessages(loginFormSchema, { email: "someone@example", password: "12345" })).toEqual({
      email: "Provide a Valid Email",
      password: "Must be 6 Characters Or Longer",
    });
    // docs/decisions/006-deviations-from-spec.md: a standard email check, not the spec's 2-3 letter pattern.
    expect(fieldMessages(loginFormSchema, { email: "first.last@company.co.uk", password: "123456" })).toEqual({});
    expect(fieldMessages(loginFormSchema, { email: `${"a".repeat(243)}@example.com`, password: "123456" })).toEqual({
      email: "Provide a Valid Email",
    });
    expect(fieldMessages(newPasswordFormSchema, { password: "x".repeat(129) })).toEqual({
      password: "Must be 128 Characters Or Fewer",
    });
  });

  it("sign-up: Name is Required, and the email and password rules", () => {
    expect(fieldMessages(signupFormSchema, { name: " ", email: "", password: "" })).toEqual({
      name: "Name is Required",
      email: "Email is Required",
      password: "Password is Required",
    });
    expect(fieldMessages(signupFormSchema, { name: "n".repeat(101), email: "a@b.co", password: "123456" })).toEqual({
      name: "Name must be 100 characters or fewer",
    });
  });

  it("reset password: Please Enter your Email Address", () => {
    expect(fieldMessages(resetRequestFormSchema, { email: "" })).toEqual({ email: "Please Enter your Email Address" });
    expect(fieldMessages(resetRequestFormSchema, { email: "nobody" })).toEqual({ email: "Provide a Valid Email" });
  });

  it("add product: each required field's message, Minimum 100, and the caps on price and stock", () => {
    expect(fieldMessages(productBodySchema, { name: "", price: "", quantity: "", description: "", image: "" })).toEqual(
      {
        name: "Name is Required",
        price: "Price is Required",
        quantity: "Quantity is Required",
        description: "Description is Required",
        image: "Image is Required",
      },
    );
    const valid = { name: "Wrench", price: 24.5, quantity: 500, description: "Steel.", image: "/images/w.webp" };
    expect(fieldMessages(productBodySchema, valid)).toEqual({});
    expect(fieldMessages(productBodySchema, { ...valid, quantity: 99 })).toEqual({ quantity: "Minimum 100" });
    expect(fieldMessages(productBodySchema, { ...valid, price: 100_000 })).toEqual({});
    expect(fieldMessages(productBodySchema, { ...valid, price: 100_000.01 })).toEqual({ price: "Maximum $100,000.00" });
    expect(fieldMessages(productBodySchema, { ...valid, quantity: 1_000_000 })).toEqual({});
    expect(fieldMessages(productBodySchema, { ...valid, quantity: 1_000_001 })).toEqual({
      quantity: "Maximum 1,000,000",
    });
    expect(fieldMessages(productBodySchema, { ...valid, price: 0 })).toEqual({ price: "Price must be more than $0" });
    expect(fieldMessages(productBodySchema, { ...valid, price: 1.005 })).toEqual({
      price: "Price can have at most 2 decimals",
    });
    expect(fieldMessages(productBodySchema, { ...valid, quantity: 150.5 })).toEqual({
      quantity: "Quantity must be a whole number",
    });
    expect(
      fieldMessages(productBodySchema, { ...valid, name: "n".repeat(201), description: "d".repeat(2001) }),
    ).toEqual({
      name: "Name must be 200 characters or fewer",
      description: "Description must be 2000 characters or fewer",
    });
    expect(fieldMessages(productBodySchema, { ...valid, image: "https://elsewhere.example/x.png" })).toEqual({
      image: "Upload the image with the image picker",
    });
  });

  it("add review: Rating is Required, Maximum 5, Description is Required, Image is Required", () => {
    expect(fieldMessages(reviewBodySchema, {})).toEqual({
      rating: "Rating is Required",
      description: "Description is Required",
      image: "Image is Required",
    });
    const valid = { rating: 5, description: "Good.", image: "/images/r.webp" };
    expect(fieldMessages(reviewBodySchema, valid)).toEqual({});
    expect(fieldMessages(reviewBodySchema, { ...valid, rating: 6 })).toEqual({ rating: "Maximum 5" });
    expect(fieldMessages(reviewBodySchema, { ...valid, rating: 0 })).toEqual({ rating: "Rating is Required" });
    expect(fieldMessages(reviewBodySchema, { ...valid, description: "d".repeat(1001) })).toEqual({
      description: "Description must be 1000 characters or fewer",
    });
  });

  it("profile: Name is Required, Facebook URL is Required, and the email, phone and address rules", () => {
    expect(
      fieldMessages(profileBodySchema, { name: "", email: "x", phone: "", fburl: "", address: "", image: "" }),
    ).toEqual({
      name: "Name is Required",
      email: "Provide a Valid Email",
      phone: "Phone is Required",
      fburl: "Facebook URL is Required",
      address: "Address is Required",
      image: "Image is Required",
    });
    expect(
      fieldMessages(profileBodySchema, {
        name: "Pat",
        phone: "555-CALL",
        fburl: "https://example.com/pat",
        address: "a".repeat(501),
        image: "/images/p.webp",
      }),
    ).toEqual({
      phone: "Phone must be 7 to 15 digits",
      fburl: "Provide a Facebook URL, like https://facebook.com/yourname",
      address: "Address must be 500 characters or fewer",
    });
  });

  it("order: the band of 100 to 200 pieces, phone and address required (decision 006)", () => {
    expect(fieldMessages(orderFormSchema, { quantity: 99, phone: "", address: " " })).toEqual({
      quantity: "Order at least 100 pieces",
      phone: "Phone is Required",
      address: "Address is Required",
    });
    expect(fieldMessages(orderFormSchema, { quantity: 201, phone: "call me", address: "1 Yard Road" })).toEqual({
      quantity: "Order at most 200 pieces",
      phone: "Provide a valid phone number: digits, spaces, + and -, 7 to 20 characters",
    });
    expect(fieldMessages(orderQuantityField(DEFAULT_QUANTITY_RULE, 150), 151)).toEqual({
      "": "Order at most 150 pieces",
    });
    expect(fieldMessages(orderQuantityField(), 150.5)).toEqual({ "": "Quantity must be a whole number" });
    expect(fieldMessages(orderQuantityField(), "")).toEqual({ "": "Order at least 100 pieces" });
    const order = {
      orderId: "00000000-0000-4000-8000-000000000000",
      quantity: 100,
      phone: "5550100",
      address: "1 Yard",
    };
    expect(fieldMessages(orderBodySchema, { ...order, userEmail: `${"u".repeat(250)}@x.co` })).toEqual({
      userEmail: "Provide a Valid Email",
    });
  });

  it("newsletter: the email rules", () => {
    expect(fieldMessages(newsletterBodySchema, { email: "" })).toEqual({ email: "Email is Required" });
    expect(fieldMessages(newsletterBodySchema, { email: "news@" })).toEqual({ email: "Provide a Valid Email" });
  });

  it("payment: the card messages and the order total's cap", () => {
    expect(
      fieldMessages(testCardConfirmationSchema, { clientSecret: "pi_secret", cardNumber: "", expiry: "", cvc: "" }),
    ).toEqual({
      cardNumber: "Your card number is incomplete.",
      expiry: "Your card's expiration date is incomplete.",
      cvc: "Your card's security code is incomplete.",
    });
    const intent = { orderId: "00000000-0000-4000-8000-000000000000" };
    expect(fieldMessages(paymentIntentBodySchema, { ...intent, price: 20_000_000 })).toEqual({});
    expect(fieldMessages(paymentIntentBodySchema, { ...intent, price: 20_000_000.01 })).toEqual({
      price: "Maximum $20,000,000.00",
    });
    expect(fieldMessages(paymentIntentBodySchema, { ...intent, price: "12" })).toEqual({
      price: "price must be the order's total in dollars",
    });
  });
});
