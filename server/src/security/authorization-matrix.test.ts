import { randomUUID } from "node:crypto";
import {
  type Action,
  type Actor,
  allPermissions,
  BACK_OFFICE,
  backOfficePermissions,
  type Company,
  can,
  MESSAGES,
  type Order,
  type Product,
  type Resource,
} from "@forgeline/contract";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { clearCart } from "../cart/queries.js";
import { newInvitationToken } from "../company/invitation-token.js";
import { addAddress, addressesOf, removeAddress } from "../company/queries/addresses.js";
import { replaceInvitation } from "../company/queries/invitations.js";
import { addMember, removeMember } from "../company/queries/members.js";
import { membershipOf } from "../company/queries/membership.js";
import { replaceContractPrices } from "../company/queries/prices.js";
import { insertList } from "../lists/queries.js";
import { findQuote, insertQuote, updateQuote } from "../quote/queries.js";
import { insertSchedule, updateSchedule } from "../recurring/queries.js";
import { bearer, markAddressConfirmed, signUp, type TestAccount } from "../test/accounts.js";
import { multipartFile } from "../test/multipart.js";
import { createTestApp, TEST_AUTH_SECRET } from "../test/test-app.js";
import { accessTokens } from "../user/access-token.js";

/**
 * Who may call what (docs/SPEC-CONFORMANCE.md §6), as one table: every API route × every identity. A route the
 * app serves without a row here fails the coverage test, so a new route cannot ship unchecked.
 */
const IDENTITIES = ["none", "forged", "expired", "customer", "other", "admin", "owner", "buyer", "requester"] as const;
type Identity = (typeof IDENTITIES)[number];
/** The members of the matrix's company, by role; `customer` and `other` are in no company. */
type CompanyIdentity = "owner" | "buyer" | "requester";
/** A row that does not name the company's members expects of them what it expects of `other`, a stranger. */
type Expected = Record<Exclude<Identity, CompanyIdentity>, number> & Partial<Record<CompanyIdentity, number>>;
const expectedOf = (expected: Expected, identity: Identity) =>
  expected[identity] ?? (expected as Record<Identity, number>).other;

const anyone = (status: number): Expected => ({
  none: status,
  forged: status,
  expired: status,
  customer: status,
  other: status,
  admin: status,
});
const signedIn = (status: number): Expected => ({
  none: 401,
  forged: 401,
  expired: 401,
  customer: status,
  other: status,
  admin: status,
});
/** A customer's own: both customers get `status`; an admin, who runs the shop and does not buy, 403. */
const buyers = (status: number): Expected => ({
  none: 401,
  forged: 401,
  expired: 401,
  customer: status,
  other: status,
  admin: 403,
});
const adminOnly = (status: number): Expected => ({
  none: 401,
  forged: 401,
  expired: 401,
  customer: 403,
  other: 403,
  admin: status,
});
/** A company route: the members by role; everyone outside the company (admins too) 404, as if it did not exist. */
const members = (owner: number, buyer = owner, requester = buyer): Expected => ({
  none: 401,
  forged: 401,
  expired: 401,
  customer: 404,
  other: 404,
  admin: 404,
  owner,
  buyer,
  requester,
});

interface Fixtures {
  app: FastifyInstance;
  customer: TestAccount;
  other: TestAccount;
  admin: TestAccount;
  /** The matrix's company, with `owner`, `buyer` and `requester` as its members. */
  companyId: string;
  owner: TestAccount;
  buyer: TestAccount;
  requester: TestAccount;
  product: Product;
  orderId: string;
  orderPrice: number;
  jpeg: Buffer;
}
interface Call {
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
}

