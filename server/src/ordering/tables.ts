import {
  CLOSED_ORDER_STATUSES,
  derivedStatus,
  FULFILMENT_STATUSES,
  MONEY_HELD_PAYMENTS,
  ORDER_EVENT_KINDS,
  ORDER_STATUSES,
  type OrderChangeBody,
  PAID_WITH,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  POSSIBLE_FACTS,
  PRICE_SOURCES,
  type ProposedChange,
  SENT_FULFILMENTS,
  SHIPPING_PREFERENCES,
} from "@forgeline/contract";
import { type Column, notInArray, type SQL, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { cents, createdAt, isOneOf, isOneOfRows, statusWord } from "../db/columns.js";

/**
 * The order numbers people say on the phone (FL-100001, FL-100002, …): rising and unique, not gapless (a
 * placement that rolls back uses one up). Invoices have their own gapless sequence.
 */
export const orderNumbers = pgSequence("order_numbers", { startWith: 100001 });

/** An order's money columns, as the SQL around them names them. */
interface BalanceColumns {
  total: SQL;
  credited: SQL;
  paid: SQL;
}

/**
 * What an order owes, in SQL (contract order-balance.ts `owedCents`, which every page and answer reads): its total
 * less what credit notes took off and what was paid; and whether that is something. A closed order owes nothing:
 * every query that reads these reads only orders not closed (`notClosed`, or `owingOnAccount`), so the sums stay
 * on the columns the index `orders_owing_on_account` holds.
 */
const balanceOver = ({ total, credited, paid }: BalanceColumns) => ({
  owed: sql<number>`${total} - ${credited} - ${paid}`,
  owes: sql`${paid} + ${credited} < ${total}`,
});

/**
 * An order on account with money still to come (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'): what a
 * company's credit counts, and once invoiced (it has a due date) what it owes. A handful of rows per company
 * however long its history: the receivables and the overview read them through `orders_owing_on_account` alone.
 * Written out with bare column names, not built from parameters, so the planner can match a query's condition to
 * the index's (and the migrated index's text stays as it is). A paid order owes nothing whatever its columns say;
 * saying so also gives the planner a condition it can count (it takes `amount_paid_cents < total_cents` for a third
 * of all orders, and plans for ten times the rows).
 */
export const owingOnAccount = sql.join(
  [
    sql.raw("payment_method = 'invoice'"),
    sql.raw(`status not in (${CLOSED_ORDER_STATUSES.map((status) => `'${status}'`).join(", ")})`),
    sql.raw("payment_status <> 'paid'"),
    balanceOver({
      total: sql.raw("total_cents"),
      credited: sql.raw("credited_cents"),
      paid: sql.raw("amount_paid_cents"),
    }).owes,
  ],
  sql.raw(" and "),
);

/**
 * The database's `derivedStatus`: the contract's word for every pair of facts, possible or not, written in. A pair
 * the contract does not allow gets its word too, so that `orders_facts_agree` refuses it by name (a status left
 * null would be refused first, by the column's not-null).
 */
function derivedStatusOf(fulfilment: Column, payment: Column): SQL {
  const pairs = FULFILMENT_STATUSES.flatMap((f) => PAYMENT_STATUSES.map((p) => [f, p] as const));
  const branches = ORDER_STATUSES.map((status) => {
    const rows = pairs.filter(([f, p]) => derivedStatus(f, p) === status);
    return sql`when ${isOneOfRows([fulfilment, payment], rows)} then ${sql.raw(statusWord(status))}`;
  });
  return sql`case ${sql.join(branches, sql` `)} end`;
}

/**
 * An admin's change that raises an order's total, kept on the order until its buyer accepts or declines it
 * (ordering/proposed-change.ts; docs/decisions/078-admins-change-orders.md): what the admin's preview showed, which
 * the buyer sees, and the lines the admin sent, which accepting applies on `revision`.
 */
export type StoredProposedChange = ProposedChange & { asked: OrderChangeBody["lines"]; proposedBy: string };

/**
 * An order keeps a copy of what it was priced with (its lines in order_lines, the promotion, the tax), so
 * it still reads right after a product, tier, promotion or tax rate changes; product ids are therefore
 * references, not foreign keys. productId, productName and unitPriceCents describe the first line, and
 * quantity counts the pieces of all lines: the fields SPEC.md names.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What a person calls the order (`FL-` and this, contract's orderNumberText); the id stays in URLs. */
    number: bigint("number", { mode: "number" }).notNull().unique().default(sql`nextval('order_numbers')`),
    productId: uuid("product_id").notNull(),
    productName: text("product_name").notNull(),
    unitPriceCents: cents("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    lineCount: integer("line_count").notNull().default(1),
    subtotalCents: cents("subtotal_cents").notNull(),
    promotionId: uuid("promotion_id"),
    promotionName: text("promotion_name"),
    promotionPercent: integer("promotion_percent"),
    /** The promotion was a first-order one: while this order is open or paid, no other order gets one. */
    promotionFirstOrder: boolean("promotion_first_order").notNull().default(false),
    discountCents: cents("discount_cents").notNull().default(0),
    /** Thousandths of a percent: 8.875% is 8875. */
    taxRateMilli: integer("tax_rate_milli").notNull().default(0),
    taxCents: cents("tax_cents").notNull().default(0),
    totalCents: cents("total_cents").notNull(),
    poNumber: text("po_number"),
    companyId: uuid("company_id"),
    /** The buyer's company as it stood when the order was placed, for the invoice: its name and tax ID. */
    companyName: text("company_name"),
    companyTaxId: text("company_tax_id"),
    /** Placed while an admin had the company tax-exempt: no tax, and the invoice says why. */
    taxExempt: boolean("tax_exempt").notNull().default(false),
    userEmail: text("user_email").notNull(),
    userName: text("user_name").notNull(),
    phone: text("phone").notNull(),
    /** Where the order goes. */
    address: text("address").notNull(),
    /**
     * Where its invoice is addressed, frozen when it was placed (checkout.ts `billingAddressFor`). Null only
     * on an order a release before this column placed during a rolling deployment: billed to `address`.
     */
    billingAddress: text("billing_address"),
    /**
     * SPEC.md's one word, which the database derives from the two facts below (docs/decisions/053-status-derived.md):
     * no write can set it, and the lists, counts and indexes that read it read it as cheaply as a column.
     */
    status: text("status", { enum: ORDER_STATUSES })
      .notNull()
      .generatedAlwaysAs((): SQL => derivedStatusOf(orders.fulfilmentStatus, orders.paymentStatus)),
    /** Where the goods are (contract FULFILMENT_TRANSITIONS). */
    fulfilmentStatus: text("fulfilment_status", { enum: FULFILMENT_STATUSES }).notNull().default("open"),
    /** Where the money is (contract PAYMENT_TRANSITIONS). */
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("unpaid"),
    /** By card before it ships, or on account: by invoice, after it ships. */
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull().default("card"),
    /** What the buyer chose for lines that wait for stock (contract SHIPPING_PREFERENCES; docs/STOCK.md). */
    shippingPreference: text("shipping_preference", { enum: SHIPPING_PREFERENCES }).notNull().default("as-available"),
    /** On account: the days its invoice gives to pay, as the company's terms stood when it was placed. */
    netDays: integer("net_days"),
    /**
     * What the shop has received for it and holds: the balance is the total less this and `creditedCents`. A
     * credit note above the balance takes the money it gives back off this, as the company's credit.
     */
    amountPaidCents: cents("amount_paid_cents").notNull().default(0),
    /** What its credit notes took off its total (credit_notes), kept by adding each as it is issued. */
    creditedCents: cents("credited_cents").notNull().default(0),
    /**
     * On account: what its invoices came to (account_invoices), kept by adding each as its shipment leaves; the total
     * once every piece shipped (decision 077). What its invoices still owe is this less what was credited and paid.
     */
    invoicedCents: cents("invoiced_cents").notNull().default(0),
    /** True while the shop holds the money (contract MONEY_HELD_PAYMENTS), derived from the payment status. */
    paid: boolean("paid")
      .notNull()
      .generatedAlwaysAs((): SQL => isOneOf(orders.paymentStatus, MONEY_HELD_PAYMENTS)),
    transactionId: text("transaction_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    /**
     * From invoice_counters, in the transaction that marks a card order paid or ships an order on account:
     * INV-2026-000001.
     */
    invoiceNumber: text("invoice_number").unique(),
    invoiceIssuedAt: timestamp("invoice_issued_at", { withTimezone: true }),
    /** On account: the invoice date plus `netDays`. */
    invoiceDueAt: timestamp("invoice_due_at", { withTimezone: true }),
    /**
     * How many times its lines were changed after it was placed (docs/decisions/072-order-changes.md): a change
     * names the revision it was made on, and one made on an older one is refused.
     */
    revision: integer("revision").notNull().default(0),
    /** An admin's change that raises its total, waiting for the buyer; null when none waits. */
    proposedChange: jsonb("proposed_change").$type<StoredProposedChange>(),
    createdAt: createdAt(),
  },
  (table) => [
    index("orders_by_user").on(table.userEmail, table.createdAt),
    index("orders_by_company").on(table.companyId, table.createdAt),
    check("orders_quantity_positive", sql`${table.quantity} > 0`),
    // db/migrate.test.ts fails when a migrated constraint or derived column and the contract disagree.
    check(
      "orders_facts_agree",
      isOneOfRows(
        [table.fulfilmentStatus, table.paymentStatus],
        POSSIBLE_FACTS.map(({ fulfilment, payment }) => [fulfilment, payment]),
      ),
    ),
    check("orders_payment_method", isOneOf(table.paymentMethod, PAYMENT_METHODS)),
    check("orders_shipping_preference", isOneOf(table.shippingPreference, SHIPPING_PREFERENCES)),
    // A card order leaves the shop paid (its money may be refunded since); one on account may leave unpaid. One shipped
    // in part may owe the difference of a change of its lines still to ship, which ship once it is paid (decision 079).
    check(
      "orders_card_paid_before_shipping",
      sql`${table.paymentMethod} <> 'card' or not (${isOneOf(table.fulfilmentStatus, SENT_FULFILMENTS)}) or ${isOneOf(table.paymentStatus, ["paid", "partially-refunded", "refunded"])} or (${table.fulfilmentStatus} = 'partially-shipped' and ${table.paymentStatus} = 'partially-paid')`,
    ),
    check("orders_net_days_on_account", sql`(${table.paymentMethod} = 'invoice') = (${table.netDays} is not null)`),
    check("orders_due_on_account", sql`${table.invoiceDueAt} is null or ${table.paymentMethod} = 'invoice'`),
    check(
      "orders_amount_paid_within_total",
      sql`${table.amountPaidCents} >= 0 and ${table.amountPaidCents} <= ${table.totalCents}`,
    ),
    check(
      "orders_invoiced_within_total",
      sql`${table.invoicedCents} >= 0 and ${table.invoicedCents} <= ${table.totalCents}`,
    ),
    check(
      "orders_credited_within_total",
      sql`${table.creditedCents} >= 0 and ${table.amountPaidCents} + ${table.creditedCents} <= ${table.totalCents}`,
    ),
    // The payment method too, so the overview counts the orders waiting for the shop (ordersWaiting: which of them
    // wait depends on how they are paid) from this index alone, not from every open order's row (docs/PERFORMANCE.md,
    // 'Search and overview on the embedded database').
    index("orders_by_status").on(table.status, table.createdAt, table.paymentMethod),
    // The overview (GET /admin/stats) reads paid orders by the day they were paid: their totals by day, and
    // the ids of those the shop still holds the money of for the top tools. With those columns in it, both
    // read this index alone (docs/PERFORMANCE.md section 7).
    index("orders_by_paid_at_cover")
      .on(table.paidAt, table.status, table.totalCents, table.id)
      .where(sql`${table.paidAt} is not null`),
    // …and counts the orders placed in the range by status, from this index alone too.
    index("orders_by_created_at_status").on(table.createdAt, table.status),
    index("orders_owing_on_account")
      .on(table.companyId, table.invoiceDueAt, table.totalCents, table.amountPaidCents, table.creditedCents)
      .where(owingOnAccount),
    check(
      "orders_total_adds_up",
      sql`${table.totalCents} = ${table.subtotalCents} - ${table.discountCents} + ${table.taxCents}`,
    ),
    check(
      "orders_total_not_negative",
      sql`${table.totalCents} >= 0 and ${table.discountCents} >= 0 and ${table.taxCents} >= 0`,
    ),
  ],
);

/** What an order owes, and whether it owes something, over its own columns: for the queries that read balances. */
export const { owed: owedSql, owes: owesSql } = balanceOver({
  total: sql`${orders.totalCents}`,
  credited: sql`${orders.creditedCents}`,
  paid: sql`${orders.amountPaidCents}`,
});

/** An order neither cancelled nor refunded (contract CLOSED_ORDER_STATUSES): one that may still owe. */
export const notClosed = notInArray(orders.status, [...CLOSED_ORDER_STATUSES]);

/** The tools of an order, each priced and frozen when the order was placed. */
export const orderLines = pgTable(
  "order_lines",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** 0 for the first line, as the buyer's cart listed them. */
    position: integer("position").notNull(),
    productId: uuid("product_id").notNull(),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    listUnitCents: cents("list_unit_cents").notNull(),
    unitCents: cents("unit_cents").notNull(),
    priceSource: text("price_source", { enum: PRICE_SOURCES }).notNull(),
    discountCents: cents("discount_cents").notNull(),
    totalCents: cents("total_cents").notNull(),
    /**
     * Of `quantity`, the pieces that left in a shipment (docs/STOCK.md). An order that shipped
     * before shipments existed counts every piece shipped.
     */
    shippedQuantity: integer("shipped_quantity").notNull().default(0),
    /**
     * Of `quantity`, the pieces the line still waits for: taken when the order took its stock but not there
     * (a backorder), filled oldest first by receipts. Once an order has taken its stock, the rest of the line
     * (quantity − shipped − waiting) is what is allocated to it.
     */
    waitingQuantity: integer("waiting_quantity").notNull().default(0),
    /**
     * Whether the order's promotion covers the line: every line placed; not one a change added since
     * (docs/decisions/072-order-changes.md: the promotion stays with the lines it covered).
     */
    promoted: boolean("promoted").notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check(
      "order_lines_fulfilment_within_quantity",
      sql`${table.shippedQuantity} >= 0 and ${table.waitingQuantity} >= 0 and ${table.shippedQuantity} + ${table.waitingQuantity} <= ${table.quantity}`,
    ),
    // The receipts that fill backorders read the lines still waiting for a tool, oldest order first.
    index("order_lines_waiting").on(table.productId).where(sql`${table.waitingQuantity} > 0`),
    index("order_lines_by_product").on(table.productId),
    check("order_lines_quantity_positive", sql`${table.quantity} > 0`),
    check("order_lines_total", sql`${table.totalCents} = ${table.unitCents} * ${table.quantity}`),
  ],
);

