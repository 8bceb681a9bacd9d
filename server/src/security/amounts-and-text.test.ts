import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies } from "../company/tables.js";
import { authUsers } from "../identity/tables.js";
import { newsletterSubscribers } from "../newsletter/tables.js";
import { creditNotes } from "../ordering/money-tables.js";
import { orders } from "../ordering/tables.js";
import { products } from "../product/tables.js";
import { ledgerEntries, paymentsReceived } from "../receivables/tables.js";
import { ORIGIN, signUp, type TestAccount, uniqueEmail } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { createTestApp } from "../test/test-app.js";

/**
 * Issue 45, findings 3 and 4: an amount under half a cent passed validation and the database's check then refused
 * it (a 500); a NUL in a payment reference was a 500, and other control characters were stored and printed on
 * statements, PDFs and CSV. Each is now a 400 naming the field, and nothing is stored.
 */
describe("amounts that come to no cent and text with control characters", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof onAccountSteps>;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    steps = onAccountSteps(ctx, admin);
  });
  afterAll(() => ctx.close());

  const TABLES = {
    authUsers,
    companies,
    creditNotes,
    ledgerEntries,
    newsletterSubscribers,
    orders,
    paymentsReceived,
    products,
  };
  const counts = async () => {
    const each = Object.entries(TABLES).map(
      ([name, table]) => sql`(select count(*)::int from ${table}) as ${sql.identifier(name)}`,
    );
    const result = await ctx.db.execute(sql`select ${sql.join(each, sql`, `)}`);
    return (result as unknown as { rows: Record<string, number>[] }).rows[0];
  };

  /** The answer is a 400 whose errors name `field` with `message`, and no row was written. */
  async function refused(
    request: () => Promise<{ statusCode: number; json: () => unknown }>,
    field: string,
    message: string,
  ) {
    const before = await counts();
    const answer = await request();
    expect({ field, status: answer.statusCode }).toEqual({ field, status: 400 });
    expect((answer.json() as { errors: unknown[] }).errors).toContainEqual({ field, message });
    expect(await counts()).toEqual(before);
  }

  it("a credit note of 1e-320, a payment or an allocation of 1e-9 is a 400 naming the amount; a cent is taken", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Tiny Amounts Co");
    const order = await steps.invoiced(buyer, 100);
    await refused(() => steps.credit(order._id, { amount: 1e-320 }), "amount", "Amount must be at least $0.01");
    await refused(() => steps.pay(companyId, 1e-9), "amount", "Amount must be at least $0.01");
    await refused(
      () => steps.pay(companyId, 10, { allocations: [{ orderId: order._id, amount: 1e-9 }] }),
      "allocations.0.amount",
      "Allocation must be at least $0.01",
    );
    expect((await steps.credit(order._id, { amount: 0.01 })).statusCode).toBe(201);
    const cent = await steps.pay(companyId, 0.01, { allocations: [{ orderId: order._id, amount: 0.01 }] });
    expect(cent.statusCode, cent.body).toBe(201);
  });

  it.each(["\u0000", "\u0007", "\u001b[2J", "\n", "\u0085"])(
    "a payment reference, a carrier and a company name with %j are a 400 naming the field",
    async (control) => {
      const { buyer, companyId } = await steps.companyOnAccount("Control Characters Co");
      await refused(
        () => steps.pay(companyId, 10, { reference: `TRF${control}1` }),
        "reference",
        "Reference cannot hold control characters",
      );
      const id = await steps.placed(buyer, 100);
      const ship = { carrier: `DH${control}L`, trackingNumber: "1" };
      await refused(
        () => steps.call("POST", `/api/admin/orders/${id}/ship`, admin, ship),
        "carrier",
        "Carrier cannot hold control characters",
      );
      await refused(
        () => steps.call("POST", "/api/companies", buyer, { name: `Ac${control}me` }),
        "name",
        "Company name cannot hold control characters",
      );
      const tool = {
        name: `To${control}ol`,
        price: 10,
        quantity: 100,
        description: "A tool.",
        image: "/images/t.webp",
      };
      await refused(
        () => steps.call("POST", "/api/product", admin, tool),
        "name",
        "Name cannot hold control characters",
      );
    },
  );

  it.each(["\u0000", "\u0007", "\n", "\u0085"])(
    "a sign-up's name or email and the newsletter's email with %j are a 400 naming the field",
    async (control) => {
      const signUpWith = (body: { name?: string; email?: string }) => () =>
        ctx.app.inject({
          method: "POST",
          url: "/api/auth/sign-up/email",
          headers: ORIGIN,
          payload: { name: "Pat", email: uniqueEmail(), password: "correct-horse-1", ...body },
        });
      await refused(signUpWith({ name: `Pa${control}t` }), "name", "Name cannot hold control characters");
      await refused(
        signUpWith({ email: `pa${control}t@example.com` }),
        "email",
        "Email cannot hold control characters",
      );
      await refused(
        () =>
          ctx.app.inject({ method: "POST", url: "/api/newsletter", payload: { email: `pa${control}t@example.com` } }),
        "email",
        "Email cannot hold control characters",
      );
    },
  );
});
