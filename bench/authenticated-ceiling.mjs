import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import pg from "pg";

/**
 * The bare ceiling of the authenticated calls (docs/PERFORMANCE.md, 'What the budgets ask'): node:http, the token's
 * HMAC checked with node:crypto, and the storefront's SQL for each call through a pg pool of the same size, with no
 * framework, no validation library and no query builder. It answers the same JSON shapes.
 *
 * Orders are placed as the storefront places them (server/src/ordering/place-order.ts): in one
 * transaction holding the buyer's advisory lock, the unpaid-order-of-this-tool check, the first-order
 * eligibility, the price function's rules (below, in integer cents), then the order, its lines, its first
 * history line, the lines read back for the mail, and the mail. The running promotions are kept 5 s, as the
 * storefront's page cache keeps them (app.runningPromotions).
 */
export function startAuthenticatedCeiling({ port, databaseUrl, authSecret, taxRateMilli = 0 }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const key = createHash("sha256").update(`access-token:${authSecret}`).digest();

  function caller(request) {
    const token = request.headers.authorization?.slice(7) ?? "";
    const [header, payload, signature] = token.split(".");
    const expected = createHmac("sha256", key).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature ?? "", "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    return claims.exp * 1000 > Date.now() ? claims : null;
  }

  // What findTokenHolder asks on every call: the account's role, its identity session still alive.
  const holder = async (claims) =>
    (
      await pool.query(
        `select u.email, u.role, u.tokens_valid_after from users u where u.email = $1 and exists (
           select 1 from auth_session s join auth_user a on a.id = s.user_id
           where s.id = $2 and s.expires_at > now() and a.email = $1)`,
        [claims.sub, claims.sid],
      )
    ).rows[0];

  // An order as the storefront lists it: its history and its lines, one query each for all the orders.
  const withHistory = async (orders) => {
    if (orders.length === 0) return [];
    const ids = orders.map((order) => order.id);
    const [events, lines] = await Promise.all([
      pool.query("select * from order_events where order_id = any($1) order by created_at, id", [ids]),
      pool.query("select * from order_lines where order_id = any($1) order by order_id, position", [ids]),
    ]);
    return orders.map((order) => ({
      ...order,
      statusHistory: events.rows.filter((event) => event.order_id === order.id),
      lines: lines.rows.filter((line) => line.order_id === order.id),
    }));
  };

  // --- What every way of ordering shares (server/src/ordering/place-order.ts and the rules it applies) ---

  let running = { expires: 0, promotions: null };
  const runningPromotions = () => {
    const now = Date.now();
    if (running.expires <= now) {
      const at = new Date(now);
      running = {
        expires: now + 5000,
        promotions: pool
          .query(
            `select * from promotions where active = true and (starts_at is null or starts_at <= $1)
               and (ends_at is null or ends_at > $1) order by created_at, id`,
            [at],
          )
          .then((result) => result.rows),
      };
    }
    return running.promotions;
  };

  const accountName = async (email) =>
    (await pool.query("select name, email_verified from auth_user where email = $1", [email])).rows[0]?.name.trim() ??
    "";

  const firstOrderEligible = async (db, email) =>
    (
      await db.query(
        `select id from orders where user_email = $1
           and (paid_at is not null or (status = 'unpaid' and promotion_first_order = true)) limit 1`,
        [email],
      )
    ).rows.length === 0;

  const toolInUnpaidOrder = async (db, email, productIds) =>
    (
      await db.query(
        `select l.name from order_lines l inner join orders o on o.id = l.order_id
           where o.user_email = $1 and o.status = 'unpaid' and l.product_id = any($2) limit 1`,
        [email, productIds],
      )
    ).rows[0]?.name;

  /** What stops a line being ordered: the tool withdrawn, the quantity outside its rule, or above stock. */
  const lineProblem = ({ product, quantity }) => {
    if (product.archived_at) return { kind: "withdrawn", message: `${product.name} is no longer in the catalogue` };
    const { quantity_min: min, quantity_max: max, quantity_step: step } = product;
    if (!Number.isSafeInteger(quantity) || quantity < min || quantity > max || (quantity - min) % step !== 0) {
      return { kind: "rule", message: `${product.name}: Order ${min} to ${max} pieces` };
    }
    if (quantity > product.quantity) {
      return { kind: "stock", message: `Only ${product.quantity} pieces of ${product.name} are in stock` };
    }
    return undefined;
  };

  const roundHalfUp = (amount, numerator, denominator) => (amount * numerator * 2n + denominator) / (denominator * 2n);

  /** The price function's rules (server/src/pricing/price.ts) in bigint cents: tier, best promotion, tax. */
  const price = (lines, promotions, eligible) => {
    const priced = lines.map(({ product, quantity }) => {
      const listUnitCents = BigInt(product.price_cents);
      let unitCents = listUnitCents;
      let priceSource = "list";
      let tier;
      for (const candidate of product.tiers) {
        if (candidate.minQuantity <= quantity && (!tier || candidate.minQuantity > tier.minQuantity)) tier = candidate;
      }
      if (tier && BigInt(tier.unitPriceCents) < unitCents) {
        unitCents = BigInt(tier.unitPriceCents);
        priceSource = "tier";
      }
      return {
        productId: product.id,
        sku: product.sku,
        name: product.name,
        quantity,
        listUnitCents,
        unitCents,
        priceSource,
        discountCents: 0n,
        totalCents: unitCents * BigInt(quantity),
      };
    });
    const pieces = priced.reduce((sum, line) => sum + line.quantity, 0);
    const subtotalCents = priced.reduce((sum, line) => sum + line.totalCents, 0n);
    let promotion = null;
    let best = 0n;
    for (const candidate of promotions) {
      if (candidate.first_order && !eligible) continue;
      if (candidate.min_pieces !== null && pieces < candidate.min_pieces) continue;
      const percent = BigInt(candidate.percent);
      const saving = priced.reduce((sum, line) => sum + roundHalfUp(line.totalCents, percent, 100n), 0n);
      const older = promotion !== null && saving === best && candidate.created_at < promotion.created_at;
      if (saving > best || older) {
        promotion = candidate;
        best = saving;
      }
    }
    if (promotion) {
      for (const line of priced) line.discountCents = roundHalfUp(line.totalCents, BigInt(promotion.percent), 100n);
    }
    const discountCents = priced.reduce((sum, line) => sum + line.discountCents, 0n);
    const taxCents = roundHalfUp(subtotalCents - discountCents, BigInt(taxRateMilli), 100_000n);
    return {
      lines: priced,
      pieces,
      subtotalCents,
      promotion,
      discountCents,
      taxCents,
      totalCents: subtotalCents - discountCents + taxCents,
    };
  };

  const priceForBuyer = async (db, email, lines, promotions) =>
    price(lines, promotions, await firstOrderEligible(db, email));

  const dollars = (cents) => Number(cents) / 100;
  const lineJson = (line) => ({
    productId: line.productId,
    sku: line.sku,
    name: line.name,
    quantity: line.quantity,
    listUnitPrice: dollars(line.listUnitCents),
    unitPrice: dollars(line.unitCents),
    priceSource: line.priceSource,
    discount: dollars(line.discountCents),
    total: dollars(line.totalCents),
  });
  const pricedJson = (priced) => ({
    lines: priced.lines.map(lineJson),
    pieces: priced.pieces,
    subtotal: dollars(priced.subtotalCents),
    promotion: priced.promotion
      ? { _id: priced.promotion.id, name: priced.promotion.name, percent: priced.promotion.percent }
      : null,
    discount: dollars(priced.discountCents),
    taxRate: taxRateMilli / 1000,
    tax: dollars(priced.taxCents),
    total: dollars(priced.totalCents),
  });

  const productsByIds = async (db, ids) =>
    ids.length === 0 ? [] : (await db.query("select * from products where id = any($1)", [ids])).rows;

  /** The cart's lines with their tools, withdrawn tools left out (cart/routes.ts cartContents). */
  const cartContents = async (db, email) => {
    const rows = (
      await db.query("select * from cart_lines where user_email = $1 order by added_at, product_id", [email])
    ).rows;
    const products = new Map(
      (
        await productsByIds(
          db,
          rows.map((row) => row.product_id),
        )
      ).map((p) => [p.id, p]),
    );
    return rows.flatMap((row) => {
      const product = products.get(row.product_id);
      return product && !product.archived_at ? [{ product, quantity: row.quantity }] : [];
    });
  };

  const cartJson = async (email) => {
    const lines = await cartContents(pool, email);
    const priced = pricedJson(await priceForBuyer(pool, email, lines, await runningPromotions()));
    return {
      ...priced,
      lines: priced.lines.map((line, index) => {
        const { product } = lines[index];
        return {
          ...line,
          quantityRule: { min: product.quantity_min, max: product.quantity_max, step: product.quantity_step },
          stock: product.quantity,
          image: product.image,
        };
      }),
    };
  };

  /** insertOrder: the order, its lines, its first history line, its lines read back and its "placed" mail. */
  const insertOrder = async (tx, { email, userName, phone, address, poNumber, priced }) => {
    const [first] = priced.lines;
    const created = (
      await tx.query(
        `insert into orders (product_id, product_name, unit_price_cents, quantity, line_count, subtotal_cents,
           promotion_id, promotion_name, promotion_percent, promotion_first_order, discount_cents, tax_rate_milli,
           tax_cents, total_cents, user_email, user_name, phone, address, po_number, company_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
         returning *`,
        [
          first.productId,
          first.name,
          Number(first.unitCents),
          priced.pieces,
          priced.lines.length,
          Number(priced.subtotalCents),
          priced.promotion?.id ?? null,
          priced.promotion?.name ?? null,
          priced.promotion?.percent ?? null,
          priced.promotion?.first_order ?? false,
          Number(priced.discountCents),
          taxRateMilli,
          Number(priced.taxCents),
          Number(priced.totalCents),
          email,
          userName,
          phone,
          address,
          poNumber ?? null,
          null,
        ],
      )
    ).rows[0];
    const values = [];
    const rows = priced.lines.map((line, position) => {
      const at = values.length;
      values.push(
        created.id,
        position,
        line.productId,
        line.sku,
        line.name,
        line.quantity,
        Number(line.listUnitCents),
        Number(line.unitCents),
        line.priceSource,
        Number(line.discountCents),
        Number(line.totalCents),
      );
      return `(${Array.from({ length: 11 }, (_, i) => `$${at + i + 1}`).join(", ")})`;
    });
    await tx.query(
      `insert into order_lines (order_id, position, product_id, sku, name, quantity, list_unit_cents, unit_cents,
         price_source, discount_cents, total_cents) values ${rows.join(", ")}`,
      values,
    );
    await tx.query(
      "insert into order_events (order_id, kind, status, by, note) values ($1, 'placed', $2, $3, 'Placed')",
      [created.id, created.status, email],
    );
    const lines = (await tx.query("select * from order_lines where order_id = $1 order by position", [created.id]))
      .rows;
    await tx.query("insert into mail_outbox (\"to\", template, data) values ($1, 'order-placed', $2)", [
      email,
      JSON.stringify({
        orderId: created.id,
        name: created.user_name,
        productName:
          created.line_count > 1 ? `${created.product_name} + ${created.line_count - 1} more` : created.product_name,
        lines: lines.map((line) => ({
          name: line.name,
          sku: line.sku,
          quantity: line.quantity,
          unitPriceCents: Number(line.unit_cents),
          totalCents: Number(line.total_cents),
        })),
        promotionName: created.promotion_name,
        discountCents: Number(created.discount_cents),
        taxCents: Number(created.tax_cents),
        poNumber: created.po_number,
        quantity: created.quantity,
        unitPriceCents: Number(created.unit_price_cents),
        totalCents: Number(created.total_cents),
        invoiceNumber: created.invoice_number,
        transactionId: created.transaction_id,
        carrier: created.carrier,
        trackingNumber: created.tracking_number,
        trackingUrl: created.tracking_url,
        note: "Placed",
      }),
    ]);
    return created.id;
  };

  /** withBuyerLock: `work` in one transaction holding the buyer's advisory lock. */
  const withBuyerLock = async (email, work) => {
    const client = await pool.connect();
    try {
      await client.query("begin");
      await client.query("select pg_advisory_xact_lock(hashtext($1))", [`order-buyer:${email}`]);
      const result = await work(client);
      await client.query("commit");
      return result;
    } catch (error) {
      await client.query("rollback");
      throw error;
    } finally {
      client.release();
    }
  };

  const ADMINS_DO_NOT_BUY = [403, { message: "Admin accounts cannot place orders; use a customer account." }];

  const routes = {
    "GET /api/ordering": async (claims, _who, _body, query) => {
      if (query.get("userEmail") !== claims.sub) return [403, { message: "Only your own orders" }];
      const orders = (
        await pool.query("select * from orders where user_email = $1 order by created_at desc", [claims.sub])
      ).rows;
      return [200, await withHistory(orders)];
    },
    "GET /api/admin/orders": async (_claims, who) => {
      if (who.role !== "admin") return [403, { message: "Admins only" }];
      const [page, total] = await Promise.all([
        pool.query("select * from orders order by created_at desc, id desc limit 20 offset 0"),
        pool.query("select count(*) from orders"),
      ]);
      return [200, await withHistory(page.rows), { "x-total-count": total.rows[0].count }];
    },
    "POST /api/ordering": async (claims, who, body) => {
      if (who.role === "admin") return ADMINS_DO_NOT_BUY;
      const order = JSON.parse(body);
      const email = claims.sub;
      const product = (
        await pool.query("select * from products where id = $1 and archived_at is null", [order.orderId])
      ).rows[0];
      if (!product) return [404, { message: "This product is no longer in the catalogue." }];
      const problem = lineProblem({ product, quantity: order.quantity });
      if (problem) return [400, { message: problem.message }];
      const userName = (await accountName(email)) || email;
      const promotions = await runningPromotions();
      const orderId = await withBuyerLock(email, async (tx) => {
        if (await toolInUnpaidOrder(tx, email, [product.id])) return null;
        const priced = await priceForBuyer(tx, email, [{ product, quantity: order.quantity }], promotions);
        return insertOrder(tx, { email, userName, phone: order.phone, address: order.address, priced });
      });
      if (!orderId) return [200, { success: false, insertedId: null }];
      return [201, { success: true, insertedId: orderId }];
    },
    "GET /api/cart": async (claims, who) => {
      if (who.role === "admin") return ADMINS_DO_NOT_BUY;
      return [200, await cartJson(claims.sub)];
    },
    "PUT /api/cart/lines": async (claims, who, body, _query, productId) => {
      if (who.role === "admin") return ADMINS_DO_NOT_BUY;
      const email = claims.sub;
      const { quantity } = JSON.parse(body);
      const [product] = await productsByIds(pool, [productId]);
      if (!product) return [404, { message: "This product is no longer in the catalogue." }];
      const problem = lineProblem({ product, quantity });
      if (problem) return [problem.kind === "rule" ? 400 : 409, { message: problem.message }];
      const lines = (
        await pool.query("select * from cart_lines where user_email = $1 order by added_at, product_id", [email])
      ).rows;
      if (lines.length >= 100 && !lines.some((line) => line.product_id === productId)) {
        return [409, { message: "A cart holds at most 100 tools; check out or remove one first." }];
      }
      await pool.query(
        `insert into cart_lines (user_email, product_id, quantity) values ($1, $2, $3)
           on conflict (user_email, product_id) do update set quantity = $3`,
        [email, productId, quantity],
      );
      return [200, await cartJson(email)];
    },
    "POST /api/cart/checkout": async (claims, who, body) => {
      if (who.role === "admin") return ADMINS_DO_NOT_BUY;
      const email = claims.sub;
      const { phone, address, poNumber, expectedTotal } = JSON.parse(body);
      const userName = (await accountName(email)) || email;
      const promotions = await runningPromotions();
      const outcome = await withBuyerLock(email, async (tx) => {
        const lines = await cartContents(tx, email);
        if (lines.length === 0) return { refused: "Your cart is empty." };
        const problem = lines.map(lineProblem).find(Boolean);
        if (problem) return { refused: problem.message };
        const held = await toolInUnpaidOrder(
          tx,
          email,
          lines.map((line) => line.product.id),
        );
        if (held) return { refused: `You already have an unpaid order for ${held}; pay or cancel it first.` };
        const priced = await priceForBuyer(tx, email, lines, promotions);
        if (priced.totalCents !== BigInt(Math.round(expectedTotal * 100))) {
          return { refused: "The prices changed since you looked." };
        }
        const orderId = await insertOrder(tx, { email, userName, phone, address, poNumber, priced });
        await tx.query("delete from cart_lines where user_email = $1", [email]);
        return { orderId };
      });
      if ("orderId" in outcome) return [201, { success: true, insertedId: outcome.orderId }];
      return [409, { message: outcome.refused, cart: await cartJson(email) }];
    },
  };

  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", async () => {
      const answer = (status, body, headers = {}) => {
        response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
        response.end(JSON.stringify(body));
      };
      try {
        const claims = caller(request);
        if (!claims) return answer(401, { message: "Please sign in" });
        const who = await holder(claims);
        if (!who) return answer(401, { message: "Please sign in" });
        const url = new URL(request.url, "http://ceiling");
        // One path parameter at most: /api/cart/lines/{productId}.
        const line = url.pathname.match(/^(\/api\/cart\/lines)\/([^/]+)$/);
        const route = routes[`${request.method} ${line ? line[1] : url.pathname}`];
        if (!route) return answer(404, { message: "No such route" });
        answer(...(await route(claims, who, Buffer.concat(chunks).toString(), url.searchParams, line?.[2])));
      } catch (error) {
        answer(500, { message: String(error) });
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({
        close: async () => {
          server.close();
          await pool.end();
        },
      }),
    ),
  );
}
