import { describe, expect, it } from "vitest";
import type { CompanyRole } from "./company-terms.js";
import { cardOrderFacts } from "./order-facts.js";
import type { OrderStatus } from "./order-status.js";
import {
  type Actor,
  BACK_OFFICE,
  backOfficePermissions,
  COMPANY_ACTIONS,
  can,
  companyActions,
  orderActions,
  orderAnswerFor,
  quoteActions,
  rolePays,
  withBackOfficeOrderActions,
} from "./permissions.js";

const ACME = "acme";
const customer: Actor = { email: "ana@example.com", role: "customer", company: null };
const admin: Actor = { email: "admin@example.com", role: "admin", company: null };
const member = (role: CompanyRole, email = `${role}@example.com`): Actor => ({
  email,
  role: "customer",
  company: { id: ACME, role },
});

const order = (userEmail: string, companyId: string | null = null, status: OrderStatus = "unpaid") => ({
  userEmail,
  companyId,
  status,
  ...cardOrderFacts(status),
  invoiceNumber: null,
  balance: 0,
});

describe("can: who may do what to an order", () => {
  it("lets a customer do everything to their own order, and nothing to another's", () => {
    const own = order(customer.email);
    for (const action of ["read:order", "cancel:order", "pay:order", "invoice:order", "reorder:order"] as const) {
      expect({ action, own: can(customer, action, own) }).toEqual({ action, own: true });
      expect({ action, other: can(customer, action, order("rui@example.com")) }).toEqual({ action, other: false });
    }
  });

  it("lets colleagues see and reorder a company order; buyers and owners pay it and read what it owes; nobody else cancels", () => {
    const colleagues = order("rui@example.com", ACME);
    for (const role of ["owner", "buyer", "requester"] as const) {
      expect(can(member(role), "read:order", colleagues)).toBe(true);
      expect(can(member(role), "reorder:order", colleagues)).toBe(true);
      expect(can(member(role), "cancel:order", colleagues)).toBe(false);
      expect(can(member(role), "pay:order", colleagues)).toBe(role !== "requester");
      expect(can(member(role), "invoice:order", colleagues)).toBe(role !== "requester");
      expect(can(member(role), "read:credit", colleagues)).toBe(role !== "requester");
    }
    // A requester's own order is theirs to read in full, its invoice too.
    const requester = member("requester");
    expect(can(requester, "read:credit", order(requester.email, ACME))).toBe(true);
    expect(can(requester, "invoice:order", order(requester.email, ACME))).toBe(true);
    expect(can(customer, "read:order", colleagues)).toBe(false);
    expect(can(member("owner"), "read:order", order("rui@example.com", "other-company"))).toBe(false);
  });

  it("never lets a requester pay their own company order, yet lets an account that left pay its own", () => {
    const requester = member("requester");
    expect(can(requester, "pay:order", order(requester.email, ACME))).toBe(false);
    expect(can(requester, "cancel:order", order(requester.email, ACME))).toBe(true);
    expect(can({ ...requester, company: null }, "pay:order", order(requester.email, ACME))).toBe(true);
  });

  it("lets owners approve and reject a colleague's order, never their own", () => {
    expect(can(member("owner"), "approve:order", order("rui@example.com", ACME))).toBe(true);
    expect(can(member("owner"), "reject:order", order("rui@example.com", ACME))).toBe(true);
    expect(can(member("owner"), "approve:order", order("owner@example.com", ACME))).toBe(false);
    expect(can(member("buyer"), "approve:order", order("rui@example.com", ACME))).toBe(false);
  });

  it("keeps admins out of buying; they fetch any invoice and keep the orders they placed as customers", () => {
    expect(can(admin, "create:order")).toBe(false);
    expect(can(admin, "create:quote")).toBe(false);
    expect(can(admin, "join:company")).toBe(false);
    expect(can(customer, "create:order")).toBe(true);
    expect(can(member("requester"), "create:order")).toBe(true);
    expect(can(admin, "invoice:order", order("rui@example.com"))).toBe(true);
    expect(can(admin, "read:order", order("rui@example.com"))).toBe(false);
    expect(can(admin, "read:order", order(admin.email))).toBe(true);
    expect(can(customer, "create:order", { userEmail: "rui@example.com" })).toBe(false);
  });
});

