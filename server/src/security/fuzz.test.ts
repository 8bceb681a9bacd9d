import { type Order, type Product, QUOTE_LIMITS } from "@forgeline/contract";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../audit/tables.js";
import { cartLines } from "../cart/tables.js";
import { companies, companyAddresses, companyInvitations, companyMembers, companyPrices } from "../company/tables.js";
import { idempotencyKeys } from "../idempotency/tables.js";
import { authUsers } from "../identity/tables.js";
import { savedLists } from "../lists/tables.js";
import { newsletterSubscribers } from "../newsletter/tables.js";
import { orderEvents, orderLines, orders } from "../ordering/tables.js";
import { paymentIntents, paymentRefunds } from "../payment/tables.js";
import { products, stockLevels, stockMovements, warehouses } from "../product/tables.js";
import { profiles } from "../profile/tables.js";
import { promotions } from "../promotion/tables.js";
import { quotes } from "../quote/tables.js";
import { recurringRuns, recurringSchedules } from "../recurring/tables.js";
import { reviews } from "../review/tables.js";
import { bearer, ORIGIN, signUp, type TestAccount, uniqueEmail } from "../test/accounts.js";
import { createTestApp } from "../test/test-app.js";
import { users } from "../user/tables.js";

/**
 * Property-based tests of the API with fast-check: valid bodies of random sizes carry real orders through
 * to payment, and the money and stock add up; hostile bodies (wrong types, huge strings, missing fields,
 * extra fields, prototype keys, broken JSON) are each a 400 that stores nothing. Every request comes from
 * its own client address, so the per-address limits (tested where they live) stay out of the way.
 */

const TABLES = {
  auditLog,
  authUsers,
  cartLines,
  companies,
  companyAddresses,
  companyInvitations,
  companyMembers,
  companyPrices,
  idempotencyKeys,
  orderLines,
  promotions,
  quotes,
  recurringRuns,
  recurringSchedules,
  savedLists,
  newsletterSubscribers,
  orderEvents,
  orders,
  paymentIntents,
  paymentRefunds,
  products,
  profiles,
  reviews,
  stockLevels,
  stockMovements,
  users,
  warehouses,
};

/** The caps of the contract, written out: $100,000.00 a piece, 1,000,000 in stock, 100-200 an order by default. */
const UNIT_PRICE_MAX_CENTS = 10_000_000;
const STOCK_MAX = 1_000_000;

