import { freshDataDir, postgresDatabase, root, table } from "./lib.mjs";

/** Issue 47's budget (docs/STOCK.md, 'Backorders'): a receipt filling 10 000 waiting backorders in one transaction. */
export const BACKORDER_FILL_BUDGET_MS = 2000;
const WAITING = 10_000;
const PIECES = 100;

/**
 * 10 000 paid card orders of one tool that takes backorders, each line waiting for all its 100 pieces, written
 * straight into the database (INSERT … SELECT from generate_series), buyers spread over 2 000 addresses.
 */
const SEED_ORDERS = (productId, name) => `
insert into orders (product_id, product_name, unit_price_cents, quantity, line_count, subtotal_cents, total_cents,
                    user_email, user_name, phone, address, fulfilment_status, payment_status, amount_paid_cents,
                    paid_at, created_at)
select '${productId}', '${name}', 1000, ${PIECES}, 1, 1000 * ${PIECES}, 1000 * ${PIECES},
       'waiting.buyer.' || (g % 2000) || '@example.com', 'Bench Buyer', '5550100000', '1 Bench Road', 'open', 'paid',
       1000 * ${PIECES}, now() - make_interval(secs => ${WAITING} - g), now() - make_interval(secs => ${WAITING} - g)
  from generate_series(1, ${WAITING}) g`;

const SEED_LINES = (productId) => `
insert into order_lines (order_id, position, product_id, sku, name, quantity, list_unit_cents, unit_cents,
                         price_source, discount_cents, total_cents, waiting_quantity)
select o.id, 0, o.product_id, p.sku, o.product_name, o.quantity, o.unit_price_cents, o.unit_price_cents, 'list', 0,
       o.total_cents, o.quantity
  from orders o join products p on p.id = o.product_id where o.product_id = '${productId}'`;

/**
 * Part "backorders": one receipt of the pieces 10 000 waiting lines need, in one transaction through the server's
 * own queries (product/queries/stock-counts.ts `receiveStock`, then ordering/queries/backorders.ts
 * `fillBackorders`, as POST /api/admin/stock/movements runs them): the time of the transaction, and a check that
 * every line is filled and every buyer mailed. On PostgreSQL when TEST_DATABASE_URL is set, else on PGlite.
 */
export async function benchBackorderFill({ runs = 3 } = {}) {
  const { openDatabase } = await import(`${root}/server/dist/db/client.js`);
  const { addProducts } = await import(`${root}/server/dist/product/queries/products.js`);
  const { firstWarehouse } = await import(`${root}/server/dist/product/queries/stock-ledger.js`);
  const { receiveStock } = await import(`${root}/server/dist/product/queries/stock-counts.js`);
  const { fillBackorders } = await import(`${root}/server/dist/ordering/queries/backorders.js`);
  const { sql } = await import("drizzle-orm");
  const rows = [];
  const times = [];
  let databaseName = "PGlite";
  for (let run = 0; run < runs; run++) {
    const postgres = await postgresDatabase();
    databaseName = postgres ? "PostgreSQL" : "PGlite";
    const database = await openDatabase({ databaseUrl: postgres?.url, dataDir: freshDataDir(`backorders-${run}`) });
    try {
      await database.migrate();
      const name = "Backordered drill";
      const [productId] = await addProducts(database.db, [
        {
          name,
          sku: "BENCH-BACKORDER",
          priceCents: 1000,
          quantity: 0,
          image: "/images/claw-hammer.svg",
          description: "Sold ahead of production for the benchmark.",
          backordersAllowed: true,
          backordersLeadDays: 14,
        },
      ]);
      await database.db.execute(sql.raw(SEED_ORDERS(productId, name)));
      await database.db.execute(sql.raw(SEED_LINES(productId)));
      const main = await firstWarehouse(database.db);
      const started = performance.now();
      const filled = await database.db.transaction(async (tx) => {
        await receiveStock(tx, { productId, warehouseId: main.id, quantity: WAITING * PIECES, by: "bench" });
        return fillBackorders(tx, productId, "bench");
      });
      const took = performance.now() - started;
      const count = async (query) => Number((await database.db.execute(sql.raw(query))).rows[0]?.n);
      const waiting = await count(`select count(*) n from order_lines where waiting_quantity > 0`);
      const mails = await count(`select count(*) n from mail_outbox where template = 'backorder-ready'`);
      const ledger = await count(`select count(*) n from stock_movements where kind = 'allocated'`);
      if (filled !== WAITING || waiting !== 0 || mails !== WAITING || ledger !== WAITING) {
        throw new Error(`filled ${filled}, still waiting ${waiting}, mails ${mails}, ledger rows ${ledger}`);
      }
      times.push(took);
      rows.push([databaseName, run + 1, filled, mails, ledger, Math.round(took)]);
    } finally {
      await database.close();
      await postgres?.drop();
    }
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const text = table(["database", "run", "lines filled", "mails", "ledger rows", "transaction ms"], rows);
  return { text, median, slowest: times.at(-1), database: databaseName };
}