describe("can: the back office", () => {
  const actionOf = (permission: string) => permission.split(":").slice(0, 2).join(":") as Parameters<typeof can>[1];

  it("lets an admin do every back-office thing there, and nobody else any", () => {
    for (const permission of backOfficePermissions()) {
      const action = actionOf(permission);
      expect({ permission, admin: can(admin, action, BACK_OFFICE) }).toEqual({ permission, admin: true });
      for (const actor of [customer, member("owner"), member("buyer"), member("requester")]) {
        expect({ permission, actor: actor.email, can: can(actor, action, BACK_OFFICE) }).toEqual({
          permission,
          actor: actor.email,
          can: false,
        });
      }
    }
  });

  it("opens no customer's route to an admin: the back office's grants judge only the back office", () => {
    expect(can(admin, "cancel:order", order("rui@example.com"))).toBe(false);
    expect(can(admin, "cancel:order", { ...order("rui@example.com"), ...BACK_OFFICE })).toBe(true);
    expect(can(member("owner"), "cancel:order", { ...order("owner@example.com", ACME), ...BACK_OFFICE })).toBe(false);
  });
});

describe("can: quotes and companies", () => {
  it("lets whoever asked a quote decide it, and their colleagues only read it", () => {
    const asked = { userEmail: "rui@example.com", companyId: ACME };
    expect(can(member("buyer", "rui@example.com"), "accept:quote", asked)).toBe(true);
    expect(can(member("owner"), "read:quote", asked)).toBe(true);
    expect(can(member("owner"), "accept:quote", asked)).toBe(false);
    expect(can(customer, "read:quote", asked)).toBe(false);
    expect(can(admin, "read:quote", asked)).toBe(false);
  });

  it("lets every member read their company and leave it; owners run it; outsiders and admins nothing", () => {
    const company = { companyId: ACME };
    for (const role of ["owner", "buyer", "requester"] as const) {
      expect(can(member(role), "read:company", company)).toBe(true);
      expect(can(member(role), "remove:member", { companyId: ACME, userEmail: member(role).email })).toBe(true);
      expect(can(member(role), "remove:member", { companyId: ACME, userEmail: "rui@example.com" })).toBe(
        role === "owner",
      );
      expect(can(member(role), "manage:invitation", company)).toBe(role === "owner");
    }
    expect(can(member("owner"), "read:company", { companyId: "other-company" })).toBe(false);
    expect(can(customer, "read:company", company)).toBe(false);
    expect(can(admin, "read:company", company)).toBe(false);
  });

  it("lets only the invited address read its invitation", () => {
    expect(can(customer, "read:invitation", { userEmail: customer.email })).toBe(true);
    expect(can(member("owner"), "read:invitation", { userEmail: customer.email })).toBe(false);
    expect(can(admin, "read:invitation", { userEmail: admin.email })).toBe(false);
  });

  it("says which roles spend", () => {
    expect(["owner", "buyer", "requester"].filter((role) => rolePays(role as CompanyRole))).toEqual(["owner", "buyer"]);
  });
});

describe("what an order answer tells a requester of a colleague's order (decision 058)", () => {
  it("leaves out its money: the figures, the movements, and the notes of the history entries that moved it", () => {
    const history = [
      { kind: "shipped" as const, note: "DHL 1" },
      { kind: "payment-received" as const, note: "$400.00 received: TRF-1" },
      { kind: "credit-note" as const, note: "Credit note CN-000001: $100.00 off invoice INV-1" },
    ];
    const record = {
      ...order("rui@example.com", ACME, "shipped"),
      statusHistory: history,
      amountPaid: 400,
      moneyMovements: [{ kind: "payment", amount: 400 }],
    };
    const seen = orderAnswerFor(member("requester"), record);
    expect(seen).not.toHaveProperty("moneyMovements");
    expect(seen).not.toHaveProperty("amountPaid");
    expect(seen.statusHistory).toEqual([
      { kind: "shipped", note: "DHL 1" },
      { kind: "payment-received", note: null },
      { kind: "credit-note", note: null },
    ]);
    // Who reads the company's credit reads it all.
    expect(orderAnswerFor(member("buyer"), record)).toMatchObject({ statusHistory: history, amountPaid: 400 });
  });
});