let clientNumber = 0;
/** A fresh client address per request (10.x.y.z). */
function nextClientAddress(): string {
  clientNumber += 1;
  return `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
}

// Values of the wrong kind for a text field, and texts that no field takes.
const notText = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const blank = fc.constantFrom("", " ", "\t\n ");
/** A string longer than `max`, up to 200 000 characters (a body stays under the 1 MB limit). */
const longerThan = (max: number, unit = "x") =>
  fc
    .oneof(fc.integer({ min: max + 1, max: max + 50 }), fc.integer({ min: max + 1, max: 200_000 }))
    .map((n) => unit.repeat(n));
const textWithout = (character: string) =>
  fc.string({ minLength: 1, maxLength: 40 }).filter((text) => text.trim() !== "" && !text.includes(character));
const withLetter = fc.string({ minLength: 1, maxLength: 30 }).filter((text) => /[A-Za-z]/.test(text));
/** Whole numbers outside [min, max], and things that are no number at all. */
const notANumberIn = (min: number, max: number) =>
  fc.oneof(
    fc.integer({ min: -(2 ** 40), max: min - 1 }),
    fc.integer({ min: max + 1, max: 2 ** 53 }),
    fc.constantFrom(1e21, 2 ** 31, "lots", "", {}, []),
  );
const fraction = (min: number, max: number) => fc.integer({ min, max: max - 1 }).map((n) => n + 0.5);

const requiredText = (max: number) => fc.oneof(notText, blank, longerThan(max), fc.constant(undefined));
/** Not one of the company roles. */
const notARole = fc.oneof(
  fc.string({ maxLength: 12 }).filter((text) => !["owner", "buyer", "requester"].includes(text)),
  fc.integer(),
  fc.constantFrom(null, true, ["buyer"], "Owner", " buyer"),
);
/** Not a way to pay: neither "card" nor "invoice". */
const badPaymentMethod = fc.oneof(
  fc.string({ maxLength: 12 }).filter((text) => !["card", "invoice"].includes(text)),
  fc.integer(),
  fc.constantFrom(null, true, ["invoice"], "Invoice", " card"),
);
/** Not a sum of dollars: below 0, more than two decimals, or no number at all. */
const notMoney = (max: number) =>
  fc.oneof(
    fc.integer({ min: -(2 ** 40), max: -1 }),
    fc.double({ max: -0.01, noNaN: true, noDefaultInfinity: true }),
    fc
      .integer({ min: 1, max: 9_999_999 })
      .filter((n) => n % 10 !== 0)
      .map((n) => n / 1000),
    fc.integer({ min: max + 1, max: 2 ** 53 }),
    fc.constantFrom("12", "", true, [], {}, 1e21),
  );
/** More than $0 yet no cent once rounded (issue 45): an amount that must be positive refuses it. */
const noCent = fc.oneof(
  fc.constantFrom(1e-320, Number.MIN_VALUE, 1e-9, 0.001, 0.004),
  fc.double({ min: Number.MIN_VALUE, max: 0.0049, noNaN: true }),
);
/** Not a positive sum of dollars: `notMoney`, $0, or what comes to no cent. */
const notPositiveMoney = (max: number) => fc.oneof(notMoney(max), fc.constant(0), noCent);
/** Anything but an invoice number as the gapless sequence writes it (INV-2026-000001). */
const notInvoiceNumber = fc.oneof(
  fc.constantFrom(null, 7, "", "INV-1", "inv-2026-000001", "INV-2026-00001", "CN-000001"),
  fc.string({ maxLength: 20 }).filter((text) => !/^INV-\d{4}-\d{6,}$/.test(text)),
);
/** A text with a control character inside: C0, DEL and C1, and with `lines` "one" also line breaks and tabs. */
const withControl = (lines: "one" | "many") =>
  fc
    .tuple(
      fc.string({ maxLength: 10 }),
      fc.constantFrom(
        "\u0000",
        "\u0007",
        "\u001b[2J",
        "\u007f",
        "\u0085",
        "\u009b",
        ...(lines === "one" ? ["\n", "\r", "\t"] : []),
      ),
      fc.string({ maxLength: 10 }),
    )
    .map(([before, control, after]) => `x${before}${control}${after}x`);
/** A tax ID no field takes: too long, of other characters, or no text. */
const badTaxId = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  longerThan(32, "A"),
  fc.constantFrom("<script>", "DE;123", "1\u0000", "=1+2"),
);
const email = fc.oneof(notText, blank, textWithout("@"), longerThan(254));
const image = fc.oneof(notText, fc.constant(""), longerThan(200), fc.webUrl(), fc.constant(undefined));
const orderIdValue = fc.oneof(notText, textWithout("-"), fc.constant(undefined));
/** A text a field of at most `max` characters takes: short, of any length up to `max`, or exactly `max`. */
const withinLimit = (max: number) =>
  fc
    .oneof(
      fc.string({ minLength: 1, maxLength: 30 }),
      fc.string({ minLength: 1, maxLength: max, size: "max" }),
      fc.string({ minLength: max, maxLength: max }),
    )
    .filter((text) => text.trim() !== "");

/** An order change's lines that are refused whoever sends them (docs/decisions/072-order-changes.md, 078). */
const changeLines = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 10 }),
  fc.constantFrom(null, true, {}, [], undefined),
  fc.constant([{ productId: "00000000-0000-4000-8000-000000000000", quantity: 0 }]),
  fc.constant([{ productId: "not-an-id", quantity: 100 }]),
  fc.constant([{ productId: "00000000-0000-4000-8000-000000000000", quantity: -1 }]),
  fc.constant([{ productId: "00000000-0000-4000-8000-000000000000", quantity: 100.5 }]),
  fc.constant(
    Array.from({ length: 201 }, (_, n) => ({
      productId: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
      quantity: 100,
    })),
  ),
);
/** An order change applied: its lines, the revision it was made on and the total its preview showed. */
const changeApplied = {
  lines: changeLines,
  revision: fc.oneof(fc.integer({ max: -1 }), fc.constantFrom(0.5, "1", null, true, [], undefined)),
  expectedTotal: fc.oneof(
    fc.integer({ max: -1 }),
    fc.string({ maxLength: 5 }),
    fc.constantFrom(null, true, [], undefined, 1e13),
  ),
};

interface BodyRoute {
  method: "POST" | "PATCH" | "PUT";
  url: string;
  as: () => TestAccount | null;
  /** A body the route accepts. */
  valid: () => Record<string, unknown>;
  /** Per field, values the route must refuse with a 400 naming that field. */
  hostile: Record<string, fc.Arbitrary<unknown>>;
}

describe("fuzzing the API", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let customer: TestAccount;
  let admin: TestAccount;
  let product: Product;

  beforeAll(async () => {
    ctx = await createTestApp({ seed: true });
    customer = await signUp(ctx.app, { name: "Fuzz Customer" });
    admin = await signUp(ctx.app, { admin: true });
    [product] = (await ctx.app.inject({ method: "GET", url: "/api/product?limit=1" })).json<Product[]>() as [Product];
  });
  afterAll(() => ctx.close());

  /** Every table's rows counted in one statement: a property asks it twice per run, hundreds of runs. */
  const counts = async () => {
    const each = Object.entries(TABLES).map(
      ([name, table]) => sql`(select count(*)::int from ${table}) as ${sql.identifier(name)}`,
    );
    const result = await ctx.db.execute(sql`select ${sql.join(each, sql`, `)}`);
    return (result as unknown as { rows: Record<string, number>[] }).rows[0];
  };

  /** One request from a new client address; `json` is sent as it is, so it may be broken on purpose. */
  const call = (
    method: InjectOptions["method"],
    url: string,
    account: TestAccount | null,
    body?: { json: string } | object,
  ) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: nextClientAddress(),
      headers: {
        ...ORIGIN,
        ...(account ? bearer(account.token) : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { payload: "json" in body ? body.json : JSON.stringify(body) }),
    });

  describe("valid bodies of random sizes: real orders, real payments", () => {
    const contact = fc.record({
      phone: fc.stringMatching(/^\+?[0-9][0-9 -]{5,18}[0-9]$/),
      address: withinLimit(500),
    });
    /** Fields the client may add; the server must ignore every one of them. */
    const strays = fc.record(
      {
        price: fc.double({ noNaN: true }),
        unitPrice: fc.double({ noNaN: true }),
        totalCents: fc.integer(),
        paid: fc.boolean(),
        userName: fc.string(),
        transactionId: fc.string(),
      },
      { requiredKeys: [] },
    );
    const priceCents = fc.oneof(
      fc.integer({ min: 1, max: UNIT_PRICE_MAX_CENTS }),
      fc.constantFrom(1, 99, 100, UNIT_PRICE_MAX_CENTS - 1, UNIT_PRICE_MAX_CENTS),
    );
    const stock = fc.oneof(
      fc.integer({ min: 100, max: 250 }),
      fc.integer({ min: 100, max: STOCK_MAX }),
      fc.constant(STOCK_MAX),
    );

    it("an admin adds a tool at a random price and stock; a customer orders 100-200 and pays; it all adds up", async () => {
      // The demo promotions apply: 30% off until the customer's first order is paid, 40% from 200 pieces.
      let firstOrderUsed = false;
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            name: withinLimit(200),
            description: withinLimit(2000),
            priceCents,
            stock,
            quantity: fc.integer({ min: 100, max: 200 }),
            contact,
            strays,
            declinedFirst: fc.boolean(),
          }),
          async ({ name, description, priceCents, stock, quantity, contact, strays, declinedFirst }) => {
            const added = await call("POST", "/api/product", admin, {
              name,
              price: priceCents / 100,
              quantity: stock,
              description,
              image: "/images/fuzz.webp",
            });
            expect(added.statusCode).toBe(201);
            const productId: string = added.json().insertedId;
            const shown = (await call("GET", `/api/product/${productId}`, null)).json<Product>();
            expect(shown).toEqual({
              _id: productId,
              name: name.trim(),
              price: priceCents / 100,
              quantity: stock,
              image: "/images/fuzz.webp",
              description: description.trim(),
              sku: expect.stringMatching(/^[A-Z0-9-]{3,32}$/),
              quantityRule: { min: 100, max: 200, step: 1 },
              tiers: [],
              lowStockThreshold: null,
              backorders: { allowed: false, expectedAt: null, leadDays: null },
            });

            const before = await counts();
            const placed = await call("POST", "/api/ordering", customer, {
              ...strays,
              orderId: productId,
              quantity,
              ...contact,
            });
            if (quantity > stock) {
              expect(placed.statusCode).toBe(400);
              const message = `Only ${stock} pieces of ${name.trim()} are in stock`;
              expect(placed.json().errors).toEqual([{ field: "quantity", message }]);
              expect(await counts()).toEqual(before);
              return;
            }
            expect(placed.statusCode).toBe(201);
            const orderId: string = placed.json().insertedId;
            const subtotalCents = priceCents * quantity;
            const percent = Math.max(quantity >= 200 ? 40 : 0, firstOrderUsed ? 0 : 30);
            // Half up: (subtotal × percent + 50) / 100, in whole cents.
            const discountCents = Math.floor((subtotalCents * percent + 50) / 100);
            const totalCents = subtotalCents - discountCents;
            const view = () => call("GET", `/api/ordering/${orderId}`, customer);
            expect((await view()).json<Order>()).toMatchObject({
              orderId: productId,
              order: name.trim(),
              unitPrice: priceCents / 100,
              quantity,
              subtotal: subtotalCents / 100,
              discount: discountCents / 100,
              price: totalCents / 100,
              userEmail: customer.email,
              userName: "Fuzz Customer",
              phone: contact.phone.trim(),
              address: contact.address.trim(),
              paid: false,
            });
            const again = await call("POST", "/api/ordering", customer, { orderId: productId, quantity, ...contact });
            expect(again.statusCode).toBe(200);
            expect(again.json()).toEqual({ success: false, insertedId: null });

            const intent = (price: number) => call("POST", "/api/create-payment-intent", customer, { orderId, price });
            expect((await intent(totalCents / 100 + 0.01)).statusCode).toBe(400);
            const opened = await intent(totalCents / 100);
            expect(opened.statusCode).toBe(200);
            const confirm = (cardNumber: string) =>
              call("POST", "/api/payments/test/confirm", customer, {
                clientSecret: opened.json().clientSecret,
                cardNumber,
                expiry: "12/34",
                cvc: "123",
              });
            if (declinedFirst) {
              const declined = await confirm("4000000000000002");
              expect(declined.statusCode).toBe(402);
              expect(declined.json().message).toBe("Your card was declined.");
              expect((await view()).json<Order>().paid).toBe(false);
              expect((await call("GET", `/api/product/${productId}`, null)).json<Product>().quantity).toBe(stock);
            }
            const paid = await confirm("4242424242424242");
            expect(paid.statusCode).toBe(200);
            expect(paid.json()).toEqual({ status: "succeeded", transactionId: expect.any(String) });
            firstOrderUsed = true;

            expect((await view()).json<Order>()).toMatchObject({ paid: true, price: totalCents / 100 });
            const after = (await call("GET", `/api/product/${productId}`, null)).json<Product>();
            expect(after.quantity).toBe(stock - quantity);
            expect((await intent(totalCents / 100)).statusCode).toBe(409);
          },
        ),
        { numRuns: 30 },
      );
      // Every stored order adds up: its lines, less the discount, plus the tax; each line its unit price × pieces.
      const lines = await ctx.db.select().from(orderLines);
      for (const row of await ctx.db.select().from(orders)) {
        const own = lines.filter((line) => line.orderId === row.id);
        expect(row.subtotalCents).toBe(own.reduce((sum, line) => sum + line.totalCents, 0));
        expect(row.discountCents).toBe(own.reduce((sum, line) => sum + line.discountCents, 0));
        expect(row.totalCents).toBe(row.subtotalCents - row.discountCents + row.taxCents);
        for (const line of own) expect(line.totalCents).toBe(line.unitCents * line.quantity);
      }
    }, 120_000);

    it("profiles of random sizes are stored as sent, trimmed", async () => {
      const owner = await signUp(ctx.app);
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            name: withinLimit(100),
            phone: fc.stringMatching(/^[0-9]{7,15}$/),
            fburl: fc
              .string({ minLength: 1, maxLength: 279 })
              .map((path) => `https://facebook.com/${path.replace(/\s/g, "p")}`),
            address: withinLimit(500),
            image: fc.stringMatching(/^\/images\/[A-Za-z0-9._-]{1,190}$/),
          }),
          async (profile) => {
            const saved = await call("POST", "/api/profile", owner, profile);
            expect(saved.statusCode).toBe(200);
            const [stored] = (await call("GET", "/api/profile", owner)).json();
            expect(stored).toEqual({
              _id: saved.json().insertedId,
              ...profile,
              name: profile.name.trim(),
              address: profile.address.trim(),
              email: owner.email,
            });
          },
        ),
        { numRuns: 25 },
      );
    });

    it("reviews of random sizes are stored under the account's name (5, the hourly allowance)", async () => {
      const reviewer = await signUp(ctx.app, { name: "Fuzz Reviewer" });
      await fc.assert(
        fc.asyncProperty(
          fc.record({ rating: fc.integer({ min: 1, max: 5 }), description: withinLimit(1000), name: fc.string() }),
          async (review) => {
            const posted = await call("POST", "/api/review", reviewer, { ...review, image: "/images/fuzz.webp" });
            expect(posted.statusCode).toBe(201);
            const [mine] = (await call("GET", `/api/review?limit=1&email=${reviewer.email}`, reviewer)).json();
            expect(mine).toMatchObject({
              name: "Fuzz Reviewer",
              rating: review.rating,
              description: review.description.trim(),
            });
          },
        ),
        { numRuns: 5 },
      );
    });
  });

  describe("hostile bodies: each an exact 400, nothing stored", () => {
    const card = { clientSecret: "pi_test_x_secret_y", cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" };
    const ROUTES: BodyRoute[] = [
      {
        method: "POST",
        url: "/api/newsletter",
        as: () => null,
        valid: () => ({ email: uniqueEmail("news") }),
        hostile: { email: fc.oneof(email, fc.constant(undefined)) },
      },
      {
        method: "POST",
        url: "/api/product",
        as: () => admin,
        valid: () => ({ name: "Tool", price: 10, quantity: 100, description: "A tool.", image: "/images/t.webp" }),
        hostile: {
          name: fc.oneof(requiredText(200), withControl("one")),
          price: fc.oneof(
            notANumberIn(1, 100_000),
            fc.constant(0),
            noCent,
            fc
              .integer({ min: 1, max: 99_999_999 })
              .filter((n) => n % 10 !== 0)
              .map((n) => n / 1000),
            fc.constant(100_000.01),
            fc.constant(undefined),
          ),
          quantity: fc.oneof(notANumberIn(100, STOCK_MAX), fraction(100, 1000), fc.constant(true)),
          description: fc.oneof(requiredText(2000), withControl("many")),
          image,
          sku: fc.oneof(fc.integer(), fc.constantFrom("AB", "FL PRY", "fl_pry", "Ä-12"), longerThan(32, "A")),
          quantityRule: fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constantFrom(null, true, [])),
          tiers: fc.oneof(
            fc.integer(),
            fc.string({ maxLength: 5 }),
            fc.constantFrom(null, true, {}),
            fc.constant([1, 2, 3, 4, 5, 6].map((n) => ({ minQuantity: 100 + n, unitPrice: 9 - n }))),
          ),
        },
      },
      {
        method: "PUT",
        url: "/api/cart/lines/00000000-0000-4000-8000-000000000000",
        as: () => customer,
        valid: () => ({ quantity: 100 }),
        hostile: {
          quantity: fc.oneof(
            fc.integer({ max: 0 }),
            fc.integer({ min: 100_001, max: 2 ** 53 }),
            fraction(100, 200),
            fc.constantFrom(true, null, "lots", "", [], {}, undefined),
          ),
        },
      },
      {
        method: "POST",
        url: "/api/pricing/quote",
        as: () => customer,
        valid: () => ({ lines: [{ productId: product._id, quantity: 100 }] }),
        hostile: {
          lines: fc.oneof(
            fc.integer(),
            fc.string({ maxLength: 10 }),
            fc.constantFrom(null, true, {}, [], undefined),
            fc.constant(
              Array.from({ length: 101 }, () => ({ productId: "00000000-0000-4000-8000-000000000000", quantity: 100 })),
            ),
          ),
        },
      },
      // A change of an order (docs/decisions/072-order-changes.md): the body is refused before any order is read.
      {
        method: "POST",
        url: "/api/ordering/00000000-0000-4000-8000-000000000000/changes/preview",
        as: () => customer,
        valid: () => ({ lines: [{ productId: product._id, quantity: 100 }] }),
        hostile: {
          lines: changeLines,
        },
      },
      {
        method: "POST",
        url: "/api/ordering/00000000-0000-4000-8000-000000000000/changes",
        as: () => customer,
        valid: () => ({ lines: [{ productId: product._id, quantity: 100 }], revision: 0, expectedTotal: 0 }),
        hostile: changeApplied,
      },
      // An admin's change (docs/decisions/078-admins-change-orders.md): the buyer's bodies, refused alike.
      {
        method: "POST",
        url: "/api/admin/orders/00000000-0000-4000-8000-000000000000/changes/preview",
        as: () => admin,
        valid: () => ({ lines: [{ productId: product._id, quantity: 100 }] }),
        hostile: { lines: changeLines },
      },
      {
        method: "POST",
        url: "/api/admin/orders/00000000-0000-4000-8000-000000000000/changes",
        as: () => admin,
        valid: () => ({ lines: [{ productId: product._id, quantity: 100 }], revision: 0, expectedTotal: 0 }),
        hostile: changeApplied,
      },
      ...(["accept", "decline"] as const).map(
        (decision): BodyRoute => ({
          method: "POST",
          url: `/api/ordering/00000000-0000-4000-8000-000000000000/proposed-change/${decision}`,
          as: () => customer,
          valid: () => ({ changeId: "00000000-0000-4000-8000-000000000001" }),
          hostile: { changeId: fc.oneof(notText, fc.constantFrom("", "not-a-uuid", "00000000-0000-4000-8000")) },
        }),
      ),
      {
        method: "POST",
        url: "/api/cart/import",
        as: () => customer,
        valid: () => ({ text: "NO-SUCH-SKU;100" }),
        hostile: {
          text: fc.oneof(
            fc.integer(),
            fc.constantFrom(null, true, [], {}, undefined, "FL-1,100\u0000", "\u0007\u0001binary", ""),
            fc.constant("A".repeat(256 * 1024 + 1)),
          ),
        },
      },
      {
        method: "POST",
        url: "/api/cart/checkout",
        as: () => customer,
        valid: () => ({ phone: "5550100000", address: "1 Yard Road", poNumber: "PO-1", expectedTotal: 0 }),
        hostile: {
          phone: fc.oneof(notText, blank, withLetter, longerThan(20, "5"), fc.constant("123")),
          address: fc.oneof(requiredText(500), withControl("many")),
          poNumber: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), longerThan(35), withControl("one")),
          expectedTotal: fc.oneof(
            fc.integer({ max: -1 }),
            fc.string({ maxLength: 5 }),
            fc.constantFrom(null, true, [], undefined, 1e13),
          ),

          paymentMethod: badPaymentMethod,
          shipping: fc.oneof(notText, fc.constantFrom("all", "COMPLETE", "", null)),
        },
      },
      {
        method: "POST",
        url: "/api/lists",
        as: () => customer,
        valid: () => ({ name: "Fuzz list", lines: [{ sku: "NO-SUCH-SKU", quantity: 100 }] }),
        hostile: {
          name: fc.oneof(requiredText(80), withControl("one")),
          shared: fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)),
          lines: fc.oneof(
            fc.integer(),
            fc.constantFrom(
              null,
              true,
              {},
              [],
              undefined,
              [{ sku: "AB", quantity: 100 }],
              [{ sku: "FL-1", quantity: 0 }],
            ),
            fc.constant(Array.from({ length: 201 }, (_, index) => ({ sku: `FUZZ-${index}`, quantity: 100 }))),
          ),
        },
      },
      {
        method: "PATCH",
        url: "/api/lists/00000000-0000-4000-8000-000000000000",
        as: () => customer,
        valid: () => ({ name: "Fuzz list" }),
        hostile: {
          name: fc.oneof(notText, blank, longerThan(80), withControl("one")),
          shared: fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)),
          lines: fc.oneof(fc.integer(), fc.constantFrom(null, true, {}, [], [{ sku: "FL-1", quantity: 1.5 }])),
        },
      },
      {
        method: "POST",
        url: "/api/lists/00000000-0000-4000-8000-000000000000/import",
        as: () => customer,
        valid: () => ({ text: "NO-SUCH-SKU;100" }),
        hostile: {
          text: fc.oneof(
            fc.integer(),
            fc.constantFrom(null, true, [], {}, undefined),
            fc.constant("A".repeat(256 * 1024 + 1)),
          ),
        },
      },
      {
        method: "POST",
        url: "/api/recurring",
        as: () => customer,
        valid: () => ({
          from: { listId: "00000000-0000-4000-8000-000000000000" },
          every: { weeks: 1 },
          startsOn: "2040-01-01",
          phone: "5550100000",
          address: "1 Yard Road",
        }),
        hostile: {
          from: fc.constantFrom(
            null,
            true,
            "list",
            {},
            { listId: "x" },
            { listId: "00000000-0000-4000-8000-000000000000", orderId: "00000000-0000-4000-8000-000000000000" },
            undefined,
          ),
          every: fc.constantFrom(
            null,
            "weekly",
            {},
            { weeks: 0 },
            { weeks: 53 },
            { weeks: 1.5 },
            { months: 1 },
            { months: 1, day: 0 },
            { months: 0, day: 5 },
            { months: 1, day: 32 },
            { weeks: 1, day: 5 },
            undefined,
          ),
          startsOn: fc.constantFrom(
            null,
            true,
            20400101,
            "",
            "tomorrow",
            "2040-13-01",
            "2040-02-30",
            "2040-1-1",
            undefined,
          ),
          phone: fc.oneof(notText, blank, withLetter, longerThan(20, "5"), fc.constant("123")),
          address: fc.oneof(notText, blank, longerThan(500), withControl("many")),
          addressId: fc.oneof(fc.integer(), fc.constantFrom("not-an-id", true)),
          poNumber: fc.oneof(fc.integer(), fc.boolean(), longerThan(35), withControl("one")),
          paymentMethod: badPaymentMethod,
        },
      },
      {
        method: "POST",
        url: "/api/quotes",
        as: () => customer,
        valid: () => ({ note: "Price these" }),
        hostile: {
          note: fc.oneof(fc.integer(), fc.constantFrom(null, true, [], {}), withControl("many"), longerThan(2000)),
        },
      },
      {
        method: "POST",
        url: "/api/quotes/00000000-0000-4000-8000-000000000000/accept",
        as: () => customer,
        valid: () => ({ phone: "5550100000", address: "1 Yard Road", revision: 1 }),
        hostile: {
          phone: fc.oneof(notText, blank, withLetter, longerThan(20, "5"), fc.constant("123")),
          address: fc.oneof(notText, longerThan(500), withControl("many")),
          poNumber: fc.oneof(fc.integer(), fc.boolean(), longerThan(35), withControl("one")),
          addressId: fc.oneof(fc.integer(), fc.constantFrom("not-an-id", true)),
          revision: fc.constantFrom(0, -1, 1.5, "1", null, true, [], {}),
          paymentMethod: badPaymentMethod,
        },
      },
      {
        method: "POST",
        url: "/api/admin/quotes/00000000-0000-4000-8000-000000000000/send",
        as: () => admin,
        valid: () => ({
          lines: [{ productId: "00000000-0000-4000-8000-000000000000", unitPrice: 5 }],
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          note: "Ours",
        }),
        hostile: {
          lines: fc.oneof(
            fc.integer(),
            fc.constantFrom(null, true, {}, [], undefined),
            fc.constant(
              Array.from({ length: 101 }, () => ({ productId: "00000000-0000-4000-8000-000000000000", unitPrice: 5 })),
            ),
            notPositiveMoney(QUOTE_LIMITS.maxUnitPrice).map((unitPrice) => [
              { productId: "00000000-0000-4000-8000-000000000000", unitPrice },
            ]),
          ),
          expiresAt: fc.oneof(
            fc.integer(),
            fc.constantFrom(null, true, "tomorrow", "2020-01-01T00:00:00Z", "2026-13-45T00:00:00Z", undefined),
          ),
          note: fc.oneof(fc.integer(), withControl("many"), longerThan(2000)),
          confirmDearer: fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constantFrom(null, [], {})),
        },
      },
      {
        method: "POST",
        url: "/api/admin/quotes/00000000-0000-4000-8000-000000000000/preview",
        as: () => admin,
        valid: () => ({ lines: [{ productId: "00000000-0000-4000-8000-000000000000", unitPrice: 5 }] }),
        hostile: {
          lines: fc.oneof(
            fc.integer(),
            fc.constantFrom(null, true, {}, [], undefined),
            fc.constant(
              Array.from({ length: 101 }, () => ({ productId: "00000000-0000-4000-8000-000000000000", unitPrice: 5 })),
            ),
          ),
        },
      },
      {
        method: "POST",
        url: "/api/admin/promotions",
        as: () => admin,
        valid: () => ({ name: "Fuzz promotion", percent: 10, minPieces: 9_000_000 }),
        hostile: {
          name: fc.oneof(requiredText(120), withControl("one")),
          percent: fc.oneof(notANumberIn(1, 90), fraction(1, 90), fc.constant(undefined)),
          firstOrder: fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)),
          minPieces: fc.oneof(notANumberIn(1, 10_000_000), fraction(1, 1000)),
          startsAt: fc.oneof(fc.integer(), fc.boolean(), fc.constantFrom("tomorrow", "2026-13-45T00:00:00Z", "")),
          active: fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)),
        },
      },
      {
        method: "POST",
        url: "/api/admin/warehouses",
        as: () => admin,
        valid: () => ({ code: "FUZZ", name: "Fuzz depot", address: "1 Depot Lane" }),
        hostile: {
          code: fc.oneof(notText, blank, fc.constantFrom("x", "A B", "ÄÖ"), longerThan(16), fc.constant(undefined)),
          name: fc.oneof(requiredText(120), withControl("one")),
          address: requiredText(500),
          active: fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)),
        },
      },
      {
        method: "PATCH",
        url: "/api/admin/warehouses/00000000-0000-4000-8000-000000000000",
        as: () => admin,
        valid: () => ({ name: "Fuzz depot" }),
        hostile: {
          code: fc.oneof(notText, blank, fc.constantFrom("x", "A B"), longerThan(16)),
          name: fc.oneof(notText, blank, longerThan(120), withControl("one")),
          active: fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)),
        },
      },
      {
        method: "POST",
        url: "/api/admin/stock/movements",
        as: () => admin,
        valid: () => ({
          productId: "00000000-0000-4000-8000-000000000000",
          warehouseId: "00000000-0000-4000-8000-000000000000",
          quantity: 5,
          kind: "received",
        }),
        hostile: {
          productId: orderIdValue,
          warehouseId: orderIdValue,
          quantity: fc.oneof(notANumberIn(0, STOCK_MAX), fraction(0, 1000), fc.constant(undefined)),
          kind: fc.oneof(notText, fc.constantFrom("allocated", "shipped", "RECEIVED", ""), fc.constant(undefined)),
          reason: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), longerThan(300)),
        },
      },
      {
        method: "PATCH",
        url: "/api/admin/promotions/00000000-0000-4000-8000-000000000000",
        as: () => admin,
        valid: () => ({ percent: 10 }),
        hostile: {
          percent: fc.oneof(notANumberIn(1, 90), fraction(1, 90), fc.constant(null)),
          name: fc.oneof(notText, blank, longerThan(120), withControl("one")),
          endsAt: fc.oneof(fc.integer(), fc.boolean(), fc.constantFrom("soon", "2026-02-30")),
        },
      },
      {
        method: "PATCH",
        // Any product id will do: the body is refused before the product is looked up.
        url: "/api/product/00000000-0000-4000-8000-000000000000",
        as: () => admin,
        valid: () => ({ name: "Tool", price: 10, quantity: 0, description: "A tool.", image: "/images/t.webp" }),
        // Every field may be left out; one that is sent follows Add Product's rule, the stock a whole number from 0.
        hostile: {
          name: fc.oneof(notText, blank, longerThan(200), withControl("one")),
          price: fc.oneof(
            notANumberIn(1, 100_000),
            fc.constant(0),
            noCent,
            fc
              .integer({ min: 1, max: 99_999_999 })
              .filter((n) => n % 10 !== 0)
              .map((n) => n / 1000),
            fc.constant(100_000.01),
            fc.constantFrom(null, true, [5], { value: 5 }),
          ),
          quantity: fc.oneof(notANumberIn(0, STOCK_MAX), fraction(0, 1000), fc.constantFrom(null, true, false, [7])),
          // A whole number of pieces from 0, or null for the default; nothing else.
          lowStockThreshold: fc.oneof(
            notANumberIn(0, STOCK_MAX),
            fraction(0, 1000),
            fc.constantFrom(true, false, [7], "", { value: 5 }),
          ),
          description: fc.oneof(notText, blank, longerThan(2000), withControl("many")),
          image: fc.oneof(notText, fc.constant(""), longerThan(200), fc.webUrl()),
          // Backorders: `allowed` true or false, a lead time of 1 to 365 whole days, a day not in the past.
          backorders: fc.oneof(
            fc.constantFrom(null, true, "yes", [], {}),
            fc.record({ allowed: fc.constantFrom("yes", 1, null) }),
            fc.record({
              allowed: fc.boolean(),
              leadDays: fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 366 }), fraction(1, 365), fc.constant("7")),
            }),
            fc.record({
              allowed: fc.boolean(),
              expectedAt: fc.constantFrom("2020-01-01", "soon", "2026-02-30", "", 20270101),
            }),
          ),
        },
      },
      {
        method: "POST",
        url: "/api/review",
        as: () => customer,
        valid: () => ({ rating: 5, description: "Good.", image: "/images/r.webp" }),
        hostile: {
          rating: fc.oneof(notANumberIn(1, 5), fraction(1, 5), fc.constant(undefined)),
          description: fc.oneof(requiredText(1000), withControl("many")),
          image,
        },
      },
      {
        method: "POST",
        url: "/api/profile",
        as: () => customer,
        valid: () => ({
          name: "Pat",
          phone: "5550102000",
          fburl: "https://facebook.com/pat",
          address: "1 Main Street",
          image: "/images/p.webp",
        }),
        hostile: {
          name: fc.oneof(requiredText(100), withControl("one")),
          email,
          phone: fc.oneof(notText, blank, withLetter, longerThan(15, "5"), fc.constant("123456")),
          fburl: fc.oneof(
            notText,
            blank,
            fc.webUrl().filter((url) => !/facebook|fb\.com/i.test(url)),
            longerThan(300 - 21).map((path) => `https://facebook.com/${path}`),
            withControl("one").map((path) => `https://facebook.com/${path}`),
          ),
          address: fc.oneof(requiredText(500), withControl("many")),
          image,
        },
      },
      {
        method: "POST",
        url: "/api/ordering",
        as: () => customer,
        valid: () => ({ orderId: product._id, quantity: 100, phone: "5550100000", address: "1 Yard Road" }),
        hostile: {
          orderId: orderIdValue,
          quantity: fc.oneof(notANumberIn(100, 200), fraction(100, 200), fc.constant(true)),
          phone: fc.oneof(notText, blank, withLetter, longerThan(20, "5"), fc.constant("123")),
          address: fc.oneof(requiredText(500), withControl("many")),
          userEmail: email,
          poNumber: fc.oneof(fc.integer(), fc.boolean(), longerThan(35), withControl("one")),
          addressId: fc.oneof(fc.integer(), fc.constantFrom("not-an-id", true)),
          paymentMethod: badPaymentMethod,
        },
      },
      {
        method: "POST",
        url: "/api/create-payment-intent",
        as: () => customer,
        valid: () => ({ orderId: "00000000-0000-4000-8000-000000000000", price: 10 }),
        hostile: {
          orderId: orderIdValue,
          price: fc.oneof(
            fc.integer({ max: 0 }),
            fc.double({ min: 20_000_000.01, noNaN: true, noDefaultInfinity: true }),
            fc.string(),
            fc.constantFrom(null, true, {}, [], undefined),
          ),
        },
      },
      {
        method: "POST",
        url: "/api/payments/test/confirm",
        as: () => customer,
        valid: () => card,
        hostile: {
          clientSecret: fc.oneof(notText, fc.constant(""), longerThan(200), fc.constant(undefined)),
          cardNumber: fc.oneof(notText, fc.constant(""), longerThan(30, "4"), fc.constant(undefined)),
          expiry: fc.oneof(notText, fc.constant(""), longerThan(10, "1"), fc.constant(undefined)),
          cvc: fc.oneof(notText, fc.constant(""), longerThan(6, "1"), fc.constant(undefined)),
        },
      },
      {
        method: "POST",
        // Any order id will do: the body is refused before the order is looked up.
        url: "/api/admin/orders/00000000-0000-4000-8000-000000000000/ship",
        as: () => admin,
        valid: () => ({ carrier: "DHL", trackingNumber: "00340434", trackingUrl: "https://dhl.com/t/1" }),
        hostile: {
          carrier: fc.oneof(requiredText(100), withControl("one")),
          trackingNumber: fc.oneof(requiredText(100), withControl("one")),
          trackingUrl: fc.oneof(
            notText,
            blank,
            fc.webUrl().filter((url) => !url.startsWith("https://")),
            fc.constantFrom("javascript:alert(1)", "data:text/html,x", "//dhl.com/t"),
            longerThan(500).map((path) => `https://dhl.com/${path}`),
          ),
        },
      },
      {
        method: "POST",
        // Any order id will do: the body is refused before the order or the warehouse is looked up.
        url: "/api/admin/orders/00000000-0000-4000-8000-000000000000/shipments",
        as: () => admin,
        valid: () => ({
          warehouseId: "00000000-0000-4000-8000-000000000000",
          lines: [{ productId: "00000000-0000-4000-8000-000000000001", quantity: 10 }],
          carrier: "DHL",
          trackingNumber: "00340434",
        }),
        hostile: {
          warehouseId: fc.oneof(notText, fc.constantFrom("", "not-a-uuid", undefined)),
          lines: fc.oneof(
            fc.integer(),
            fc.string({ maxLength: 10 }),
            fc.constantFrom(null, true, {}, [], undefined),
            fc
              .constantFrom(0, -1, 1.5, "3", null, 1_000_001)
              .map((quantity) => [{ productId: "00000000-0000-4000-8000-000000000001", quantity }]),
            fc.constant([{ productId: "nope", quantity: 1 }]),
            fc.constant([
              { productId: "00000000-0000-4000-8000-000000000001", quantity: 1 },
              { productId: "00000000-0000-4000-8000-000000000001", quantity: 2 },
            ]),
            fc.constant(
              Array.from({ length: 201 }, () => ({ productId: "00000000-0000-4000-8000-000000000001", quantity: 1 })),
            ),
          ),
          carrier: fc.oneof(requiredText(100), withControl("one")),
          trackingNumber: fc.oneof(requiredText(100), withControl("one")),
        },
      },
      {
        method: "POST",
        url: "/api/admin/orders/00000000-0000-4000-8000-000000000000/refund",
        as: () => admin,
        valid: () => ({ restock: true }),
        hostile: {
          restock: fc.oneof(
            fc.integer(),
            fc.string({ maxLength: 10 }),
            fc.constantFrom(null, undefined, "true", 1, 0),
            fc.array(fc.boolean(), { maxLength: 2 }),
          ),
        },
      },
      {
        method: "POST",
        // Amount and restock may be left out (all that is left, no restock), the reason not; what is sent must be right.
        url: "/api/admin/orders/00000000-0000-4000-8000-000000000000/credit-notes",
        as: () => admin,
        valid: () => ({ amount: 100, restock: false, reason: "Damaged in transit", invoiceNumber: "INV-2026-000001" }),
        hostile: {
          reason: fc.oneof(requiredText(200), withControl("one")),
          // The invoice it is against (decision 077): a number as the sequence writes it, or left out.
          invoiceNumber: notInvoiceNumber,
          amount: fc.oneof(notPositiveMoney(100_000_000), fc.constant(null)),
          restock: fc.oneof(
            fc.integer(),
            fc.string({ maxLength: 10 }),
            fc.constantFrom(null, "true", 1, 0),
            fc.array(fc.boolean(), { maxLength: 2 }),
          ),
        },
      },
      {
        method: "POST",
        url: "/api/companies",
        as: () => customer,
        valid: () => ({ name: "Fuzz Fabrication", taxId: "DE 123/456" }),
        hostile: { name: fc.oneof(requiredText(100), withControl("one")), taxId: badTaxId },
      },
      {
        method: "PATCH",
        // Any company id will do: the body is refused before the company is looked up.
        url: "/api/companies/00000000-0000-4000-8000-000000000000",
        as: () => customer,
        valid: () => ({ name: "Fuzz Fabrication", poRequired: true, billingAddress: "9 Ledger Lane" }),
        hostile: {
          name: fc.oneof(notText, blank, longerThan(100), withControl("one")),
          poRequired: fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constantFrom(null, "true", [true])),
          // Blank or null is no billing address, so neither is hostile.
          billingAddress: fc.oneof(
            notText.filter((value) => value !== null),
            longerThan(500),
            withControl("many"),
          ),
        },
      },
      {
        method: "PATCH",
        url: "/api/companies/00000000-0000-4000-8000-000000000000/members/someone@example.com",
        as: () => customer,
        valid: () => ({ role: "buyer", monthlyLimit: 5000 }),
        hostile: { role: notARole, monthlyLimit: notMoney(10_000_000) },
      },
      {
        method: "POST",
        url: "/api/companies/00000000-0000-4000-8000-000000000000/invitations",
        as: () => customer,
        valid: () => ({ email: "invited@example.com", role: "requester" }),
        hostile: { email: fc.oneof(email, fc.constant(undefined)), role: fc.oneof(notARole, fc.constant(undefined)) },
      },
      {
        method: "POST",
        url: "/api/companies/00000000-0000-4000-8000-000000000000/addresses",
        as: () => customer,
        valid: () => ({ label: "Main yard", address: "1 Forge Lane", phone: "5550100000" }),
        hostile: {
          label: fc.oneof(requiredText(60), withControl("one")),
          address: fc.oneof(requiredText(500), withControl("many")),
          phone: fc.oneof(notText, blank, withLetter, longerThan(20, "5"), fc.constant("123")),
        },
      },
      {
        method: "POST",
        url: "/api/admin/companies/00000000-0000-4000-8000-000000000000/payments",
        as: () => admin,
        valid: () => ({ amount: 100, receivedAt: "2026-01-02", reference: "TRF-1" }),
        hostile: {
          amount: notPositiveMoney(100_000_000),
          receivedAt: fc.oneof(notText, fc.constantFrom("2026-02-30", "02/01/2026", "2999-01-01", "0000-01-01", "")),
          reference: fc.oneof(requiredText(100), withControl("one")),
          allocations: fc.oneof(
            fc.constantFrom(null, true, "all", {}),
            fc.array(fc.record({ orderId: fc.constantFrom("not-an-id", 7), amount: fc.constant(1) }), { minLength: 1 }),
            fc.array(fc.record({ orderId: fc.uuid({ version: 4 }), amount: notPositiveMoney(100_000_000) }), {
              minLength: 1,
            }),
            fc.array(
              fc.record({ orderId: fc.uuid({ version: 4 }), invoiceNumber: notInvoiceNumber, amount: fc.constant(1) }),
              { minLength: 1 },
            ),
          ),
        },
      },
      {
        method: "PATCH",
        url: "/api/admin/companies/00000000-0000-4000-8000-000000000000",
        as: () => admin,
        valid: () => ({ paymentTerms: { netDays: 30, creditLimit: 50_000 } }),
        hostile: {
          paymentTerms: fc.oneof(
            fc.constantFrom(undefined, true, 30, "net 30", [], {}),
            fc.record({
              netDays: fc.oneof(
                fc.integer().filter((days) => ![7, 15, 30, 45, 60, 90].includes(days)),
                fc.constant("30"),
              ),
              creditLimit: fc.constant(1000),
            }),
            fc.record({ netDays: fc.constant(30), creditLimit: notMoney(100_000_000) }),
          ),
        },
      },
      {
        method: "PUT",
        url: "/api/admin/companies/00000000-0000-4000-8000-000000000000/tax-exemption",
        as: () => admin,
        valid: () => ({ taxExempt: false, taxId: "EIN 12-3456789" }),
        hostile: {
          taxExempt: fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constantFrom(null, undefined, "true")),
          taxId: badTaxId,
        },
      },
      {
        method: "POST",
        url: "/api/auth/sign-in/email",
        as: () => null,
        valid: () => ({ email: customer.email, password: "wrong-password" }),
        hostile: {
          email: fc.oneof(email, fc.constant(undefined)),
          password: fc.oneof(notText, fc.constant(""), longerThan(128), fc.constant(undefined)),
        },
      },
      {
        method: "POST",
        url: "/api/auth/sign-up/email",
        as: () => null,
        valid: () => ({ email: uniqueEmail("fuzz"), password: "fuzz-password", name: "Fuzz" }),
        hostile: {
          name: fc.oneof(requiredText(100), withControl("one")),
          email: fc.oneof(email, fc.constant(undefined)),
          password: fc.oneof(notText, fc.constant(""), fc.constant("12345"), longerThan(128), fc.constant(undefined)),
        },
      },
    ];

    for (const route of ROUTES) {
      const fields = Object.keys(route.hostile);
      /** One field made hostile, the rest valid, plus stray fields that must not matter. */
      const oneBadField = fc.constantFrom(...fields).chain((field) =>
        fc.tuple(
          fc.constant(field),
          route.hostile[field] as fc.Arbitrary<unknown>,
          // Flat values: objects could hold prototype keys, which the next test covers on their own.
          fc.dictionary(
            fc.string({ maxLength: 8 }).filter((key) => !fields.includes(key)),
            fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null)),
            {
              maxKeys: 3,
            },
          ),
        ),
      );

      it(`${route.method} ${route.url}: a field of the wrong type, size or shape is a 400 naming it`, async () => {
        await fc.assert(
          fc.asyncProperty(oneBadField, async ([field, bad, strays]) => {
            const before = await counts();
            const body = { ...strays, ...route.valid(), [field]: bad };
            const response = await call(route.method, route.url, route.as(), body);
            expect({ field, bad, status: response.statusCode }).toEqual({ field, bad, status: 400 });
            expect(response.json()).toMatchObject({ statusCode: 400, error: "Bad Request" });
            // The field, or one inside it (`paymentTerms.netDays`): the error names what is wrong.
            const named = response.json().errors.map((error: { field: string }) => error.field.split(".")[0]);
            expect(named).toContain(field);
            expect(await counts()).toEqual(before);
          }),
          { numRuns: 40 },
        );
      });

      it(`${route.method} ${route.url}: a body that is not an object, broken JSON or prototype keys is a 400`, async () => {
        const notAnObject = fc
          .oneof(fc.array(fc.jsonValue(), { maxLength: 3 }), fc.string(), fc.integer(), fc.boolean(), fc.constant(null))
          .map((value) => JSON.stringify(value));
        const valid = JSON.stringify(route.valid());
        const broken = fc.integer({ min: 0, max: valid.length - 1 }).map((end) => valid.slice(0, end));
        const prototypeKeys = fc
          .constantFrom('"__proto__":{"polluted":true}', '"constructor":{"prototype":{"polluted":true}}')
          .map((key) => `{${key},${valid.slice(1)}`);
        await fc.assert(
          fc.asyncProperty(fc.oneof(notAnObject, broken, prototypeKeys), async (json) => {
            const before = await counts();
            const response = await call(route.method, route.url, route.as(), { json });
            expect({ json, status: response.statusCode }).toEqual({ json, status: 400 });
            expect(response.json()).toMatchObject({ statusCode: 400, error: "Bad Request" });
            expect(await counts()).toEqual(before);
            expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
          }),
          { numRuns: 30 },
        );
      });
    }

    it("Idempotency-Key: 1-255 printable characters are taken; anything else is a 400 naming it, nothing stored", async () => {
      const printable = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
      const control = fc.constantFrom("\t", "\x01", "\x1b", "\x7f");
      const hostileKey = fc.oneof(
        fc.constant(""),
        fc.string({ unit: printable, minLength: 256, maxLength: 2000 }),
        fc
          .tuple(fc.string({ unit: printable, maxLength: 20 }), fc.oneof(control, fc.constantFrom("é", "€", "\u00a0")))
          .map(([text, odd]) => `${text}${odd}${text}`),
      );
      const checkout = (key: string) =>
        ctx.app.inject({
          method: "POST",
          url: "/api/cart/checkout",
          remoteAddress: nextClientAddress(),
          headers: { ...bearer(customer.token), "idempotency-key": key },
          payload: { phone: "5550100000", address: "1 Road", expectedTotal: 0 },
        });
      await fc.assert(
        fc.asyncProperty(hostileKey, async (key) => {
          const before = await counts();
          const response = await checkout(key);
          expect({ key, status: response.statusCode }).toEqual({ key, status: 400 });
          expect(response.json().errors.map((error: { field: string }) => error.field)).toEqual(["idempotency-key"]);
          expect(await counts()).toEqual(before);
        }),
        { numRuns: 40 },
      );
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: printable, minLength: 1, maxLength: 255 }), async (key) => {
          // The customer's cart is empty: taken, the key is checked out and refused (nothing kept).
          expect((await checkout(key)).statusCode).toBe(409);
        }),
        { numRuns: 20 },
      );
    });

    it("a body over 1 MB is a 413, and a form-encoded body a 415, storing nothing", async () => {
      const before = await counts();
      const huge = await call("POST", "/api/review", customer, {
        rating: 5,
        description: "x".repeat(1024 * 1024),
        image: "/images/r.webp",
      });
      expect(huge.statusCode).toBe(413);
      const text = await ctx.app.inject({
        method: "POST",
        url: "/api/product",
        headers: { ...bearer(admin.token), "content-type": "application/x-www-form-urlencoded" },
        payload: "name=Tool&price=10",
      });
      expect(text.statusCode).toBe(415);
      expect(await counts()).toEqual(before);
    });

    it("PUT /api/admin/companies/{id}/prices: a list with a row of the wrong shape is a 400 naming that row's field", async () => {
      const good = { sku: product.sku, unitPrice: 10 };
      const badRow = fc.oneof(
        fc.record({
          field: fc.constant("sku"),
          value: fc.oneof(notText, blank, longerThan(32, "A"), withControl("one")),
        }),
        fc.record({
          field: fc.constant("unitPrice"),
          value: fc.oneof(notPositiveMoney(100_000), fc.constantFrom(-0, null, undefined)),
        }),
      );
      await fc.assert(
        fc.asyncProperty(fc.nat({ max: 5 }), fc.nat({ max: 5 }), badRow, async (before, after, { field, value }) => {
          const list = [...Array(before).fill(good), { ...good, [field]: value }, ...Array(after).fill(good)];
          const stored = await counts();
          const url = "/api/admin/companies/00000000-0000-4000-8000-000000000000/prices";
          const response = await call("PUT", url, admin, list);
          expect({ field, value, status: response.statusCode }).toEqual({ field, value, status: 400 });
          const fields = response.json().errors.map((error: { field: string }) => error.field);
          expect(fields).toContain(`${before}.${field}`);
          expect(await counts()).toEqual(stored);
        }),
        { numRuns: 40 },
      );
      const notAList = await call("PUT", "/api/admin/companies/00000000-0000-4000-8000-000000000000/prices", admin, {
        sku: product.sku,
        unitPrice: 10,
      });
      expect(notAList.statusCode).toBe(400);
      const tooMany = Array.from({ length: 2001 }, () => good);
      const longList = await call(
        "PUT",
        "/api/admin/companies/00000000-0000-4000-8000-000000000000/prices",
        admin,
        tooMany,
      );
      expect(longList.statusCode).toBe(400);
    });

    it("PUT /api/admin/companies/{id}/prices.csv: any text is a price list or a 400 naming rows, never a 500", async () => {
      const owner = await signUp(ctx.app);
      const created = await call("POST", "/api/companies", owner, { name: "Fuzz CSV Co" });
      const url = `/api/admin/companies/${created.json().insertedId}/prices.csv`;
      const line = fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom(`${product.sku},9.5`, `${product.sku.toLowerCase()};$3`, "sku,unitPrice", '"a""b",1', "x,-1"),
        fc.tuple(fc.string({ maxLength: 10 }), fc.double({ noNaN: true })).map(([sku, price]) => `${sku},${price}`),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(line, { maxLength: 8 }), fc.constantFrom("\n", "\r\n"), async (lines, end) => {
          const before = (await call("GET", url.replace(".csv", ""), admin)).json();
          const response = await ctx.app.inject({
            method: "PUT",
            url,
            remoteAddress: nextClientAddress(),
            headers: { ...bearer(admin.token), "content-type": "text/csv" },
            payload: lines.join(end),
          });
          expect([200, 400]).toContain(response.statusCode);
          if (response.statusCode === 400) {
            expect(response.json().errors.length).toBeGreaterThan(0);
            expect((await call("GET", url.replace(".csv", ""), admin)).json()).toEqual(before);
          }
        }),
        { numRuns: 60 },
      );
    });
  });

  describe("queries and path parameters", () => {
    const anyText = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer({ min: -1000, max: 1000 }).map(String),
      fc.constantFrom("", " 7 ", "-0", "1e3", "0x10", "%00", "[]", "1.5", "100", "101"),
    );
    /** The paging rule: a whole number from min to max, as Number() reads it. */
    const wholeIn = (text: string, min: number, max: number) => {
      const n = Number(text);
      return Number.isInteger(n) && n >= min && n <= max;
    };
    const get = (url: string) => call("GET", url, customer);

    it("limit and offset: 200 when both are whole numbers in range, else 400", async () => {
      await fc.assert(
        fc.asyncProperty(anyText, anyText, async (limit, offset) => {
          const valid = wholeIn(limit, 1, 100) && wholeIn(offset, 0, 1_000_000_000);
          const query = `limit=${encodeURIComponent(limit)}&offset=${encodeURIComponent(offset)}`;
          for (const url of [`/api/product?${query}`, `/api/review?${query}`]) {
            const response = await get(url);
            expect({ url, status: response.statusCode }).toEqual({ url, status: valid ? 200 : 400 });
          }
        }),
        { numRuns: 60 },
      );
    });

    it("the catalogue's search, sort and filter: 200 when each is one the API takes, else 400, never a 500", async () => {
      const sortText = fc.oneof(fc.constantFrom("newest", "price-asc", "price-desc", "name"), anyText);
      const flag = fc.oneof(fc.constantFrom("1", "0"), anyText);
      const search = fc.oneof(
        fc.string({ maxLength: 100 }),
        fc.string({ unit: "grapheme", maxLength: 120 }),
        fc.constantFrom("'", "\\", "a:* & !b", "(((", "' OR 1=1 --", ".*[", "%_%", " \0 "),
        fc.string({ minLength: 101, maxLength: 300 }),
      );
      await fc.assert(
        fc.asyncProperty(search, sortText, flag, async (q, sort, inStock) => {
          const valid =
            q.trim().length <= 100 &&
            !q.includes("\0") &&
            ["newest", "price-asc", "price-desc", "name"].includes(sort) &&
            ["1", "0"].includes(inStock);
          const url = `/api/product?q=${encodeURIComponent(q)}&sort=${encodeURIComponent(sort)}&inStock=${encodeURIComponent(inStock)}`;
          const response = await get(url);
          expect({ url, status: response.statusCode }).toEqual({ url, status: valid ? 200 : 400 });
          if (!valid) expect(response.json().errors.length).toBeGreaterThan(0);
        }),
        { numRuns: 80 },
      );
    });

    it("the admin lists: paging, a status of the six and a search up to 200 characters, else 400", async () => {
      const statusText = fc.oneof(
        fc.constantFrom("unpaid", "paid", "shipped", "delivered", "cancelled", "refunded"),
        anyText,
      );
      const search = fc.oneof(fc.string({ maxLength: 200 }), fc.string({ minLength: 201, maxLength: 400 }));
      await fc.assert(
        fc.asyncProperty(anyText, anyText, statusText, search, async (limit, offset, status, q) => {
          const paging = wholeIn(limit, 1, 100) && wholeIn(offset, 0, 1_000_000_000);
          const statusValid = ["unpaid", "paid", "shipped", "delivered", "cancelled", "refunded"].includes(status);
          const qValid = q.trim().length <= 200 && !q.includes("\0");
          const query = `limit=${encodeURIComponent(limit)}&offset=${encodeURIComponent(offset)}`;
          const filter = `status=${encodeURIComponent(status)}&q=${encodeURIComponent(q)}`;
          const expected = [
            [`/api/admin/orders?${query}&${filter}`, paging && statusValid && qValid],
            [`/api/admin/orders/counts?q=${encodeURIComponent(q)}`, qValid],
            [`/api/admin/orders.csv?${filter}`, statusValid && qValid],
            [`/api/admin/audit?${query}`, paging],
            [`/api/admin/receivables?${query}`, paging],
          ] as const;
          // The export allows an admin 10 in 10 minutes (account-allowances.test.ts); here only the input counts.
          await ctx.app.limits.clear(`orders-export:${admin.email}`);
          for (const [url, valid] of expected) {
            const response = await call("GET", url, admin);
            expect({ url, status: response.statusCode }).toEqual({ url, status: valid ? 200 : 400 });
          }
        }),
        { numRuns: 60 },
      );
    });

    it("the overview's range: real days at most 366 apart, from before to, else 400 naming the field", async () => {
      const DAY = 86_400_000;
      const realDay = fc
        .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2030, 11, 31) })
        .map((ms) => new Date(Math.floor(ms / DAY) * DAY).toISOString().slice(0, 10));
      const dayText = fc.oneof(
        realDay,
        anyText,
        fc.constantFrom(
          "2026-02-30",
          "2026-13-01",
          "2026-1-5",
          "2026-01-01T00:00:00Z",
          "20260101",
          " 2026-01-01",
          "0000-01-01",
          "1899-12-31",
        ),
        fc.constant(undefined),
      );
      const isDay = (text: string) =>
        /^\d{4}-\d{2}-\d{2}$/.test(text) &&
        !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
        new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text &&
        Number(text.slice(0, 4)) >= 1900;
      await fc.assert(
        fc.asyncProperty(dayText, dayText, async (from, to) => {
          const today = new Date().toISOString().slice(0, 10);
          const fromValid = from === undefined || isDay(from);
          const toValid = to === undefined || isDay(to);
          // The range is judged between real days only (a day that is no day is its own 400).
          const end = toValid ? (to ?? today) : today;
          const start =
            fromValid && from !== undefined
              ? from
              : new Date(Date.parse(`${end}T00:00:00Z`) - 89 * DAY).toISOString().slice(0, 10);
          const span = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY + 1;
          const rangeValid = !(fromValid && toValid) || (span >= 1 && span <= 366);
          const query = [
            ...(from === undefined ? [] : [`from=${encodeURIComponent(from)}`]),
            ...(to === undefined ? [] : [`to=${encodeURIComponent(to)}`]),
          ].join("&");
          const url = `/api/admin/stats?${query}`;
          const response = await call("GET", url, admin);
          const valid = fromValid && toValid && rangeValid;
          expect({ url, status: response.statusCode }).toEqual({ url, status: valid ? 200 : 400 });
          if (!valid) {
            const fields = response.json().errors.map((error: { field: string }) => error.field);
            expect(fields.every((field: string) => field === "from" || field === "to")).toBe(true);
            if (!fromValid) expect(fields).toContain("from");
            if (!toValid) expect(fields).toContain("to");
          } else expect(response.json().revenueByDay).toHaveLength(span);
        }),
        { numRuns: 60 },
      );
    });

    it("a statement's month and page: YYYY-MM from 1900 to this month and a page from 1, else 400 naming them, never a 500", async () => {
      const owner = await signUp(ctx.app, { name: "Fuzz Owner" });
      const company = await call("POST", "/api/companies", owner, { name: "Fuzz Co" });
      expect(company.statusCode).toBe(201);
      const now = new Date();
      const monthOf = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}`;
      const monthText = fc.oneof(
        fc
          .record({
            year: fc.integer({ min: 1890, max: now.getUTCFullYear() + 2 }),
            month: fc.integer({ min: 1, max: 12 }),
          })
          .map(({ year, month }) => monthOf(year, month)),
        anyText,
        fc.constantFrom("2026-13", "2026-00", "2026-1", "2026-01-01", "202601", " 2026-01", "0000-01", "9999-12"),
      );
      const isMonth = (text: string) =>
        /^\d{4}-(0[1-9]|1[0-2])$/.test(text) &&
        Number(text.slice(0, 4)) >= 1900 &&
        text <= now.toISOString().slice(0, 7);
      // The page of open invoices: a whole number from 1 to 1 000 000, as a query's text reads as a number.
      const openPageText = fc.oneof(fc.integer({ min: -5, max: 2_000_000 }).map(String), anyText);
      const isOpenPage = (text: string) => {
        const page = Number(text);
        return Number.isInteger(page) && page >= 1 && page <= 1_000_000;
      };
      await fc.assert(
        fc.asyncProperty(monthText, openPageText, async (month, openPage) => {
          const query = new URLSearchParams({ month, openPage });
          const url = `/api/companies/${company.json().insertedId}/statement?${query}`;
          const response = await call("GET", url, owner);
          const refused = [...(isMonth(month) ? [] : ["month"]), ...(isOpenPage(openPage) ? [] : ["openPage"])];
          expect({ url, status: response.statusCode }).toEqual({ url, status: refused.length ? 400 : 200 });
          if (!refused.length) expect(response.json()).toMatchObject({ month, openPage: Number(openPage) });
          else
            expect(
              response
                .json()
                .errors.map((error: { field: string }) => error.field)
                .sort(),
            ).toEqual(refused);
        }),
        { numRuns: 60 },
      );
    });

    it("emails in queries and paths: the caller's 200, someone else's 403, anything else 400", async () => {
      const emailParam = fc.oneof(
        fc.constant({ text: customer.email, status: 200 }),
        fc.constant({ text: "someone.else@example.com", status: 403 }),
        fc
          .oneof(
            textWithout("@"),
            blank,
            fc.integer({ min: 255, max: 400 }).map((n) => "e".repeat(n)),
          )
          .map((text) => ({
            text,
            status: 400,
          })),
      );
      await fc.assert(
        fc.asyncProperty(emailParam, async ({ text, status }) => {
          const encoded = encodeURIComponent(text);
          for (const url of [`/api/ordering?userEmail=${encoded}`, `/api/review?email=${encoded}`]) {
            const response = await get(url);
            expect({ url, status: response.statusCode }).toEqual({ url, status });
          }
          // An empty path parameter is another route (/api/admin/ has none); the router answers a parameter
          // over 100 characters with 414 before any route sees it.
          if (text === "") return;
          const url = `/api/admin/${encoded}`;
          const response = await get(url);
          expect({ url, status: response.statusCode }).toEqual({ url, status: encoded.length > 100 ? 414 : status });
        }),
        { numRuns: 60 },
      );
    });

    it("ids in paths: a known id 200, an unknown id 404, anything else 400", async () => {
      const tool = await call("POST", "/api/product", admin, {
        name: "Path Tool",
        price: 1,
        quantity: 100,
        description: "For the path test.",
        image: "/images/t.webp",
      });
      const productId = tool.json().insertedId;
      const placed = await call("POST", "/api/ordering", customer, {
        orderId: productId,
        quantity: 100,
        phone: "5550100000",
        address: "1 Yard Road",
      });
      expect(placed.statusCode).toBe(201);
      const idParam = fc.oneof(
        fc.constant({ product: productId, order: placed.json().insertedId, status: 200 }),
        fc.uuid().map((id) => ({ product: id, order: id, status: 404 })),
        // "." and ".." are dot segments, which the client resolves before sending (attacks.test.ts has them).
        fc
          .string({ minLength: 1, maxLength: 40 })
          .filter((text) => text !== "." && text !== "..")
          .map((text) => ({ product: text, order: text, status: 400 })),
      );
      await fc.assert(
        fc.asyncProperty(idParam, async ({ product: productParam, order: orderId, status }) => {
          for (const url of [
            `/api/product/${encodeURIComponent(productParam)}`,
            `/api/ordering/${encodeURIComponent(orderId)}`,
          ]) {
            const response = await get(url);
            expect({ url, status: response.statusCode }).toEqual({ url, status });
          }
          const adminView = `/api/admin/orders/${encodeURIComponent(orderId)}`;
          const viewed = await call("GET", adminView, admin);
          expect({ url: adminView, status: viewed.statusCode }).toEqual({ url: adminView, status });
          // Changes are tried on ids that name no order of the caller's: nothing may change.
          if (status !== 200) {
            const changes: [string, TestAccount][] = [
              [`/api/ordering/${encodeURIComponent(orderId)}/cancel`, customer],
              [`/api/admin/orders/${encodeURIComponent(orderId)}/deliver`, admin],
              [`/api/admin/orders/${encodeURIComponent(orderId)}/cancel`, admin],
            ];
            for (const [url, account] of changes) {
              const response = await call("POST", url, account);
              expect({ url, status: response.statusCode }).toEqual({ url, status });
            }
          }
          const reconcile = `/api/payments/${encodeURIComponent(orderId)}/reconcile`;
          // The customer's own order has no payment under way yet: nothing to settle (409).
          const settled = await call("POST", reconcile, customer);
          const expected = status === 200 ? 409 : status;
          expect({ url: reconcile, status: settled.statusCode }).toEqual({ url: reconcile, status: expected });
          // The own order is a card order: it has no invoice balance to pay by card (409).
          const balance = `/api/payments/${encodeURIComponent(orderId)}/balance-intent`;
          const opened = await call("POST", balance, customer);
          expect({ url: balance, status: opened.statusCode }).toEqual({ url: balance, status: expected });
          // The own order is unpaid, so it has no invoice yet (409).
          const invoice = `/api/ordering/${encodeURIComponent(orderId)}/invoice`;
          const pdf = await call("GET", invoice, customer);
          expect({ url: invoice, status: pdf.statusCode }).toEqual({ url: invoice, status: expected });
          // Nor any credit note: its number is looked up on an order the caller may read (404), like the order.
          const creditNote = `/api/ordering/${encodeURIComponent(orderId)}/credit-notes/CN-000001`;
          const note = await call("GET", creditNote, customer);
          const missing = status === 200 ? 404 : status;
          expect({ url: creditNote, status: note.statusCode }).toEqual({ url: creditNote, status: missing });
          // Nor any shipment, so no shipment's invoice (decision 077): 404, as for an order it cannot read.
          const billed = `/api/ordering/${encodeURIComponent(orderId)}/shipments/00000000-0000-4000-8000-000000000001/invoice`;
          const shipmentInvoice = await call("GET", billed, customer);
          expect({ url: billed, status: shipmentInvoice.statusCode }).toEqual({ url: billed, status: missing });
          if (status !== 200) {
            const credit = `/api/admin/orders/${encodeURIComponent(orderId)}/credit-notes`;
            const credited = await call("POST", credit, admin, { reason: "Returned" });
            expect({ url: credit, status: credited.statusCode }).toEqual({ url: credit, status });
          }
        }),
        { numRuns: 60 },
      );
    });

    it("credit note numbers in paths: CN- and six digits or more is looked up (404 here), anything else 400", async () => {
      const orderId = "00000000-0000-4000-8000-000000000000";
      const number = fc.oneof(
        fc.integer({ min: 0, max: 10_000_000 }).map((n) => `CN-${String(n).padStart(6, "0")}`),
        fc.string({ minLength: 1, maxLength: 40 }).filter((text) => text !== "." && text !== ".."),
        fc.constantFrom("CN-1", "cn-000001", "CN-000001.pdf", "INV-2026-000001", "CN-00000a"),
      );
      await fc.assert(
        fc.asyncProperty(number, async (text) => {
          const url = `/api/ordering/${orderId}/credit-notes/${encodeURIComponent(text)}`;
          const response = await call("GET", url, customer);
          const status = /^CN-\d{6,}$/.test(text) ? 404 : 400;
          expect({ url, status: response.statusCode }).toEqual({ url, status });
        }),
        { numRuns: 60 },
      );
    });
  });
});