const fresh = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** A pending invitation of the matrix's company to this address, made without a mail; answers its id and link token. */
async function invitation(f: Fixtures, email: string) {
  const { token, hash } = newInvitationToken();
  const id = await replaceInvitation(f.app.db, {
    companyId: f.companyId,
    email,
    role: "buyer",
    tokenHash: hash,
    invitedBy: f.owner.email,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { id, token };
}

/** Takes the accounts out of whatever company they are in (a row that made one for them cleans up). */
async function leaveCompanies(f: Fixtures, accounts: TestAccount[]) {
  for (const { email } of accounts) {
    const membership = await membershipOf(f.app.db, email);
    if (membership) await removeMember(f.app.db, membership.companyId, email);
  }
}

/** The matrix's company keeps no delivery address between rows: members' checkouts in other rows need none. */
async function clearAddresses(f: Fixtures) {
  for (const address of await addressesOf(f.app.db, f.companyId))
    await removeAddress(f.app.db, f.companyId, address.id);
}

async function addProduct(f: Fixtures): Promise<string> {
  const response = await f.app.inject({
    method: "POST",
    url: "/api/product",
    headers: bearer(f.admin.token),
    payload: {
      name: `Matrix tool ${fresh()}`,
      price: 10,
      quantity: 1000,
      description: "For the matrix.",
      image: "/images/x.webp",
    },
  });
  return response.json().insertedId;
}

/** A new unpaid order of the fixtures' customer, for a route that changes it. */
async function unpaidOrder(f: Fixtures): Promise<string> {
  const placed = await f.app.inject({
    method: "POST",
    url: "/api/ordering",
    headers: bearer(f.customer.token),
    payload: { orderId: await addProduct(f), quantity: 100, phone: "5550100000", address: "1 Road" },
  });
  return placed.json().insertedId;
}

/** The customer's order changed to 125 pieces of its tool: a change's lines. */
async function moreOf(f: Fixtures, orderId: string) {
  const order = await f.app.inject({
    method: "GET",
    url: `/api/ordering/${orderId}`,
    headers: bearer(f.customer.token),
  });
  return { lines: [{ productId: order.json().orderId, quantity: 125 }] };
}

/**
 * The customer's order with an admin's change waiting for them (docs/decisions/078-admins-change-orders.md): 125
 * pieces instead of 100 raise its total. Answers the call that decides on it.
 */
async function proposalOf(f: Fixtures, decision: "accept" | "decline"): Promise<Call> {
  const orderId = await unpaidOrder(f);
  const proposed = await f.app.inject({
    method: "POST",
    url: `/api/admin/orders/${orderId}/changes`,
    headers: bearer(f.admin.token),
    payload: { ...(await moreOf(f, orderId)), revision: 0, expectedTotal: 1250 },
  });
  const changeId = proposed.json().proposedChange?._id;
  return { url: `/api/ordering/${orderId}/proposed-change/${decision}`, payload: { changeId } };
}

/** A new order of the matrix company's requester: it awaits an owner's approval. */
async function waitingOrder(f: Fixtures): Promise<string> {
  const placed = await f.app.inject({
    method: "POST",
    url: "/api/ordering",
    headers: bearer(f.requester.token),
    payload: { orderId: await addProduct(f), quantity: 100, phone: "5550100000", address: "1 Road" },
  });
  return placed.json().insertedId;
}

/** A new order of the fixtures' customer, paid with the test card (and shipped, when asked). */
async function paidOrder(f: Fixtures, shipped = false): Promise<string> {
  const orderId = await unpaidOrder(f);
  const customer = bearer(f.customer.token);
  const { price } = (await f.app.inject({ method: "GET", url: `/api/ordering/${orderId}`, headers: customer })).json();
  const intent = await f.app.inject({
    method: "POST",
    url: "/api/create-payment-intent",
    headers: customer,
    payload: { orderId, price },
  });
  const card = { cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" };
  await f.app.inject({
    method: "POST",
    url: "/api/payments/test/confirm",
    headers: customer,
    payload: { clientSecret: intent.json().clientSecret, ...card },
  });
  if (shipped) {
    await f.app.inject({
      method: "POST",
      url: `/api/admin/orders/${orderId}/ship`,
      headers: bearer(f.admin.token),
      payload: { carrier: "DHL", trackingNumber: "1" },
    });
  }
  return orderId;
}

/** The first warehouse's id (the migrations make it). */
async function firstWarehouseId(f: Fixtures): Promise<string> {
  const [first] = (await f.app.inject({ url: "/api/admin/warehouses", headers: bearer(f.admin.token) })).json();
  return first._id;
}

/** A paid order of the customer and what a shipment of all of it from the first warehouse asks. */
async function shipmentOf(f: Fixtures): Promise<{ url: string; payload: object }> {
  const orderId = await paidOrder(f);
  const order = (await f.app.inject({ url: `/api/admin/orders/${orderId}`, headers: bearer(f.admin.token) })).json();
  const lines = [{ productId: order.orderId, quantity: order.quantity }];
  const payload = { warehouseId: await firstWarehouseId(f), lines, carrier: "DHL", trackingNumber: "1" };
  return { url: `/api/admin/orders/${orderId}/shipments`, payload };
}

/** A shipped order of the customer and the path of its first shipment. */
async function shipmentPath(f: Fixtures): Promise<string> {
  const orderId = await paidOrder(f, true);
  const order = (await f.app.inject({ url: `/api/admin/orders/${orderId}`, headers: bearer(f.admin.token) })).json();
  return `${orderId}/shipments/${order.shipments[0]._id}`;
}

/**
 * A new order on account of the matrix company's buyer, shipped: its invoice issued, all of it owed. The company
 * gets terms for it; the row's `after` takes them away again.
 */
async function invoicedOrder(f: Fixtures): Promise<string> {
  const admin = bearer(f.admin.token);
  const terms = { paymentTerms: { netDays: 30, creditLimit: 1_000_000 } };
  await f.app.inject({ method: "PATCH", url: `/api/admin/companies/${f.companyId}`, headers: admin, payload: terms });
  const placed = await f.app.inject({
    method: "POST",
    url: "/api/ordering",
    headers: bearer(f.buyer.token),
    payload: {
      orderId: await addProduct(f),
      quantity: 100,
      phone: "5550100000",
      address: "1 Road",
      paymentMethod: "invoice",
    },
  });
  const orderId = placed.json().insertedId;
  await f.app.inject({
    method: "POST",
    url: `/api/admin/orders/${orderId}/ship`,
    headers: admin,
    payload: { carrier: "DHL", trackingNumber: "1" },
  });
  return orderId;
}

/** A credit note of $1 on a new invoiced order of the company's buyer: the order's path and the note's PDF's. */
async function creditedOrder(f: Fixtures): Promise<{ order: string; creditNote: string }> {
  const orderId = await invoicedOrder(f);
  const credited = await f.app.inject({
    method: "POST",
    url: `/api/admin/orders/${orderId}/credit-notes`,
    headers: bearer(f.admin.token),
    payload: { amount: 1, reason: "Goodwill" },
  });
  const order = `/api/ordering/${orderId}`;
  return { order, creditNote: `${order}/credit-notes/${credited.json().creditNotes[0].number}` };
}

/** The PDF path of the invoice a new invoiced order's shipment is billed on (decision 077). */
async function shipmentInvoicePath(f: Fixtures): Promise<string> {
  const orderId = await invoicedOrder(f);
  const order = await f.app.inject({
    method: "GET",
    url: `/api/admin/orders/${orderId}`,
    headers: bearer(f.admin.token),
  });
  return `/api/ordering/${orderId}/shipments/${order.json().shipments[0]._id}/invoice`;
}

/** Takes away the terms `invoicedOrder` gave the matrix's company. */
async function takeTermsAway(f: Fixtures) {
  await f.app.inject({
    method: "PATCH",
    url: `/api/admin/companies/${f.companyId}`,
    headers: bearer(f.admin.token),
    payload: { paymentTerms: null },
  });
}

/** A new request for quote of the fixtures' customer, not priced yet. */
async function customerQuote(f: Fixtures): Promise<string> {
  const { _id, sku, name, price } = f.product;
  const line = { productId: _id, sku, name, quantity: 100, listUnitCents: Math.round(price * 100), unitCents: null };
  return (await insertQuote(f.app.db, { userEmail: f.customer.email, companyId: null, note: "", lines: [line] })).id;
}

/** The customer's quote as an admin sent it: priced at $5 a piece, holding for a day. */
async function pricedQuote(f: Fixtures): Promise<string> {
  const id = await customerQuote(f);
  const [line] = (await findQuote(f.app.db, id))?.lines ?? [];
  await updateQuote(f.app.db, id, {
    status: "sent",
    lines: line ? [{ ...line, unitCents: 500 }] : [],
    revision: 1,
    sentAt: new Date(),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return id;
}

/** A new private list of the fixtures' customer: one line of the seeded tool. */
function customerList(f: Fixtures): Promise<string> {
  return insertList(f.app.db, {
    userEmail: f.customer.email,
    companyId: null,
    name: "Matrix list",
    lines: [{ sku: f.product.sku, quantity: 100 }],
  });
}

/** A new recurring order of the customer's list, its first run far ahead (paused when asked, for `resume`). */
async function customerSchedule(f: Fixtures, paused = false): Promise<string> {
  const id = await insertSchedule(f.app.db, {
    userEmail: f.customer.email,
    companyId: null,
    name: "Matrix schedule",
    listId: await customerList(f),
    everyWeeks: 1,
    startsOn: "2040-01-02",
    nextRunOn: "2040-01-02",
    phone: "5550100000",
    address: "1 Road",
  });
  if (paused) await updateSchedule(f.app.db, id, { status: "paused" });
  return id;
}

/**
 * The permission the route's guard asks (contract/src/permissions.ts), and of which record: left out, the
 * caller's own (placing an order). The matrix checks that `can` allows it exactly to the identities that get
 * past the guard, so the vocabulary and the routes cannot drift apart.
 */
interface Guard {
  action: Action;
  on?: (f: Fixtures) => Resource;
}
/** The records the guarded rows act on, by whose they are. */
const customersOwn = (f: Fixtures): Resource => ({ userEmail: f.customer.email, companyId: null });
const theCompanys = (f: Fixtures): Resource => ({ companyId: f.companyId });
const requestersOrder = (f: Fixtures): Resource => ({ userEmail: f.requester.email, companyId: f.companyId });
const colleagues = (f: Fixtures): Resource => ({ userEmail: "colleague@example.com", companyId: f.companyId });
const buyersOrder = (f: Fixtures): Resource => ({ userEmail: f.buyer.email, companyId: f.companyId });
const customersAddress = (f: Fixtures): Resource => ({ userEmail: f.customer.email });
/** The shop's records, as every admin route asks its permission of them. */
const backOffice = (): Resource => BACK_OFFICE;

interface Row {
  call: (f: Fixtures) => Promise<Call> | Call;
  expect: Expected;
  guard?: Guard;
  /** Undoes what the row's calls changed that later rows would notice. */
  after?: (f: Fixtures) => Promise<void>;
}

/** An admin route: it asks this permission of the back office; admins get `status`, everyone else 401 or 403. */
const inTheBackOffice = (action: Action, status: number): Pick<Row, "expect" | "guard"> => ({
  expect: adminOnly(status),
  guard: { action, on: backOffice },
});

const MATRIX: Record<string, Row> = {
  "GET /api/health": { call: () => ({ url: "/api/health" }), expect: anyone(200) },
  "GET /api/ready": { call: () => ({ url: "/api/ready" }), expect: anyone(200) },
  "GET /api/config": { call: () => ({ url: "/api/config" }), expect: anyone(200) },
  "GET /api/openapi.json": { call: () => ({ url: "/api/openapi.json" }), expect: anyone(200) },
  // The API reference page and its files (Swagger UI).
  "GET /api/docs": { call: () => ({ url: "/api/docs" }), expect: anyone(200) },
  "GET /api/docs/json": { call: () => ({ url: "/api/docs/json" }), expect: anyone(200) },
  "GET /api/docs/yaml": { call: () => ({ url: "/api/docs/yaml" }), expect: anyone(200) },
  "GET /api/docs/static/swagger-initializer.js": {
    call: () => ({ url: "/api/docs/static/swagger-initializer.js" }),
    expect: anyone(200),
  },
  "GET /api/docs/static/index.html": { call: () => ({ url: "/api/docs/static/index.html" }), expect: anyone(302) },
  "GET /api/docs/static/*": { call: () => ({ url: "/api/docs/static/swagger-ui.css" }), expect: anyone(200) },
  "POST /api/newsletter": {
    call: () => ({ url: "/api/newsletter", payload: { email: `n${fresh()}@example.com` } }),
    expect: anyone(201),
  },
  "GET /api/product": { call: () => ({ url: "/api/product" }), expect: anyone(200) },
  "GET /api/product/:id": { call: (f) => ({ url: `/api/product/${f.product._id}` }), expect: anyone(200) },
  "POST /api/product": {
    call: () => ({
      url: "/api/product",
      payload: { name: `Matrix ${fresh()}`, price: 5, quantity: 100, description: "d", image: "/images/x.webp" },
    }),
    ...inTheBackOffice("manage:product", 201),
  },
  "PATCH /api/product/:id": {
    // The low-stock threshold is an admin's edit like the stock.
    call: async (f) => ({
      url: `/api/product/${await addProduct(f)}`,
      payload: { quantity: 500, lowStockThreshold: 50 },
    }),
    ...inTheBackOffice("manage:product", 200),
  },
  "DELETE /api/product/:id": {
    call: async (f) => ({ url: `/api/product/${await addProduct(f)}` }),
    ...inTheBackOffice("manage:product", 200),
  },
  "GET /api/review": { call: () => ({ url: "/api/review" }), expect: anyone(200) },
  "POST /api/review": {
    call: () => ({
      url: "/api/review",
      payload: { name: "M", rating: 5, description: "Good.", image: "/images/x.webp" },
    }),
    expect: signedIn(201),
  },
  "GET /api/profile": { call: () => ({ url: "/api/profile" }), expect: signedIn(200) },
  "POST /api/profile": {
    call: () => ({
      url: "/api/profile",
      payload: {
        name: "M",
        phone: "5550100000",
        fburl: "https://facebook.com/m",
        address: "1 Road",
        image: "/images/x.webp",
      },
    }),
    expect: signedIn(200),
  },
  "POST /api/image": {
    call: (f) => {
      const body = multipartFile("image", "photo.jpg", "image/jpeg", f.jpeg);
      return { url: "/api/image", payload: body.payload, headers: body.headers };
    },
    expect: signedIn(200),
  },
  "GET /api/ordering": {
    call: (f) => ({ url: `/api/ordering?userEmail=${f.customer.email}` }),
    expect: { none: 401, forged: 401, expired: 401, customer: 200, other: 403, admin: 403 },
    guard: { action: "read:order", on: customersAddress },
  },
  "POST /api/ordering": {
    call: async (f) => ({
      url: "/api/ordering",
      payload: { orderId: await addProduct(f), quantity: 100, phone: "5550100000", address: "1 Road" },
    }),
    expect: { none: 401, forged: 401, expired: 401, customer: 201, other: 201, admin: 403 },
    guard: { action: "create:order" },
  },
  "GET /api/ordering/:id": {
    call: (f) => ({ url: `/api/ordering/${f.orderId}` }),
    expect: { none: 401, forged: 401, expired: 401, customer: 200, other: 404, admin: 404 },
    guard: { action: "read:order", on: customersOwn },
  },
  "POST /api/create-payment-intent": {
    call: (f) => ({ url: "/api/create-payment-intent", payload: { orderId: f.orderId, price: f.orderPrice } }),
    expect: { none: 401, forged: 401, expired: 401, customer: 200, other: 404, admin: 404 },
    guard: { action: "pay:order", on: customersOwn },
  },
  "POST /api/payments/test/confirm": {
    call: async (f) => {
      const intent = await f.app.inject({
        method: "POST",
        url: "/api/create-payment-intent",
        headers: bearer(f.customer.token),
        payload: { orderId: f.orderId, price: f.orderPrice },
      });
      // A declined card: the customer gets past the guard (402), the order stays payable for the next row.
      const card = { cardNumber: "4000000000000002", expiry: "12/34", cvc: "123" };
      return { url: "/api/payments/test/confirm", payload: { clientSecret: intent.json().clientSecret, ...card } };
    },
    expect: { none: 401, forged: 401, expired: 401, customer: 402, other: 404, admin: 404 },
    guard: { action: "pay:order", on: customersOwn },
  },
  // The owner gets past the guard: the order is still unpaid, so the answer is 409 "not complete yet".
  "POST /api/payments/:id/reconcile": {
    call: (f) => ({ url: `/api/payments/${f.orderId}/reconcile` }),
    expect: { none: 401, forged: 401, expired: 401, customer: 409, other: 404, admin: 404 },
  },
  // An invoice on account of the company's buyer: the buyer and the owners open a card payment of its balance;
  // its requesters, outsiders and admins cannot tell it exists.
  "POST /api/payments/:id/balance-intent": {
    call: async (f) => ({ url: `/api/payments/${await invoicedOrder(f)}/balance-intent` }),
    expect: { ...buyers(404), admin: 404, owner: 200, buyer: 200, requester: 404 },
    guard: { action: "pay:order", on: buyersOrder },
    after: takeTermsAway,
  },
  "POST /api/ordering/:id/cancel": {
    call: async (f) => ({ url: `/api/ordering/${await unpaidOrder(f)}/cancel` }),
    expect: { none: 401, forged: 401, expired: 401, customer: 200, other: 404, admin: 404 },
    guard: { action: "cancel:order", on: customersOwn },
  },
  // A change of the customer's own unpaid order (docs/decisions/072-order-changes.md): 125 pieces instead of 100.
  "POST /api/ordering/:id/changes/preview": {
    call: async (f) => {
      const orderId = await unpaidOrder(f);
      return { url: `/api/ordering/${orderId}/changes/preview`, payload: await moreOf(f, orderId) };
    },
    expect: { none: 401, forged: 401, expired: 401, customer: 200, other: 404, admin: 404 },
    guard: { action: "change:order", on: customersOwn },
  },
  "POST /api/ordering/:id/changes": {
    call: async (f) => {
      const orderId = await unpaidOrder(f);
      return {
        url: `/api/ordering/${orderId}/changes`,
        payload: { ...(await moreOf(f, orderId)), revision: 0, expectedTotal: 1250 },
      };
    },
    expect: { none: 401, forged: 401, expired: 401, customer: 200, other: 404, admin: 404 },
    guard: { action: "change:order", on: customersOwn },
  },
  // The buyer's answer to an admin's change that raises the total (docs/decisions/078-admins-change-orders.md): who
  // may change the order decides; anyone else, admins too, cannot tell the order exists.
  "POST /api/ordering/:id/proposed-change/accept": {
    call: (f) => proposalOf(f, "accept"),
    expect: { none: 401, forged: 401, expired: 401, customer: 200, other: 404, admin: 404 },
    guard: { action: "change:order", on: customersOwn },
  },
  "POST /api/ordering/:id/proposed-change/decline": {
    call: (f) => proposalOf(f, "decline"),
    expect: { none: 401, forged: 401, expired: 401, customer: 200, other: 404, admin: 404 },
    guard: { action: "change:order", on: customersOwn },
  },
  // The owner and any admin get the PDF; the other customer cannot tell the order exists.
  "GET /api/ordering/:id/invoice": {
    call: async (f) => ({ url: `/api/ordering/${await paidOrder(f)}/invoice` }),
    expect: { none: 401, forged: 401, expired: 401, customer: 200, other: 404, admin: 200 },
    guard: { action: "invoice:order", on: customersOwn },
  },
  "GET /api/admin/orders": {
    call: () => ({ url: "/api/admin/orders?status=unpaid" }),
    ...inTheBackOffice("read:order", 200),
  },
  "GET /api/admin/orders/counts": {
    call: () => ({ url: "/api/admin/orders/counts" }),
    ...inTheBackOffice("read:order", 200),
  },
  "GET /api/admin/orders.csv": {
    call: () => ({ url: "/api/admin/orders.csv?status=paid" }),
    ...inTheBackOffice("export:order", 200),
  },
  "GET /api/admin/orders/:id": {
    call: (f) => ({ url: `/api/admin/orders/${f.orderId}` }),
    ...inTheBackOffice("read:order", 200),
  },
  "POST /api/admin/orders/:id/ship": {
    call: async (f) => ({
      url: `/api/admin/orders/${await paidOrder(f)}/ship`,
      payload: { carrier: "DHL", trackingNumber: "00340434" },
    }),
    ...inTheBackOffice("ship:order", 200),
  },
  "POST /api/admin/orders/:id/deliver": {
    call: async (f) => ({ url: `/api/admin/orders/${await paidOrder(f, true)}/deliver` }),
    ...inTheBackOffice("deliver:order", 200),
  },
  "POST /api/admin/orders/:id/shipments": {
    call: (f) => shipmentOf(f),
    ...inTheBackOffice("ship:order", 200),
  },
  "POST /api/admin/orders/:id/shipments/:shipmentId/deliver": {
    call: async (f) => ({ url: `/api/admin/orders/${await shipmentPath(f)}/deliver` }),
    ...inTheBackOffice("deliver:order", 200),
  },
  "GET /api/ordering/:id/shipments/:shipmentId/packing-slip.pdf": {
    call: async (f) => ({ url: `/api/ordering/${await shipmentPath(f)}/packing-slip.pdf` }),
    expect: { none: 401, forged: 401, expired: 401, customer: 200, other: 404, admin: 200 },
    guard: { action: "read:shipment", on: customersOwn },
  },
  "GET /api/admin/stock/pick-list": {
    call: async (f) => ({ url: `/api/admin/stock/pick-list?warehouseId=${await firstWarehouseId(f)}` }),
    ...inTheBackOffice("manage:stock", 200),
  },
  // An admin's change of any order (docs/decisions/078-admins-change-orders.md): 125 pieces instead of 100, a rise
  // that waits for the buyer.
  "POST /api/admin/orders/:id/changes/preview": {
    call: async (f) => {
      const orderId = await unpaidOrder(f);
      return { url: `/api/admin/orders/${orderId}/changes/preview`, payload: await moreOf(f, orderId) };
    },
    ...inTheBackOffice("change:order", 200),
  },
  "POST /api/admin/orders/:id/changes": {
    call: async (f) => {
      const orderId = await unpaidOrder(f);
      return {
        url: `/api/admin/orders/${orderId}/changes`,
        payload: { ...(await moreOf(f, orderId)), revision: 0, expectedTotal: 1250 },
      };
    },
    ...inTheBackOffice("change:order", 200),
  },
  "POST /api/admin/orders/:id/cancel": {
    call: async (f) => ({ url: `/api/admin/orders/${await unpaidOrder(f)}/cancel` }),
    ...inTheBackOffice("cancel:order", 200),
  },
  "POST /api/admin/orders/:id/refund": {
    call: async (f) => ({ url: `/api/admin/orders/${await paidOrder(f)}/refund`, payload: { restock: true } }),
    ...inTheBackOffice("refund:order", 200),
  },
  "GET /api/admin/audit": { call: () => ({ url: "/api/admin/audit" }), ...inTheBackOffice("read:audit", 200) },
  // The shop owner's overview (docs/SELLING-TO-BUSINESSES.md, 'Overview for the shop owner'): figures of the whole
  // shop, for admins only.
  "GET /api/admin/stats": {
    call: () => ({ url: "/api/admin/stats?from=2026-01-01&to=2026-03-31" }),
    ...inTheBackOffice("read:stats", 200),
  },
  "GET /api/promotions": { call: () => ({ url: "/api/promotions" }), expect: anyone(200) },
  "GET /api/admin/promotions": {
    call: () => ({ url: "/api/admin/promotions" }),
    ...inTheBackOffice("manage:promotion", 200),
  },
  // Promotions no order of the matrix reaches (9 000 000 pieces), so the other rows' prices stay as they are.
  "POST /api/admin/promotions": {
    call: () => ({ url: "/api/admin/promotions", payload: { name: `M ${fresh()}`, percent: 5, minPieces: 9_000_000 } }),
    ...inTheBackOffice("manage:promotion", 201),
  },
  "PATCH /api/admin/promotions/:id": {
    call: async (f) => {
      const added = await f.app.inject({
        method: "POST",
        url: "/api/admin/promotions",
        headers: bearer(f.admin.token),
        payload: { name: `M ${fresh()}`, percent: 5, minPieces: 9_000_000 },
      });
      return { url: `/api/admin/promotions/${added.json().insertedId}`, payload: { active: false } };
    },
    ...inTheBackOffice("manage:promotion", 200),
  },
  "GET /api/admin/warehouses": {
    call: () => ({ url: "/api/admin/warehouses" }),
    ...inTheBackOffice("manage:stock", 200),
  },
  "POST /api/admin/warehouses": {
    call: () => ({
      url: "/api/admin/warehouses",
      payload: { code: `W${fresh().slice(-12)}`, name: "Matrix depot", address: "1 Depot Lane" },
    }),
    ...inTheBackOffice("manage:stock", 201),
  },
  "PATCH /api/admin/warehouses/:id": {
    call: async (f) => {
      const [first] = (await f.app.inject({ url: "/api/admin/warehouses", headers: bearer(f.admin.token) })).json();
      return { url: `/api/admin/warehouses/${first._id}`, payload: { name: `Main ${fresh()}` } };
    },
    ...inTheBackOffice("manage:stock", 200),
  },
  "GET /api/admin/stock/:productId": {
    call: (f) => ({ url: `/api/admin/stock/${f.product._id}` }),
    ...inTheBackOffice("manage:stock", 200),
  },
  "GET /api/admin/stock/backorders": {
    call: () => ({ url: "/api/admin/stock/backorders" }),
    ...inTheBackOffice("manage:stock", 200),
  },
  "POST /api/admin/stock/movements": {
    call: async (f) => {
      const [first] = (await f.app.inject({ url: "/api/admin/warehouses", headers: bearer(f.admin.token) })).json();
      return {
        url: "/api/admin/stock/movements",
        payload: { productId: f.product._id, warehouseId: first._id, quantity: 1, kind: "received" },
      };
    },
    ...inTheBackOffice("manage:stock", 201),
  },
  "GET /api/cart": { call: () => ({ url: "/api/cart" }), expect: buyers(200), guard: { action: "create:order" } },
  "PUT /api/cart/lines/:productId": {
    call: (f) => ({ url: `/api/cart/lines/${f.product._id}`, payload: { quantity: 100 } }),
    expect: buyers(200),
    guard: { action: "create:order" },
  },
  "DELETE /api/cart/lines/:productId": {
    call: (f) => ({ url: `/api/cart/lines/${f.product._id}` }),
    expect: buyers(200),
    guard: { action: "create:order" },
  },
  "DELETE /api/cart": { call: () => ({ url: "/api/cart" }), expect: buyers(200), guard: { action: "create:order" } },
  "POST /api/pricing/quote": {
    call: (f) => ({ url: "/api/pricing/quote", payload: { lines: [{ productId: f.product._id, quantity: 100 }] } }),
    expect: buyers(200),
    guard: { action: "create:order" },
  },
  // Past the guard with an empty cart: 409 "Your cart is empty", and nothing placed.
  // Past the guard: an unknown SKU is reported by its row, and nothing is added.
  "POST /api/cart/import": {
    call: () => ({ url: "/api/cart/import", payload: { text: "NO-SUCH-SKU,100" } }),
    expect: buyers(200),
    guard: { action: "create:order" },
  },
  // Own orders, and the company's for its members: the customer's order reaches only the customer.
  "POST /api/ordering/:id/reorder": {
    call: (f) => ({ url: `/api/ordering/${f.orderId}/reorder` }),
    expect: { none: 401, forged: 401, expired: 401, customer: 200, other: 404, admin: 403 },
    guard: { action: "reorder:order", on: customersOwn },
    after: async (f) => {
      await f.app.inject({ method: "DELETE", url: "/api/cart", headers: bearer(f.customer.token) });
    },
  },
  "POST /api/cart/checkout": {
    call: () => ({ url: "/api/cart/checkout", payload: { phone: "5550100000", address: "1 Road", expectedTotal: 0 } }),
    expect: buyers(409),
    guard: { action: "create:order" },
  },
  "GET /api/admin/:email": {
    call: (f) => ({ url: `/api/admin/${f.customer.email}` }),
    expect: { none: 401, forged: 401, expired: 401, customer: 200, other: 403, admin: 200 },
    guard: { action: "read:user", on: customersAddress },
  },
  "GET /api/user": { call: () => ({ url: "/api/user" }), ...inTheBackOffice("read:user", 200) },
  "PUT /api/user/admin/:email": {
    call: async (f) => {
      const customer = await signUp(f.app);
      await markAddressConfirmed(f.app, customer.email);
      return { url: `/api/user/admin/${customer.email}` };
    },
    ...inTheBackOffice("manage:user", 200),
  },
  // Trading a session for a token needs the identity session's cookie: a bearer token is not enough.
  "PUT /api/user/:email": { call: (f) => ({ url: `/api/user/${f.customer.email}` }), expect: anyone(401) },
  // Companies (docs/SELLING-TO-BUSINESSES.md, 'Companies'): the two customers may each make one (and leave it again
  // after the row).
  "POST /api/companies": {
    call: () => ({ url: "/api/companies", payload: { name: `Matrix ${fresh()}` } }),
    expect: { ...buyers(201), owner: 409, buyer: 409, requester: 409 },
    guard: { action: "join:company" },
    after: (f) => leaveCompanies(f, [f.customer, f.other]),
  },
  // Everyone signed in gets 200: their company, or null when they belong to none (admins included).
  "GET /api/companies/mine": {
    call: () => ({ url: "/api/companies/mine" }),
    expect: { ...members(200), customer: 200, other: 200, admin: 200 },
  },
  "GET /api/companies/mine/prices": {
    call: () => ({ url: "/api/companies/mine/prices" }),
    expect: { ...members(200), customer: 200, other: 200, admin: 200 },
  },
  "GET /api/companies/:id": {
    call: (f) => ({ url: `/api/companies/${f.companyId}` }),
    expect: members(200),
    guard: { action: "read:company", on: theCompanys },
  },
  "GET /api/companies/:id/credit": {
    call: (f) => ({ url: `/api/companies/${f.companyId}/credit` }),
    expect: members(200, 200, 403),
    guard: { action: "read:credit", on: theCompanys },
  },
  // What the company owes, as its credit: owners and buyers; its requesters 403, everyone outside 404.
  "GET /api/companies/:id/statement": {
    call: (f) => ({ url: `/api/companies/${f.companyId}/statement` }),
    expect: members(200, 200, 403),
    guard: { action: "read:credit", on: theCompanys },
  },
  "GET /api/companies/:id/statement.pdf": {
    call: (f) => ({ url: `/api/companies/${f.companyId}/statement.pdf?month=2026-01` }),
    expect: members(200, 200, 403),
    guard: { action: "read:credit", on: theCompanys },
  },
  "GET /api/companies/:id/statement.csv": {
    call: (f) => ({ url: `/api/companies/${f.companyId}/statement.csv?month=2026-01` }),
    expect: members(200, 200, 403),
    guard: { action: "read:credit", on: theCompanys },
  },
  "PATCH /api/companies/:id": {
    call: (f) => ({ url: `/api/companies/${f.companyId}`, payload: { name: "Matrix Co" } }),
    expect: members(200, 403),
    guard: { action: "update:company", on: theCompanys },
  },
  "GET /api/companies/:id/members": {
    call: (f) => ({ url: `/api/companies/${f.companyId}/members` }),
    expect: members(200),
    guard: { action: "read:member", on: theCompanys },
  },
  "PATCH /api/companies/:id/members/:email": {
    call: (f) => ({ url: `/api/companies/${f.companyId}/members/${f.buyer.email}`, payload: { monthlyLimit: null } }),
    expect: members(200, 403),
    guard: { action: "update:member", on: theCompanys },
  },
  // A colleague who joined for the row: an owner removes them, a buyer or requester may not.
  "DELETE /api/companies/:id/members/:email": {
    call: async (f) => {
      const colleague = await signUp(f.app);
      await addMember(f.app.db, { companyId: f.companyId, email: colleague.email, role: "buyer" });
      return { url: `/api/companies/${f.companyId}/members/${colleague.email}` };
    },
    expect: members(200, 403),
    guard: { action: "remove:member", on: colleagues },
  },
  "POST /api/companies/:id/invitations": {
    call: (f) => ({
      url: `/api/companies/${f.companyId}/invitations`,
      payload: { email: `invited.${fresh()}@example.com`, role: "buyer" },
    }),
    expect: members(201, 403),
    guard: { action: "manage:invitation", on: theCompanys },
  },
  "GET /api/companies/:id/invitations": {
    call: (f) => ({ url: `/api/companies/${f.companyId}/invitations` }),
    expect: members(200, 403),
    guard: { action: "manage:invitation", on: theCompanys },
  },
  "DELETE /api/companies/:id/invitations/:invitationId": {
    call: async (f) => {
      const { id } = await invitation(f, `invited.${fresh()}@example.com`);
      return { url: `/api/companies/${f.companyId}/invitations/${id}` };
    },
    expect: members(200, 403),
    guard: { action: "manage:invitation", on: theCompanys },
  },
  // An invitation to the customer: only that address reads it; everyone else, its company's owner too, 404.
  "GET /api/invitations/:token": {
    call: async (f) => ({ url: `/api/invitations/${(await invitation(f, f.customer.email)).token}` }),
    expect: { ...buyers(404), customer: 200, admin: 404 },
    guard: { action: "read:invitation", on: customersAddress },
  },
  // The customer's address is not confirmed: past the guard, 403 "Confirm your email address first".
  "POST /api/invitations/:token/accept": {
    call: async (f) => ({ url: `/api/invitations/${(await invitation(f, f.customer.email)).token}/accept` }),
    expect: { ...buyers(404), customer: 403 },
  },
  "GET /api/companies/:id/addresses": {
    call: (f) => ({ url: `/api/companies/${f.companyId}/addresses` }),
    expect: members(200),
    guard: { action: "read:address", on: theCompanys },
  },
  "POST /api/companies/:id/addresses": {
    call: (f) => ({
      url: `/api/companies/${f.companyId}/addresses`,
      payload: { label: "Yard", address: "1 Road", phone: "5550100000" },
    }),
    expect: members(201, 403),
    guard: { action: "manage:address", on: theCompanys },
    after: clearAddresses,
  },
  "DELETE /api/companies/:id/addresses/:addressId": {
    call: async (f) => {
      const id = await addAddress(f.app.db, f.companyId, { label: "Yard", address: "1 Road", phone: "5550100000" });
      return { url: `/api/companies/${f.companyId}/addresses/${id}` };
    },
    expect: members(200, 403),
    guard: { action: "manage:address", on: theCompanys },
    after: clearAddresses,
  },
  "GET /api/companies/:id/orders": {
    call: (f) => ({ url: `/api/companies/${f.companyId}/orders` }),
    expect: members(200),
    guard: { action: "read:order", on: theCompanys },
  },
  // A waiting order of the requester for each call: its company's owners decide, its other members may not.
  "POST /api/companies/:id/orders/:orderId/approve": {
    call: async (f) => ({ url: `/api/companies/${f.companyId}/orders/${await waitingOrder(f)}/approve` }),
    expect: members(200, 403),
    guard: { action: "approve:order", on: requestersOrder },
  },
  "POST /api/companies/:id/orders/:orderId/reject": {
    call: async (f) => ({
      url: `/api/companies/${f.companyId}/orders/${await waitingOrder(f)}/reject`,
      payload: { note: "Not this month" },
    }),
    expect: members(200, 403),
    guard: { action: "reject:order", on: requestersOrder },
  },
  // Saved lists (docs/RECURRING.md): the customer's own, private list; company members' shared lists are in
  // lists/lists.test.ts. Admins do not buy (403); anyone else cannot tell the list exists (404).
  "GET /api/lists": { call: () => ({ url: "/api/lists" }), expect: buyers(200), guard: { action: "create:list" } },
  "POST /api/lists": {
    call: (f) => ({ url: "/api/lists", payload: { name: "Kit", lines: [{ sku: f.product.sku, quantity: 100 }] } }),
    expect: buyers(201),
    guard: { action: "create:list" },
  },
  "GET /api/lists/:id": {
    call: async (f) => ({ url: `/api/lists/${await customerList(f)}` }),
    expect: { ...buyers(404), customer: 200 },
    guard: { action: "read:list", on: customersOwn },
  },
  "PATCH /api/lists/:id": {
    call: async (f) => ({ url: `/api/lists/${await customerList(f)}`, payload: { name: "Renamed" } }),
    expect: { ...buyers(404), customer: 200 },
    guard: { action: "update:list", on: customersOwn },
  },
  "DELETE /api/lists/:id": {
    call: async (f) => ({ url: `/api/lists/${await customerList(f)}` }),
    expect: { ...buyers(404), customer: 200 },
    guard: { action: "delete:list", on: customersOwn },
  },
  "POST /api/lists/:id/cart": {
    call: async (f) => ({ url: `/api/lists/${await customerList(f)}/cart` }),
    expect: { ...buyers(404), customer: 200 },
    guard: { action: "read:list", on: customersOwn },
    after: (f) => clearCart(f.app.db, f.customer.email),
  },
  "GET /api/lists/:id/csv": {
    call: async (f) => ({ url: `/api/lists/${await customerList(f)}/csv` }),
    expect: { ...buyers(404), customer: 200 },
    guard: { action: "read:list", on: customersOwn },
  },
  "POST /api/lists/:id/import": {
    call: async (f) => ({ url: `/api/lists/${await customerList(f)}/import`, payload: { text: "NO-SUCH-SKU;100" } }),
    expect: { ...buyers(404), customer: 200 },
    guard: { action: "update:list", on: customersOwn },
  },
  // Recurring orders: the source list decides who may make one of it (the customer's here: 404 to anyone else).
  "GET /api/recurring": {
    call: () => ({ url: "/api/recurring" }),
    expect: buyers(200),
    guard: { action: "create:recurring" },
  },
  "POST /api/recurring": {
    call: async (f) => ({
      url: "/api/recurring",
      payload: {
        from: { listId: await customerList(f) },
        every: { weeks: 1 },
        startsOn: "2040-01-02",
        phone: "5550100000",
        address: "1 Road",
      },
    }),
    expect: { ...buyers(404), customer: 201 },
    guard: { action: "read:list", on: customersOwn },
  },
  "GET /api/recurring/:id": {
    call: async (f) => ({ url: `/api/recurring/${await customerSchedule(f)}` }),
    expect: { ...buyers(404), customer: 200 },
    guard: { action: "read:recurring", on: customersOwn },
  },
  "POST /api/recurring/:id/pause": {
    call: async (f) => ({ url: `/api/recurring/${await customerSchedule(f)}/pause` }),
    expect: { ...buyers(404), customer: 200 },
    guard: { action: "update:recurring", on: customersOwn },
  },
  "POST /api/recurring/:id/resume": {
    call: async (f) => ({ url: `/api/recurring/${await customerSchedule(f, true)}/resume` }),
    expect: { ...buyers(404), customer: 200 },
    guard: { action: "update:recurring", on: customersOwn },
  },
  "POST /api/recurring/:id/skip": {
    call: async (f) => ({ url: `/api/recurring/${await customerSchedule(f)}/skip` }),
    expect: { ...buyers(404), customer: 200 },
    guard: { action: "update:recurring", on: customersOwn },
  },
  "POST /api/recurring/:id/end": {
    call: async (f) => ({ url: `/api/recurring/${await customerSchedule(f)}/end` }),
    expect: { ...buyers(404), customer: 200 },
    guard: { action: "update:recurring", on: customersOwn },
  },
  // Past the guard with an empty cart: 409 "Your cart is empty", nothing asked.
  "POST /api/quotes": {
    call: () => ({ url: "/api/quotes", payload: { note: "Price these" } }),
    expect: buyers(409),
    guard: { action: "create:quote" },
  },
  "GET /api/quotes": { call: () => ({ url: "/api/quotes" }), expect: buyers(200), guard: { action: "create:quote" } },
  "GET /api/quotes/:id": {
    call: async (f) => ({ url: `/api/quotes/${await customerQuote(f)}` }),
    expect: { ...buyers(404), customer: 200 },
    guard: { action: "read:quote", on: customersOwn },
  },
  // Whoever may read the quote gets its PDF; anyone else cannot tell it exists.
  "GET /api/quotes/:id/pdf": {
    call: async (f) => ({ url: `/api/quotes/${await pricedQuote(f)}/pdf` }),
    expect: { ...buyers(404), customer: 200 },
    guard: { action: "read:quote", on: customersOwn },
  },
  // Who asked gets past the guard: the quote has no price yet (409); anyone else cannot tell it exists.
  "POST /api/quotes/:id/accept": {
    call: async (f) => ({
      url: `/api/quotes/${await customerQuote(f)}/accept`,
      payload: { phone: "5550100000", address: "1 Road", revision: 1 },
    }),
    expect: { ...buyers(404), customer: 409 },
    guard: { action: "accept:quote", on: customersOwn },
  },
  "POST /api/quotes/:id/decline": {
    call: async (f) => ({ url: `/api/quotes/${await customerQuote(f)}/decline` }),
    expect: { ...buyers(404), customer: 200 },
    guard: { action: "decline:quote", on: customersOwn },
  },
  "GET /api/admin/quotes": { call: () => ({ url: "/api/admin/quotes" }), ...inTheBackOffice("price:quote", 200) },
  "GET /api/admin/quotes/:id": {
    call: async (f) => ({ url: `/api/admin/quotes/${await customerQuote(f)}` }),
    ...inTheBackOffice("price:quote", 200),
  },
  "POST /api/admin/quotes/:id/preview": {
    call: async (f) => ({
      url: `/api/admin/quotes/${await customerQuote(f)}/preview`,
      payload: { lines: [{ productId: f.product._id, unitPrice: 5 }] },
    }),
    ...inTheBackOffice("price:quote", 200),
  },
  "GET /api/admin/quotes/:id/pdf": {
    call: async (f) => ({ url: `/api/admin/quotes/${await pricedQuote(f)}/pdf` }),
    ...inTheBackOffice("price:quote", 200),
  },
  "POST /api/admin/quotes/:id/send": {
    call: async (f) => ({
      url: `/api/admin/quotes/${await customerQuote(f)}/send`,
      payload: {
        lines: [{ productId: f.product._id, unitPrice: 5 }],
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    }),
    ...inTheBackOffice("price:quote", 200),
  },
  "GET /api/admin/companies": {
    call: () => ({ url: "/api/admin/companies" }),
    ...inTheBackOffice("manage:terms", 200),
  },
  "PATCH /api/admin/companies/:id": {
    call: (f) => ({ url: `/api/admin/companies/${f.companyId}`, payload: { paymentTerms: null } }),
    ...inTheBackOffice("manage:terms", 200),
  },
  "POST /api/admin/companies/:id/payments": {
    call: (f) => ({
      url: `/api/admin/companies/${f.companyId}/payments`,
      payload: { amount: 1, receivedAt: "2026-01-02", reference: `MATRIX-${randomUUID()}` },
    }),
    ...inTheBackOffice("record:payment", 201),
  },
  // A credit note on a new invoiced order of the company's buyer, for each caller.
  "POST /api/admin/orders/:id/credit-notes": {
    call: async (f) => ({
      url: `/api/admin/orders/${await invoicedOrder(f)}/credit-notes`,
      payload: { amount: 1, reason: "Goodwill" },
    }),
    ...inTheBackOffice("credit:order", 201),
  },
  // Whoever gets the order's invoice gets its credit notes: its buyer, who reads the company's credit (owners and
  // buyers), admins; a requester, as anyone else, cannot tell a colleague's exists.
  "GET /api/ordering/:id/credit-notes/:number": {
    call: async (f) => ({ url: (await creditedOrder(f)).creditNote }),
    expect: { ...members(200, 200, 404), admin: 200 },
    guard: { action: "invoice:order", on: buyersOrder },
    after: takeTermsAway,
  },
  // Each shipment on account issues its invoice (decision 077): whoever gets the order's invoice gets it, and a
  // requester cannot tell a colleague's exists.
  "GET /api/ordering/:id/shipments/:shipmentId/invoice": {
    call: async (f) => ({ url: await shipmentInvoicePath(f) }),
    expect: { ...members(200, 200, 404), admin: 200 },
    guard: { action: "invoice:order", on: buyersOrder },
    after: takeTermsAway,
  },
  "GET /api/admin/receivables": {
    call: () => ({ url: "/api/admin/receivables" }),
    ...inTheBackOffice("read:receivables", 200),
  },
  "PUT /api/admin/companies/:id/tax-exemption": {
    call: (f) => ({ url: `/api/admin/companies/${f.companyId}/tax-exemption`, payload: { taxExempt: false } }),
    ...inTheBackOffice("manage:terms", 200),
  },
  "GET /api/admin/companies/:id/prices": {
    call: (f) => ({ url: `/api/admin/companies/${f.companyId}/prices` }),
    ...inTheBackOffice("manage:price", 200),
  },
  "PUT /api/admin/companies/:id/prices": {
    call: (f) => ({
      url: `/api/admin/companies/${f.companyId}/prices`,
      payload: [{ sku: f.product.sku, unitPrice: f.product.price }],
    }),
    ...inTheBackOffice("manage:price", 200),
    after: (f) => replaceContractPrices(f.app.db, f.companyId, []),
  },
  "GET /api/admin/companies/:id/prices.csv": {
    call: (f) => ({ url: `/api/admin/companies/${f.companyId}/prices.csv` }),
    ...inTheBackOffice("manage:price", 200),
  },
  "PUT /api/admin/companies/:id/prices.csv": {
    call: (f) => ({
      url: `/api/admin/companies/${f.companyId}/prices.csv`,
      payload: Buffer.from("sku,unitPrice\r\n"),
      headers: { "content-type": "text/csv" },
    }),
    ...inTheBackOffice("manage:price", 200),
  },
};

/** The identity provider's own calls check their own credentials; identity.test.ts covers them. */
const NOT_IN_MATRIX = [
  "POST /api/auth/*",
  "GET /api/auth/*",
  "POST /api/auth/sign-in/email",
  "POST /api/auth/sign-up/email",
  "POST /api/auth/request-password-reset",
  "POST /api/auth/reset-password",
  "GET /api/auth/reset-password/:token",
  "GET /api/auth/get-session",
  "POST /api/auth/sign-out",
  "POST /api/auth/send-verification-email",
  "GET /api/auth/verify-email",
  "POST /api/auth/sign-in/social",
  "GET /api/auth/callback/google",
];

describe("authorization matrix", () => {
  let fixtures: Fixtures;
  let tokens: Record<Identity, string | null>;
  /** Per route ("GET /api/product/:id"), the statuses the OpenAPI document says it answers. */
  let documented: (route: string) => string[];
  /** Whether the document says the route takes an `Idempotency-Key`. */
  let keyed: (route: string) => boolean;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const ctx = await createTestApp({ seed: true });
    close = ctx.close;
    const customer = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const admin = await signUp(ctx.app, { admin: true });
    const owner = await signUp(ctx.app, { confirmed: true });
    const buyer = await signUp(ctx.app, { confirmed: true });
    const requester = await signUp(ctx.app, { confirmed: true });
    const company = await ctx.app.inject({
      method: "POST",
      url: "/api/companies",
      headers: bearer(owner.token),
      payload: { name: "Matrix Co" },
    });
    const companyId: string = company.json().insertedId;
    await addMember(ctx.app.db, { companyId, email: buyer.email, role: "buyer" });
    await addMember(ctx.app.db, { companyId, email: requester.email, role: "requester" });
    const [product] = (await ctx.app.inject({ method: "GET", url: "/api/product?limit=1" })).json<Product[]>();
    if (!product) throw new Error("no seeded product");
    const order = await ctx.app.inject({
      method: "POST",
      url: "/api/ordering",
      headers: bearer(customer.token),
      payload: { orderId: product._id, quantity: 100, phone: "5550100000", address: "1 Road" },
    });
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer();
    const { paths } = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const operationOf = (route: string) => {
      const [method, url] = route.split(" ") as [string, string];
      return paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()];
    };
    documented = (route) => Object.keys(operationOf(route)?.responses ?? {});
    keyed = (route) =>
      (operationOf(route)?.parameters ?? []).some(
        (parameter: { in: string; name: string }) => parameter.in === "header" && parameter.name === "idempotency-key",
      );
    const orderId = order.json().insertedId;
    const placed = await ctx.app.inject({
      method: "GET",
      url: `/api/ordering/${orderId}`,
      headers: bearer(customer.token),
    });
    fixtures = {
      app: ctx.app,
      customer,
      other,
      admin,
      companyId,
      owner,
      buyer,
      requester,
      product,
      orderId,
      orderPrice: placed.json().price,
      jpeg,
    };
    tokens = {
      none: null,
      forged: await accessTokens("a-different-secret-0000000000000000000000").issue(admin),
      expired: await accessTokens(TEST_AUTH_SECRET).issue(admin, Math.floor(Date.now() / 1000) - 1),
      customer: customer.token,
      other: other.token,
      admin: admin.token,
      owner: owner.token,
      buyer: buyer.token,
      requester: requester.token,
    };
  });
  afterAll(() => close());

  it("has a row for every API route the app serves", () => {
    const served = fixtures.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    const missing = served.filter((route) => !(route in MATRIX) && !NOT_IN_MATRIX.includes(route));
    expect(missing).toEqual([]);
    expect(Object.keys(MATRIX).filter((route) => !served.includes(route))).toEqual([]);
  });

  it("takes an Idempotency-Key on every route that creates or moves money, and on no other", () => {
    expect(Object.keys(MATRIX).filter(keyed)).toEqual([
      "POST /api/ordering",
      "POST /api/create-payment-intent",
      "POST /api/payments/test/confirm",
      "POST /api/payments/:id/reconcile",
      "POST /api/payments/:id/balance-intent",
      "POST /api/cart/checkout",
      "POST /api/quotes/:id/accept",
      "POST /api/admin/companies/:id/payments",
      "POST /api/admin/orders/:id/credit-notes",
    ]);
  });

  it("asks a back-office permission on every admin route, and each of them on one at least", () => {
    const adminRows = Object.entries(MATRIX).filter(
      ([, row]) => row.expect.admin !== 403 && row.expect.customer === 403,
    );
    expect(adminRows.filter(([, row]) => row.guard?.on !== backOffice).map(([route]) => route)).toEqual([]);
    const asked = new Set(adminRows.map(([, row]) => `${row.guard?.action}:any`));
    expect(backOfficePermissions().filter((permission) => !asked.has(permission))).toEqual([]);
  });

  it("guards every permission of the vocabulary on a route, past which `can`'s identities get and no other", () => {
    // GET /api/review?email= lists only the caller's own reviews: review.test.ts shows it (its row here is the
    // public list).
    const elsewhere: string[] = ["read:review"];
    const guarded = new Set(Object.values(MATRIX).flatMap((row) => (row.guard ? [row.guard.action] : [])));
    const actionOf = (permission: string) => permission.split(":").slice(0, 2).join(":");
    expect(
      allPermissions().filter(
        (permission) => !guarded.has(actionOf(permission) as Action) && !elsewhere.includes(actionOf(permission)),
      ),
    ).toEqual([]);

    const f = fixtures;
    const inTheCompany = (email: string, role: "owner" | "buyer" | "requester"): Actor => ({
      email,
      role: "customer",
      company: { id: f.companyId, role },
    });
    const actors: Partial<Record<Identity, Actor>> = {
      customer: { email: f.customer.email, role: "customer", company: null },
      other: { email: f.other.email, role: "customer", company: null },
      admin: { email: f.admin.email, role: "admin", company: null },
      owner: inTheCompany(f.owner.email, "owner"),
      buyer: inTheCompany(f.buyer.email, "buyer"),
      requester: inTheCompany(f.requester.email, "requester"),
    };
    for (const [route, { guard, expect: statuses }] of Object.entries(MATRIX)) {
      if (!guard) continue;
      for (const [identity, actor] of Object.entries(actors) as [Identity, Actor][]) {
        const passes = ![403, 404].includes(expectedOf(statuses, identity));
        expect({ route, identity, can: can(actor, guard.action, guard.on?.(f)) }).toEqual({
          route,
          identity,
          can: passes,
        });
      }
    }
  });

  // What the company owes is read by who reads its credit (`read:credit`: owners and buyers) and by an order's
  // buyer of that order (docs/decisions/058-what-requesters-read.md): the answers every member gets leave it out
  // for a requester, and a colleague's invoice and credit notes are 404 to them, as to a stranger.
  it("tells the company's money on account only to who reads its credit, and an order's to its buyer", async () => {
    const f = fixtures;
    onTestFinished(() => takeTermsAway(f));
    const credited = await creditedOrder(f);
    const orderId = credited.order.split("/").pop();
    const money = ["amountPaid", "credited", "creditNotes", "moneyMovements", "balance", "creditable", "overdue"];
    const get = (identity: Identity, url: string) =>
      f.app.inject({ method: "GET", url, headers: bearer(tokens[identity] ?? "") });
    /** A JSON answer's fields of money on account present, or its status when it is not 200. */
    const moneyIn = async <Body>(identity: Identity, url: string, pick: (body: Body) => object | undefined) => {
      const answer = await get(identity, url);
      if (answer.statusCode !== 200) return answer.statusCode;
      return Object.keys(pick(answer.json<Body>()) ?? {}).filter((field) => [...money, "creditLimit"].includes(field));
    };
    const reads = async (identity: Identity) => ({
      identity,
      company: await moneyIn(
        identity,
        `/api/companies/${f.companyId}`,
        (company: Company) => company.paymentTerms ?? {},
      ),
      companyOrders: await moneyIn(identity, `/api/companies/${f.companyId}/orders`, (orders: Order[]) =>
        orders.find((order) => order._id === orderId),
      ),
      order: await moneyIn(identity, credited.order, (order: Order) => order),
      invoice: (await get(identity, `${credited.order}/invoice`)).statusCode,
      shipmentInvoice: (await get(identity, shipmentInvoice)).statusCode,
      creditNote: (await get(identity, credited.creditNote)).statusCode,
    });
    const shipped = await get("admin", `/api/admin/orders/${orderId}`);
    const shipmentInvoice = `${credited.order}/shipments/${shipped.json<Order>().shipments[0]?._id}/invoice`;
    const all = {
      company: ["creditLimit"],
      companyOrders: money,
      order: money,
      invoice: 200,
      shipmentInvoice: 200,
      creditNote: 200,
    };
    const stranger = {
      company: 404,
      companyOrders: 404,
      order: 404,
      invoice: 404,
      shipmentInvoice: 404,
      creditNote: 404,
    };
    expect(await reads("owner")).toEqual({ identity: "owner", ...all });
    expect(await reads("buyer")).toEqual({ identity: "buyer", ...all });
    expect(await reads("requester")).toEqual({
      identity: "requester",
      company: [],
      companyOrders: [],
      order: [],
      invoice: 404,
      shipmentInvoice: 404,
      creditNote: 404,
    });
    expect(await reads("other")).toEqual({ identity: "other", ...stranger });
    expect(await reads("admin")).toEqual({
      identity: "admin",
      ...stranger,
      invoice: 200,
      shipmentInvoice: 200,
      creditNote: 200,
    });
  });

  // Authentication runs in onRequest, before the body is read: a broken body changes nothing for a stranger.
  it("answers 401 to a caller without a token on every protected route, whatever the body", async () => {
    const protectedRoutes = Object.entries(MATRIX).filter(([, row]) => row.expect.none === 401);
    expect(protectedRoutes.length).toBeGreaterThan(10);
    for (const [route] of protectedRoutes) {
      const [method, url] = route.split(" ") as ["GET" | "POST" | "PUT" | "PATCH" | "DELETE", string];
      const concrete = url.replace(":email", "someone@example.com").replace(":id", "not-a-uuid");
      for (const payload of ["{", "", '{"name":""}']) {
        const response = await fixtures.app.inject({
          method,
          url: concrete,
          headers: { "content-type": "application/json" },
          ...(method === "GET" ? {} : { payload }),
        });
        expect({ route, payload, status: response.statusCode }).toEqual({ route, payload, status: 401 });
      }
    }
  });

  // The permission is asked in onRequest too: a customer is refused whatever the body, the id or the query.
  it("answers 403 Admin Access Only to a customer on every admin route, whatever the body", async () => {
    const adminRoutes = Object.entries(MATRIX).filter(([, row]) => row.guard?.on === backOffice);
    for (const [route] of adminRoutes) {
      const [method, url] = route.split(" ") as ["GET" | "POST" | "PUT" | "PATCH" | "DELETE", string];
      const concrete = url.replace(":email", "someone@example.com").replace(":id", "not-a-uuid");
      for (const payload of ["{", "", '{"name":""}']) {
        const response = await fixtures.app.inject({
          method,
          url: concrete,
          headers: { "content-type": "application/json", ...bearer(fixtures.customer.token) },
          ...(method === "GET" ? {} : { payload }),
        });
        expect({ route, payload, status: response.statusCode, message: response.json().message }).toEqual({
          route,
          payload,
          status: 403,
          message: MESSAGES.adminOnly,
        });
      }
    }
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    const expected = IDENTITIES.map((identity) => `${identity} ${expectedOf(row.expect, identity)}`).join(", ");
    it(`${route}: ${expected}`, async () => {
      const method = route.split(" ")[0] as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
      onTestFinished(async () => row.after?.(fixtures));
      for (const identity of IDENTITIES) {
        const call = await row.call(fixtures);
        const token = tokens[identity];
        // Every identity sends the same key: a kept answer reaching another account would show here as
        // another status (the first caller's, or 422 for another body).
        const key = keyed(route) ? { "idempotency-key": `matrix ${route}` } : {};
        const response = await fixtures.app.inject({
          method,
          url: call.url,
          headers: { ...call.headers, ...key, ...(token ? bearer(token) : {}) },
          ...(call.payload ? { payload: call.payload } : {}),
        });
        const status = expectedOf(row.expect, identity);
        expect({ identity, status: response.statusCode }).toEqual({ identity, status });
        expect(response.headers["idempotent-replayed"]).toBeUndefined();
        // What the caller got is an answer the document describes (the reference page's files are not in it).
        if (!route.startsWith("GET /api/docs")) expect(documented(route)).toContain(String(response.statusCode));
      }
    });
  }
});
