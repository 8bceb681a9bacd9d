import type { CompanyRole, OrderWithCredit, Product } from "@forgeline/contract";
import { and, eq, type SQL } from "drizzle-orm";
import { expect } from "vitest";
import { companies, companyMembers } from "../company/tables.js";
import { accountInvoices } from "../ordering/money-tables.js";
import { orders } from "../ordering/tables.js";
import { ledgerEntries } from "../receivables/tables.js";
import { shipments } from "../shipment/tables.js";
import { bearer, signUp, type TestAccount } from "./accounts.js";
import { CONTACT } from "./orders.js";
import type { createTestApp } from "./test-app.js";

type Context = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Buying on account as tests need it, through the API: a company on terms, its invoices (orders on account,
 * shipped by an admin), the transfers an admin records and the credit notes an admin issues.
 */
export function onAccountSteps(ctx: Context, admin: TestAccount) {
  let tools = 0;
  let references = 0;
  const call = (method: "GET" | "POST" | "PATCH", url: string, who: TestAccount | null, payload?: object) =>
    ctx.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

  /** A company of one buyer on net 30 with a generous limit; `members` adds others in these roles. */
  async function companyOnAccount(name = "Ledger Co", members: CompanyRole[] = []) {
    const buyer = await signUp(ctx.app);
    const [created] = await ctx.db.insert(companies).values({ name, createdBy: buyer.email }).returning();
    const companyId = created?.id ?? "";
    await ctx.db.insert(companyMembers).values({ email: buyer.email, companyId, role: "buyer" });
    const others: TestAccount[] = [];
    for (const role of members) {
      const member = await signUp(ctx.app);
      await ctx.db.insert(companyMembers).values({ email: member.email, companyId, role });
      others.push(member);
    }
    const terms = await call("PATCH", `/api/admin/companies/${companyId}`, admin, {
      paymentTerms: { netDays: 30, creditLimit: 1_000_000 },
    });
    expect(terms.statusCode, terms.body).toBe(200);
    return { buyer, companyId, members: others };
  }

  /** An order on account of `dollars` (100 pieces of a tool priced for it), placed; answers its id. */
  async function placed(buyer: TestAccount, dollars: number): Promise<string> {
    tools += 1;
    const added = await call("POST", "/api/product", admin, {
      name: `Account Tool ${tools} ${Date.now()}`,
      price: dollars / 100,
      quantity: 1000,
      description: "For the tests on account.",
      image: "/images/x.webp",
    });
    const tool = (await call("GET", `/api/product/${added.json().insertedId}`, null)).json<Product>();
    const placement = await call("POST", "/api/ordering", buyer, {
      orderId: tool._id,
      quantity: 100,
      ...CONTACT,
      paymentMethod: "invoice",
    });
    expect(placement.statusCode, placement.body).toBe(201);
    return placement.json().insertedId;
  }

  /** An order on account of `dollars`, shipped: its invoice issued. */
  async function invoiced(buyer: TestAccount, dollars: number): Promise<OrderWithCredit> {
    const id = await placed(buyer, dollars);
    const shipped = await call("POST", `/api/admin/orders/${id}/ship`, admin, { carrier: "DHL", trackingNumber: "1" });
    expect(shipped.statusCode, shipped.body).toBe(200);
    return (await call("GET", `/api/ordering/${id}`, buyer)).json<OrderWithCredit>();
  }

  /**
   * Dates an invoice as if it had been issued at `at`, due 30 days later: its ledger entry, its row, its shipments and
   * its order (when it is the order's first). The order's one invoice, or `invoiceNumber` of an order shipped in parts.
   */
  async function issuedAt(order: { _id: string }, at: Date, invoiceNumber?: string) {
    const dueAt = new Date(at.getTime() + 30 * 86_400_000);
    const [only] = invoiceNumber
      ? [{ number: invoiceNumber }]
      : await ctx.db
          .select({ number: accountInvoices.number })
          .from(accountInvoices)
          .where(eq(accountInvoices.orderId, order._id));
    const number = only?.number ?? "";
    await ctx.db
      .update(ledgerEntries)
      .set({ at })
      .where(and(eq(ledgerEntries.invoiceNumber, number), eq(ledgerEntries.kind, "invoice")));
    await ctx.db.update(accountInvoices).set({ issuedAt: at, dueAt }).where(eq(accountInvoices.number, number));
    await ctx.db
      .update(shipments)
      .set({ invoiceIssuedAt: at, invoiceDueAt: dueAt })
      .where(eq(shipments.invoiceNumber, number));
    await ctx.db
      .update(orders)
      .set({ invoiceIssuedAt: at, invoiceDueAt: dueAt })
      .where(and(eq(orders.id, order._id), eq(orders.invoiceNumber, number)));
  }

  /**
   * Moves the due date of an order invoiced whole (`due`: a moment, or SQL such as `now() + interval`): its invoice's,
   * its shipments' and the order's.
   */
  async function dueAt(orderId: string, due: Date | SQL) {
    await ctx.db.update(accountInvoices).set({ dueAt: due }).where(eq(accountInvoices.orderId, orderId));
    await ctx.db.update(shipments).set({ invoiceDueAt: due }).where(eq(shipments.orderId, orderId));
    await ctx.db.update(orders).set({ invoiceDueAt: due }).where(eq(orders.id, orderId));
  }

  /** A transfer an admin records (today unless `receivedAt` says otherwise); answers the API's answer. */
  function pay(companyId: string, amount: number, extra: object = {}) {
    references += 1;
    return call("POST", `/api/admin/companies/${companyId}/payments`, admin, {
      amount,
      receivedAt: new Date().toISOString().slice(0, 10),
      reference: `TRF-${references}`,
      ...extra,
    });
  }

  /**
   * A credit note an admin issues on an invoiced order: `amount` dollars, or all that is left without it; for a
   * reason unless the body says another (or `reason: undefined`, none).
   */
  function credit(orderId: string, body: object = {}, headers: Record<string, string> = {}) {
    return ctx.app.inject({
      method: "POST",
      url: `/api/admin/orders/${orderId}/credit-notes`,
      headers: { ...bearer(admin.token), ...headers },
      payload: { reason: "Returned by the buyer", ...body },
    });
  }

  return { call, companyOnAccount, placed, invoiced, issuedAt, dueAt, pay, credit };
}