/**
 * An order's history: one row per thing that happened to it (`kind`: placed, shipped, a payment received, a credit
 * note…), the status it left the order in, who acted and why. Only ever added to. A row that moved money says how
 * much, how and by what reference: the order's money movements are read from these rows, so ordering never reads
 * receivables' ledger to list them.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ORDER_EVENT_KINDS }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    /** The email of the customer or admin who acted. */
    by: text("by").notNull(),
    note: text("note"),
    /** What it moved: money paid, credited, or given back to the card. */
    amountCents: cents("amount_cents"),
    /** How money paid came (a refund goes back the way it came: the card). */
    paidWith: text("paid_with", { enum: PAID_WITH }),
    /** The transfer's reference, the card payment's id, the credit note's number. */
    reference: text("reference"),
    /** The day a transfer arrived, as the admin recorded it; other money moved the day of the row. */
    receivedOn: date("received_on", { mode: "string" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("order_events_by_order").on(table.orderId, table.createdAt),
    check("order_events_kind", isOneOf(table.kind, ORDER_EVENT_KINDS)),
    check("order_events_paid_with", sql`${table.paidWith} is null or ${isOneOf(table.paidWith, PAID_WITH)}`),
    check("order_events_amount", sql`${table.amountCents} is null or ${table.amountCents} > 0`),
  ],
);
