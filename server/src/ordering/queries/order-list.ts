import {
  type AdminOrderFilter,
  type OrderCounts,
  orderNumberIn,
  PAYMENT_METHODS,
  statusesFrom,
  TO_SHIP,
} from "@forgeline/contract";
import { and, count, desc, eq, ilike, inArray, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { preparedOnce } from "../../db/prepared.js";
import { orderLines, orders } from "../tables.js";
import { linesByOrder, type OrderLineRow, type OrderRow } from "./orders.js";
import { withHistory } from "./wire.js";

/**
 * The admins' list of orders: a page of what a filter finds, its tab counts, and the CSV export of all of it. The
 * page and the counts are read on every visit of the orders page, so each shape of filter (a status or not, a search
 * or not) is a statement prepared once, its values given as placeholders (docs/decisions/081-the-order-list-prepared.md).
 */

/**
 * The admin list's filter: one status, the orders to ship, or all; and a search by order number (FL-100234 or
 * 100234), customer email, product name or SKU, PO number or the start of the order id.
 */
export interface OrderFilter {
  status?: AdminOrderFilter | undefined;
  q?: string | undefined;
}

/** The orders the shop must ship now: a card order once paid, one on account as soon as it goes ahead. */
export const waitingToShip = or(
  ...PAYMENT_METHODS.map((method) =>
    and(eq(orders.paymentMethod, method), inArray(orders.status, statusesFrom(["ship"], [method]))),
  ),
);

/** The values a filter's SQL compares with: a status, and a search's order number and LIKE patterns. */
type FilterValues = {
  status: string | null;
  /** The order number the search names, or null (`number = null` finds nothing). */
  number: number | null;
  /** `%q%`, its % and _ no wildcards. */
  contains: string;
  /** `q%`, its % and _ no wildcards. */
  prefix: string;
};

/** A filter's value in its SQL: itself, or the placeholder of a prepared statement. */
type Value = (name: keyof FilterValues) => SQLWrapper;

/** `q` as a LIKE pattern that matches itself literally (its % and _ are no wildcards). */
const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

function valuesOf({ status, q }: OrderFilter): FilterValues {
  const text = literal(q ?? "");
  return {
    status: status && status !== TO_SHIP ? status : null,
    number: q ? orderNumberIn(q) : null,
    contains: `%${text}%`,
    prefix: `${text}%`,
  };
}

/** The filter's shape: what its SQL looks like whatever its values. */
const shapeOf = ({ status, q }: OrderFilter) =>
  `${status === TO_SHIP ? "to_ship" : status ? "status" : "all"}${q ? "_search" : ""}` as const;

function where({ status, q }: OrderFilter, value: Value): SQL | undefined {
  const byStatus = status === TO_SHIP ? waitingToShip : status ? eq(orders.status, value("status")) : undefined;
  return and(byStatus, matching(q, value));
}

function matching(q: string | undefined, value: Value): SQL | undefined {
  if (!q) return undefined;
  const contains = value("contains");
  return or(
    eq(orders.number, value("number")),
    ilike(orders.userEmail, contains),
    ilike(orders.productName, contains),
    ilike(sql`${orders.id}::text`, value("prefix")),
    sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and (${orderLines.name} ilike ${contains} or ${orderLines.sku} ilike ${contains}))`,
    ilike(orders.poNumber, contains),
  );
}

const asPlaceholder: Value = (name) => sql.placeholder(name);
const inline =
  (values: FilterValues): Value =>
  (name) =>
    sql`${values[name]}`;

/** One prepared statement per shape of filter, made the first time that shape is asked for. */
function preparedPerShape<Query extends object>(prepare: (db: Database, filter: OrderFilter, name: string) => Query) {
  const byShape = new Map<string, (db: Database) => Query>();
  return (db: Database, filter: OrderFilter): Query => {
    const shape = shapeOf(filter);
    let query = byShape.get(shape);
    if (!query) {
      query = preparedOnce((prepareOn) => prepare(prepareOn, filter, shape));
      byShape.set(shape, query);
    }
    return query(db);
  };
}

const pageQuery = preparedPerShape((db, filter, shape) =>
  db
    .select()
    .from(orders)
    .where(where(filter, asPlaceholder))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(`admin_orders_page_${shape}`),
);

const totalQuery = preparedPerShape((db, filter, shape) =>
  db.select({ value: count() }).from(orders).where(where(filter, asPlaceholder)).prepare(`admin_orders_total_${shape}`),
);

/** One page of every order the filter finds, newest first, with how many it finds in all. */
export async function listOrders(db: Database, filter: OrderFilter, page: { limit: number; offset: number }) {
  const values = valuesOf(filter);
  const [rows, [total]] = await Promise.all([
    pageQuery(db, filter).execute({ ...values, ...page }),
    totalQuery(db, filter).execute(values),
  ]);
  return { items: await withHistory(db, rows), total: total?.value ?? 0 };
}

const countsQuery = preparedPerShape((db, filter, shape) =>
  db
    .select({
      status: orders.status,
      value: count(),
      toShip: sql<number>`count(*) filter (where ${waitingToShip})::int`,
    })
    .from(orders)
    .where(matching(filter.q, asPlaceholder))
    .groupBy(orders.status)
    .prepare(`admin_order_counts_${shape}`),
);

/** How many orders the search finds in each status, to ship, and in all. */
export async function countOrders(db: Database, q: string | undefined): Promise<OrderCounts> {
  const rows = await countsQuery(db, { q }).execute(valuesOf({ q }));
  const counts: OrderCounts = {
    all: 0,
    [TO_SHIP]: 0,
    "awaiting-approval": 0,
    unpaid: 0,
    paid: 0,
    shipped: 0,
    delivered: 0,
    cancelled: 0,
    refunded: 0,
  };
  for (const row of rows) {
    counts[row.status] = row.value;
    counts.all += row.value;
    counts[TO_SHIP] += Number(row.toShip);
  }
  return counts;
}

/**
 * Every order the filter finds, newest first, a batch at a time (for the CSV export): each batch starts
 * after the last row of the one before, so orders placed meanwhile neither repeat nor push rows out.
 */
export async function* allOrders(
  db: Database,
  filter: OrderFilter,
  batch = 500,
): AsyncGenerator<{ order: OrderRow; lines: OrderLineRow[] }> {
  const found = where(filter, inline(valuesOf(filter)));
  let last: OrderRow | undefined;
  for (;;) {
    // The last row's time is read back in SQL: a JavaScript Date keeps milliseconds, the column microseconds.
    const after = last
      ? sql`(${orders.createdAt}, ${orders.id}) < (select created_at, id from ${orders} where id = ${last.id})`
      : undefined;
    const rows = await db
      .select()
      .from(orders)
      .where(and(found, after))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(batch);
    const lines = await linesByOrder(
      db,
      rows.map((row) => row.id),
    );
    for (const order of rows) yield { order, lines: lines.get(order.id) ?? [] };
    if (rows.length < batch) return;
    last = rows.at(-1);
  }
}
