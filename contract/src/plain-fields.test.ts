import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { emailField, signupFormSchema } from "./account.js";
import { companyAddressBodySchema, newCompanyBodySchema, priceListRowSchema } from "./company.js";
import { holdsControlCharacter } from "./control-characters.js";
import { creditNoteBodySchema } from "./credit-notes.js";
import { shipBodySchema } from "./order-admin.js";
import { isAtLeastOneCent } from "./positive-amount.js";
import { checkoutBodySchema } from "./pricing.js";
import { productBodySchema } from "./product.js";
import { profileBodySchema } from "./profile.js";
import { newQuoteBodySchema, quoteSendBodySchema } from "./quote.js";
import { paymentReceivedBodySchema } from "./receivables.js";
import { reviewBodySchema } from "./review.js";

/** Each field's messages for `body`, or undefined when it is taken. */
function messages(schema: z.ZodType, body: unknown): Record<string, string[]> | undefined {
  const result = schema.safeParse(body);
  if (result.success) return undefined;
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".");
    byField[field] = [...(byField[field] ?? []), issue.message];
  }
  return byField;
}

const payment = { amount: 100, receivedAt: "2026-01-02", reference: "TRF-1" };
const product = { name: "Tool", price: 10, quantity: 100, description: "A tool.", image: "/images/t.webp" };

describe("amounts that must be positive come to a cent at least", () => {
  it("isAtLeastOneCent: a cent and more is; what rounds to no cent is not", () => {
    expect([0.01, 0.005, 1, 100_000].map(isAtLeastOneCent)).toEqual([true, true, true, true]);
    expect([0, 1e-320, 1e-9, 0.004, -1].map(isAtLeastOneCent)).toEqual([false, false, false, false, false]);
  });

  it.each([1e-320, 1e-9, 0.004])("refuses %s with the field's message, and still takes whole cents", (tiny) => {
    // Among the field's messages (0.004 also has too many decimals); no other field's.
    const cent = (label: string) => expect.arrayContaining([`${label} must be at least $0.01`]);
    expect(messages(creditNoteBodySchema, { amount: tiny, reason: "Damaged" })).toEqual({ amount: cent("Amount") });
    expect(messages(paymentReceivedBodySchema, { ...payment, amount: tiny })).toEqual({ amount: cent("Amount") });
    const allocation = { orderId: "00000000-0000-4000-8000-000000000000", amount: tiny };
    expect(messages(paymentReceivedBodySchema, { ...payment, allocations: [allocation] })).toEqual({
      "allocations.0.amount": cent("Allocation"),
    });
    expect(messages(priceListRowSchema, { sku: "FL-1", unitPrice: tiny })).toEqual({
      unitPrice: cent("The unit price"),
    });
    expect(messages(productBodySchema, { ...product, price: tiny })).toEqual({ price: cent("Price") });
    const lines = [{ productId: "00000000-0000-4000-8000-000000000000", unitPrice: tiny }];
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    expect(messages(quoteSendBodySchema, { lines, expiresAt })).toEqual({
      "lines.0.unitPrice": cent("The unit price"),
    });
    expect(messages(creditNoteBodySchema, { amount: 0.01, reason: "Damaged" })).toBeUndefined();
    expect(messages(paymentReceivedBodySchema, { ...payment, amount: 0.1 + 0.2 })).toBeUndefined();
  });

  it("keeps the message of $0 and below", () => {
    expect(messages(creditNoteBodySchema, { amount: 0, reason: "Damaged" })).toEqual({
      amount: ["Amount must be more than $0"],
    });
    expect(messages(productBodySchema, { ...product, price: 0 })).toEqual({ price: ["Price must be more than $0"] });
  });
});

describe("text fields refuse control characters", () => {
  it("holdsControlCharacter: a line refuses every C0, DEL and C1 character; several lines keep \\n, \\r and \\t", () => {
    for (const control of ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\u009b"]) {
      expect(holdsControlCharacter(`a${control}b`, "one")).toBe(true);
      expect(holdsControlCharacter(`a${control}b`, "many")).toBe(true);
    }
    for (const lineBreak of ["\n", "\r", "\t"]) {
      expect(holdsControlCharacter(`a${lineBreak}b`, "one")).toBe(true);
      expect(holdsControlCharacter(`a${lineBreak}b`, "many")).toBe(false);
    }
    expect(holdsControlCharacter("Zürich – Ø 12 mm €", "one")).toBe(false);
  });

  it.each(["\u0000", "\u0007", "\n"])("one-line fields refuse %j, naming the field", (control) => {
    const text = `A${control}B`;
    expect(messages(paymentReceivedBodySchema, { ...payment, reference: text })).toEqual({
      reference: ["Reference cannot hold control characters"],
    });
    expect(messages(shipBodySchema, { carrier: text, trackingNumber: text })).toEqual({
      carrier: ["Carrier cannot hold control characters"],
      trackingNumber: ["Tracking number cannot hold control characters"],
    });
    expect(messages(newCompanyBodySchema, { name: text })).toEqual({
      name: ["Company name cannot hold control characters"],
    });
    expect(messages(productBodySchema, { ...product, name: text })).toEqual({
      name: ["Name cannot hold control characters"],
    });
    expect(messages(priceListRowSchema, { sku: text, unitPrice: 1 })).toEqual({
      sku: ["SKU cannot hold control characters"],
    });
    expect(
      messages(checkoutBodySchema, { phone: "5550100000", address: "1 Road", poNumber: text, expectedTotal: 0 }),
    ).toEqual({ poNumber: ["A PO number cannot hold control characters"] });
    // The sign-up form's name and every email, refused by the server (the sign-up page's light form leaves it to
    // the server: decision 057).
    const signup = { name: text, email: `a${control}b@example.com`, password: "secret-password" };
    expect(messages(signupFormSchema, signup)).toEqual({
      name: ["Name cannot hold control characters"],
      email: expect.arrayContaining(["Email cannot hold control characters"]),
    });
    expect(messages(emailField(), `a${control}b@example.com`)).toEqual({
      "": expect.arrayContaining(["Email cannot hold control characters"]),
    });
  });

  it("fields of several lines keep line breaks and refuse other control characters", () => {
    const profile = { name: "Pat", phone: "5550102000", fburl: "https://facebook.com/pat", image: "/images/p.webp" };
    expect(messages(profileBodySchema, { ...profile, address: "1 Main St\r\nSpringfield" })).toBeUndefined();
    expect(messages(profileBodySchema, { ...profile, address: "1 Main St\u0007" })).toEqual({
      address: ["Address cannot hold control characters"],
    });
    expect(
      messages(reviewBodySchema, { rating: 5, description: "Good.\n\tSolid.", image: "/images/r.webp" }),
    ).toBeUndefined();
    expect(messages(reviewBodySchema, { rating: 5, description: "Good.\u0000", image: "/images/r.webp" })).toEqual({
      description: ["Description cannot hold control characters"],
    });
    expect(messages(newQuoteBodySchema, { note: "Line 1\nLine 2\u0085" })).toEqual({
      note: ["A note cannot hold control characters"],
    });
    expect(
      messages(companyAddressBodySchema, { label: "Yard", address: "1 Road\n2 Road", phone: "5550100000" }),
    ).toBeUndefined();
  });
});