describe("the actions answers carry", () => {
  it("offers on an order what the caller may do and its status allows", () => {
    expect(orderActions(customer, order(customer.email))).toEqual([
      "pay:order",
      "cancel:order",
      "change:order",
      "reorder:order",
    ]);
    // A paid card order changes with its money (decision 076); one changed to cost more pays its difference.
    const paid = { ...order(customer.email, null, "paid"), invoiceNumber: "INV-1" };
    expect(orderActions(customer, paid)).toEqual(["change:order", "invoice:order", "reorder:order"]);
    expect(orderActions(customer, { ...paid, paymentStatus: "partially-paid", balance: 250 })).toEqual([
      "pay:order",
      "change:order",
      "invoice:order",
      "reorder:order",
    ]);
    // A requester's change would wait for an owner, which a paid order cannot: not offered to them.
    const companyPaid = { ...order("requester@example.com", ACME, "paid"), invoiceNumber: "INV-2" };
    expect(orderActions(member("requester"), companyPaid)).not.toContain("change:order");
    expect(orderActions(member("buyer"), companyPaid)).toContain("change:order");
    const waiting = order("rui@example.com", ACME, "awaiting-approval");
    expect(orderActions(member("owner"), waiting)).toEqual(["change:order", "approve:order", "reject:order"]);
    expect(orderActions(member("requester"), order("requester@example.com", ACME))).toEqual([
      "cancel:order",
      "change:order",
      "reorder:order",
    ]);
    expect(orderActions(admin, order("rui@example.com"))).toEqual([]);
  });

  it("offers each actor the steps the table gives them", () => {
    const onAccount = (status: OrderStatus, fulfilmentStatus: "open" | "shipped", paymentStatus: "unpaid") => ({
      ...order("rui@example.com", ACME, status),
      fulfilmentStatus,
      paymentStatus,
      paymentMethod: "invoice" as const,
    });
    expect(orderActions(customer, order(customer.email, null, "awaiting-approval"))).toEqual([
      "cancel:order",
      "change:order",
    ]);
    const waiting = order("rui@example.com", ACME, "awaiting-approval");
    expect(orderActions(member("owner"), waiting)).toEqual(["change:order", "approve:order", "reject:order"]);
    const inTheBackOffice = (of: ReturnType<typeof order>) => withBackOfficeOrderActions(admin, of).actions;
    // An admin changes any order's lines while it may change (docs/decisions/078-admins-change-orders.md), a paid
    // card order's too (076).
    expect(inTheBackOffice(order("rui@example.com", null, "paid"))).toEqual([
      "change:order",
      "ship:order",
      "refund:order",
    ]);
    expect(inTheBackOffice(order("rui@example.com", null, "cancelled"))).toEqual([]);
    expect(inTheBackOffice(onAccount("unpaid", "open", "unpaid"))).toEqual([
      "cancel:order",
      "change:order",
      "ship:order",
    ]);
    // Invoiced on account: delivered and credited by a credit note while something is left to credit.
    expect(inTheBackOffice({ ...onAccount("shipped", "shipped", "unpaid"), invoiceNumber: "INV-1" })).toEqual([
      "invoice:order",
      "deliver:order",
      "credit:order",
    ]);
  });

  it("offers an admin in the back office their own orders' customer steps beside the shop's", () => {
    expect(withBackOfficeOrderActions(admin, order(admin.email)).actions).toEqual([
      "pay:order",
      "cancel:order",
      "change:order",
    ]);
  });

  it("offers on a quote accept once it is priced, decline until it is decided", () => {
    const quote = { userEmail: customer.email, companyId: null };
    expect(quoteActions(customer, { ...quote, status: "requested" })).toEqual(["decline:quote"]);
    expect(quoteActions(customer, { ...quote, status: "sent" })).toEqual(["accept:quote", "decline:quote"]);
    expect(quoteActions(customer, { ...quote, status: "expired" })).toEqual([]);
    expect(quoteActions(member("owner"), { userEmail: "rui@example.com", companyId: ACME, status: "sent" })).toEqual(
      [],
    );
    const inTheBackOffice = (status: "requested" | "sent" | "accepted") =>
      quoteActions(admin, { ...quote, status, ...BACK_OFFICE });
    expect(inTheBackOffice("requested")).toEqual(["price:quote"]);
    expect(inTheBackOffice("sent")).toEqual(["price:quote"]);
    expect(inTheBackOffice("accepted")).toEqual([]);
    expect(quoteActions(admin, { ...quote, status: "requested" })).toEqual([]);
  });

  it("offers in a company the owners' acts to owners only, and its credit to those who spend", () => {
    expect(companyActions(member("owner"), ACME)).toEqual([...COMPANY_ACTIONS]);
    expect(companyActions(member("buyer"), ACME)).toEqual(["read:credit"]);
    expect(companyActions(member("requester"), ACME)).toEqual([]);
    expect(companyActions(admin, ACME)).toEqual([]);
  });
});
