import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import pg from "pg";

/**
 * The bare ceiling of the authenticated calls (DESIGN.md section 7): node:http, the token's HMAC checked
 * with node:crypto, and the storefront's SQL for each call through a pg pool of the same size, with no
 * framework, no validation library and no query builder. It answers the same JSON shapes.
 */
export function startAuthenticatedCeiling({ port, databaseUrl, authSecret }) {
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

  const withHistory = async (orders) => {
    if (orders.length === 0) return [];
    const events = (
      await pool.query("select * from order_events where order_id = any($1) order by created_at, id", [
        orders.map((order) => order.id),
      ])
    ).rows;
    return orders.map((order) => ({ ...order, statusHistory: events.filter((event) => event.order_id === order.id) }));
  };

  const routes = {
    "GET /api/ordering": async (claims, _who, _body, query) => {
      if (query.get("userEmail") !== claims.sub) return [403, { message: "Only your own orders" }];
      const orders = (
        await pool.query("select * from orders where user_email = $1 order by created_at desc, id desc", [claims.sub])
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
    "POST /api/ordering": async (claims, _who, body) => {
      const order = JSON.parse(body);
      const product = (
        await pool.query("select * from products where id = $1 and archived_at is null", [order.orderId])
      ).rows[0];
      const name = (await pool.query("select name from auth_user where email = $1", [claims.sub])).rows[0]?.name;
      const client = await pool.connect();
      try {
        await client.query("begin");
        const created = (
          await client.query(
            `insert into orders (product_id, product_name, unit_price_cents, quantity, total_cents, user_email,
               user_name, phone, address) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
            [
              product.id,
              product.name,
              product.price_cents,
              order.quantity,
              product.price_cents * order.quantity,
              claims.sub,
              name,
              order.phone,
              order.address,
            ],
          )
        ).rows[0];
        await client.query(
          "insert into order_events (order_id, status, by, note) values ($1, 'unpaid', $2, 'Placed')",
          [created.id, claims.sub],
        );
        await client.query("insert into mail_outbox (\"to\", template, data) values ($1, 'order-placed', $2)", [
          claims.sub,
          JSON.stringify(created),
        ]);
        await client.query("commit");
        return [201, { success: true, insertedId: created.id }];
      } catch (error) {
        await client.query("rollback");
        throw error;
      } finally {
        client.release();
      }
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
        const route = routes[`${request.method} ${url.pathname}`];
        if (!route) return answer(404, { message: "No such route" });
        answer(...(await route(claims, who, Buffer.concat(chunks).toString(), url.searchParams)));
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
