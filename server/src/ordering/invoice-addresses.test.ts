import type { Company } from "@forgeline/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "../company/queries/members.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT, orderSteps } from "../test/orders.js";
import { pdfText } from "../test/pdf.js";
import { createTestApp } from "../test/test-app.js";

const BILLING = "Acme Works Accounts, 9 Ledger Lane, Leeds LS1 4AP";

/**
 * Whom an invoice bills and where the tools went (docs/SELLING-TO-BUSINESSES.md, 'Companies'): a company's billing
 * address from its settings, frozen on each order; otherwise the delivery address. Read from the PDF's text.
 */
describe("an invoice's billing and delivery addresses", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof orderSteps>;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    steps = orderSteps(ctx.app, admin);
  });
  afterAll(() => ctx.close());

  const settings = (who: TestAccount, companyId: string, payload: object) =>
    ctx.app.inject({ method: "PATCH", url: `/api/companies/${companyId}`, headers: bearer(who.token), payload });
  const invoiceText = async (who: TestAccount, orderId: string) => {
    const answer = await steps.call("GET", `/api/ordering/${orderId}/invoice`, who);
    expect(answer.statusCode).toBe(200);
    return pdfText(answer.rawPayload);
  };

  /** A company made through the API, `owner` its owner; answers its id. */
  async function newCompany(owner: TestAccount): Promise<string> {
    const made = await steps.call("POST", "/api/companies", owner, { name: "Acme Works", taxId: "GB-987 654" });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().insertedId;
  }

  it("bills a customer without a company to the delivery address, and names where it goes", async () => {
    const customer = await signUp(ctx.app, { name: "Dora Delivery" });
    const order = await steps.paidOrder(customer);
    const text = await invoiceText(customer, order._id);
    expect(text).toContain(`Bill to Dora Delivery ${CONTACT.address} ${customer.email}`);
    expect(text).toContain(`Deliver to Dora Delivery ${CONTACT.phone} ${CONTACT.address}`);
  });

  it("bills a member's order to the company's billing address, kept as it was when the order was placed", async () => {
    const owner = await signUp(ctx.app, { name: "Olga Owner" });
    const buyer = await signUp(ctx.app, { name: "Bert Buyer" });
    const companyId = await newCompany(owner);
    await addMember(ctx.db, { companyId, email: buyer.email, role: "buyer" });
    const saved = await settings(owner, companyId, { billingAddress: `  ${BILLING}\n` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Company>().billingAddress).toBe(BILLING);
    // Every member reads it with the company.
    const read = await steps.call("GET", "/api/companies/mine", buyer);
    expect(read.json<Company>().billingAddress).toBe(BILLING);

    const order = await steps.paidOrder(buyer);
    await settings(owner, companyId, { billingAddress: "1 Moved Street, York" });
    const text = await invoiceText(buyer, order._id);
    // The address starts with the company's name: the name is printed once, the address's.
    expect(text).toContain(`Bill to ${BILLING} Tax ID: GB-987 654 ${buyer.email}`);
    expect(text).toContain(`Deliver to Bert Buyer ${CONTACT.phone} ${CONTACT.address}`);
    expect(text).not.toContain("1 Moved Street");
    // The admin's copy says the same.
    expect(await invoiceText(admin, order._id)).toContain(`Bill to ${BILLING} Tax ID: GB-987 654`);
  });

  it("bills a company without a billing address to the delivery address; blank settings mean none", async () => {
    const owner = await signUp(ctx.app, { name: "Nils None" });
    const companyId = await newCompany(owner);
    expect((await settings(owner, companyId, { billingAddress: BILLING })).json<Company>().billingAddress).toBe(
      BILLING,
    );
    for (const none of ["   ", "", null]) {
      const cleared = await settings(owner, companyId, { billingAddress: BILLING });
      expect(cleared.statusCode).toBe(200);
      const blank = await settings(owner, companyId, { billingAddress: none });
      expect(blank.statusCode, blank.body).toBe(200);
      expect(blank.json<Company>().billingAddress).toBeNull();
    }
    const order = await steps.paidOrder(owner);
    expect(await invoiceText(owner, order._id)).toContain(
      `Bill to Acme Works Tax ID: GB-987 654 ${CONTACT.address} ${owner.email}`,
    );
  });

  it("names the company once when its billing address starts with its name, as a postal address does", async () => {
    const owner = await signUp(ctx.app, { name: "Paula Postal" });
    const companyId = await newCompany(owner);
    const postal = "Acme Works Ltd\n9 Ledger Lane, Leeds LS1 4AP";
    expect((await settings(owner, companyId, { billingAddress: postal })).statusCode).toBe(200);
    const order = await steps.paidOrder(owner);
    const text = await invoiceText(owner, order._id);
    expect(text).toContain(`Bill to Acme Works Ltd 9 Ledger Lane, Leeds LS1 4AP Tax ID: GB-987 654 ${owner.email}`);
    expect(text.match(/Acme Works/g)).toHaveLength(1);
  });

  it("refuses a billing address that is too long, not text or holds control characters: 400 naming it", async () => {
    const owner = await signUp(ctx.app);
    const companyId = await newCompany(owner);
    await settings(owner, companyId, { billingAddress: BILLING });
    for (const [bad, message] of [
      ["x".repeat(501), "Billing address must be 500 characters or fewer"],
      [42, "The billing address must be text"],
      ["9 Ledger\u0000 Lane", "Billing address cannot hold control characters"],
    ] as const) {
      const refused = await settings(owner, companyId, { billingAddress: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ field: "billingAddress", message }]);
    }
    // The longest allowed, and line breaks, are kept; nothing refused was stored.
    const read = await steps.call("GET", `/api/companies/${companyId}`, owner);
    expect(read.json<Company>().billingAddress).toBe(BILLING);
    const lines = await settings(owner, companyId, { billingAddress: `9 Ledger Lane\nLeeds ${"x".repeat(480)}` });
    expect(lines.statusCode).toBe(200);
  });

  it("lets only owners change it: a buyer of the company 403, an outsider 404", async () => {
    const owner = await signUp(ctx.app);
    const buyer = await signUp(ctx.app);
    const outsider = await signUp(ctx.app);
    const companyId = await newCompany(owner);
    await addMember(ctx.db, { companyId, email: buyer.email, role: "buyer" });
    expect((await settings(buyer, companyId, { billingAddress: BILLING })).statusCode).toBe(403);
    expect((await settings(outsider, companyId, { billingAddress: BILLING })).statusCode).toBe(404);
    expect((await steps.call("GET", `/api/companies/${companyId}`, owner)).json<Company>().billingAddress).toBeNull();
  });
});
