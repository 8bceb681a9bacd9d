import {
  apiErrorSchema,
  CART_IMPORT_LIMITS,
  type Cart,
  type CartFillRow,
  cartFillAnswerSchema,
  cartImportBodySchema,
  cartLineBodySchema,
  cartSchema,
  checkoutBodySchema,
  describeRule,
  dollarsToCents,
  idParamsSchema,
  orderCreatedSchema,
  pricedOrderSchema,
  pricingQuoteBodySchema,
  productIdParamsSchema,
  quantityRefusal,
  snapQuantity,
} from "@forgeline/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Database } from "../db/client.js";
import { callerOf } from "../http/caller.js";
import { errorBody, HttpError } from "../http/errors.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { priceForAccount } from "../ordering/checkout.js";
import { type BuyerLine, lineProblem, withBuyerLock } from "../ordering/order-rules.js";
import { placeOrder, refusalError, refuse } from "../ordering/place-order.js";
import { orderFor } from "../ordering/policy.js";
import { linesOf } from "../ordering/queries.js";
import { pricedJson } from "../pricing/price.js";
import { productsByIds, productsBySkus, ruleOf } from "../product/queries.js";
import { spendAllowance } from "../rate-limit/account-allowances.js";
import { decodeUpload, type FillItem, fillCart, ImportRefused, importRows, readImport } from "./fill.js";
import { CART_MAX_LINES, cartLinesOf, clearCart, removeCartLine, setCartLine } from "./queries.js";

const NO_SUCH_TOOL = "This product is no longer in the catalogue.";

/** The caller's email; admins keep the shop, they do not buy from it. */
function buyerOf(request: FastifyRequest): string {
  const caller = callerOf(request);
  if (caller.role === "admin") throw new HttpError(403, "Admin accounts cannot place orders; use a customer account.");
  return caller.email;
}

/** The cart's lines with their tools (tools withdrawn meanwhile left out: withdrawing empties them from carts). */
async function cartContents(db: Database, email: string): Promise<BuyerLine[]> {
  const rows = await cartLinesOf(db, email);
  const products = new Map(
    (
      await productsByIds(
        db,
        rows.map((row) => row.productId),
      )
    ).map((p) => [p.id, p]),
  );
  return rows.flatMap((row) => {
    const product = products.get(row.productId);
    return product && !product.archivedAt ? [{ product, quantity: row.quantity }] : [];
  });
}

/** The rows of an import's text (JSON `{ text }`, or a `text/csv` file read as it), or a 400 with nothing added. */
function importText(text: string): ReturnType<typeof readImport> {
  try {
    return readImport(text);
  } catch (error) {
    if (error instanceof ImportRefused)
      throw new HttpError(400, error.message, [{ field: "text", message: error.message }]);
    throw error;
  }
}

/** The cart as the wire shows it: priced for the caller by the one price function, with each tool's rule and stock. */
async function cartJson(app: FastifyInstance, db: Database, email: string, contents?: BuyerLine[]): Promise<Cart> {
  const lines = contents ?? (await cartContents(db, email));
  const priced = pricedJson(await priceForAccount(app, db, email, lines));
  return {
    ...priced,
    lines: priced.lines.map((line, index) => {
      const { product } = lines[index] as BuyerLine;
      return { ...line, quantityRule: ruleOf(product), stock: product.quantity, image: product.image };
    }),
  };
}

const CART_ANSWER = jsonAnswer("The cart, priced for the caller.", cartSchema);

/**
 * The cart sent as JSON text: cartJson builds it as the Cart type says, so the answer skips a second check
 * of every field by the schema (the costliest part of the most frequent cart call, decision 019); the
 * schema still documents it.
 */
async function sendCart(reply: FastifyReply, cart: Promise<Cart>) {
  return reply.type("application/json; charset=utf-8").send(JSON.stringify(await cart) as never);
}
const FILL_ANSWER = jsonAnswer(
  "A row each, `added` or `error` with why, and the cart as it is now.",
  cartFillAnswerSchema,
);

const CHECKOUT_CONFLICT = apiErrorSchema.extend({ cart: cartSchema.optional() });

/**
 * The cart and its checkout (docs/SELLING-TO-BUSINESSES.md, 'Cart and checkout'), and the pricing preview of the Order
 * Now modal.
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/cart",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The caller's cart, priced now",
        description:
          "Each line's unit price and its source (list, tier, contract), the promotion that saves most, tax and total.",
        tags: ["Cart"],
        security: requires("accessToken"),
        response: { 200: CART_ANSWER, ...errorAnswers(401, 403) },
      },
    },
    async (request, reply) => sendCart(reply, cartJson(app, app.db, buyerOf(request))),
  );

  app.put(
    "/cart/lines/:productId",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Put a tool in the cart with this many pieces, or change its pieces",
        description:
          "`quantity` must keep to the tool's quantity rule (400, naming the nearest allowed quantities) and " +
          `its stock (409). A withdrawn tool is 409, naming it. A cart holds at most ${CART_MAX_LINES} tools.`,
        tags: ["Cart"],
        security: requires("accessToken"),
        params: productIdParamsSchema,
        body: cartLineBodySchema,
        response: { 200: CART_ANSWER, ...errorAnswers(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const email = buyerOf(request);
      const { productId } = request.params;
      const { quantity } = request.body;
      const [product] = await productsByIds(app.db, [productId]);
      if (!product) throw new HttpError(404, NO_SUCH_TOOL);
      const problem = lineProblem({ product, quantity });
      if (problem?.reason === "rule")
        throw new HttpError(400, problem.message, [{ field: "quantity", message: problem.message }]);
      if (problem) throw new HttpError(409, problem.message);
      const lines = await cartLinesOf(app.db, email);
      if (lines.length >= CART_MAX_LINES && !lines.some((line) => line.productId === productId)) {
        throw new HttpError(409, `A cart holds at most ${CART_MAX_LINES} tools; check out or remove one first.`);
      }
      await setCartLine(app.db, email, productId, quantity);
      return sendCart(reply, cartJson(app, app.db, email));
    },
  );

  app.delete(
    "/cart/lines/:productId",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Take a tool out of the cart",
        tags: ["Cart"],
        security: requires("accessToken"),
        params: productIdParamsSchema,
        response: { 200: CART_ANSWER, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const email = buyerOf(request);
      await removeCartLine(app.db, email, request.params.productId);
      return cartJson(app, app.db, email);
    },
  );

  app.delete(
    "/cart",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Empty the cart",
        tags: ["Cart"],
        security: requires("accessToken"),
        response: { 200: CART_ANSWER, ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      const email = buyerOf(request);
      await clearCart(app.db, email);
      return cartJson(app, app.db, email, []);
    },
  );

  app.post(
    "/pricing/quote",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Price lines for the caller without storing anything",
        description: "What the Order Now modal shows: each line's price and source, the promotion, tax and total.",
        tags: ["Cart"],
        security: requires("accessToken"),
        body: pricingQuoteBodySchema,
        response: {
          200: jsonAnswer("The lines priced as an order of them would be now.", pricedOrderSchema),
          ...errorAnswers(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request) => {
      const email = buyerOf(request);
      const wanted = request.body.lines;
      const products = new Map(
        (
          await productsByIds(
            app.db,
            wanted.map((line) => line.productId),
          )
        ).map((p) => [p.id, p]),
      );
      const lines: BuyerLine[] = wanted.map((line, index) => {
        const product = products.get(line.productId);
        if (!product || product.archivedAt) {
          const message = product ? `${product.name} is no longer in the catalogue` : NO_SUCH_TOOL;
          throw new HttpError(404, message, [{ field: `lines.${index}.productId`, message }]);
        }
        return { product, quantity: line.quantity };
      });
      const problems = lines.flatMap((line, index) => {
        const problem = lineProblem(line);
        return problem?.reason === "rule" ? [{ field: `lines.${index}.quantity`, message: problem.message }] : [];
      });
      if (problems[0]) throw new HttpError(400, problems[0].message, problems);
      return pricedJson(await priceForAccount(app, app.db, email, lines));
    },
  );

  app.post(
    "/cart/checkout",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Place one order of every line in the cart",
        description:
          "Priced again now. `expectedTotal` is the total the buyer saw: another total (a price or promotion " +
          "changed) is 409 with the new `cart`, and nothing is placed. A withdrawn tool, a line above stock or " +
          "outside its rule, or a tool already in an unpaid order of the buyer is 409 naming the line. Of two " +
          "checkouts at once one places the order; the cart empties only when it is placed.",
        tags: ["Cart"],
        security: requires("accessToken"),
        body: checkoutBodySchema,
        response: {
          201: jsonAnswer("The order is placed; `insertedId` is its id. Pay it next.", orderCreatedSchema),
          409: jsonAnswer("Not placed: `message` says why; `cart` is the cart as priced now.", CHECKOUT_CONFLICT),
          ...errorAnswers(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const email = buyerOf(request);
      const { expectedTotal, ...delivery } = request.body;
      const outcome = await placeOrder(app, reply, {
        email,
        delivery,
        // The cart as it is under the buyer's lock: of two checkouts at once, the second finds it empty.
        lines: async (tx) => {
          const lines = await cartContents(tx, email);
          return lines.length > 0 ? lines : refuse("empty", "Your cart is empty.");
        },
        expectedTotalCents: BigInt(dollarsToCents(expectedTotal)),
        alongside: (tx) => clearCart(tx, email),
      });
      if (!("refused" in outcome)) {
        return reply.code(201).send({ success: true, insertedId: outcome.orderId, status: outcome.status });
      }
      if (outcome.refused === "delivery") throw refusalError(outcome);
      const cart = await cartJson(app, app.db, email);
      return reply.code(409).send({ ...errorBody(409, outcome.message), cart });
    },
  );

  // The import reads JSON `{ text }` (a paste box, or a file read by the page) or the file itself as text/csv.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "text/csv",
      { parseAs: "buffer", bodyLimit: 4 * CART_IMPORT_LIMITS.textChars },
      (_request, body, done) => {
        try {
          done(null, { text: decodeUpload(body as Buffer) });
        } catch (error) {
          done(
            error instanceof ImportRefused
              ? new HttpError(400, error.message, [{ field: "text", message: error.message }])
              : (error as Error),
            undefined,
          );
        }
      },
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/cart/import",
      {
        onRequest: app.authenticate,
        bodyLimit: 4 * CART_IMPORT_LIMITS.textChars,
        schema: {
          summary: "Add rows of SKU and quantity to the cart (quick order, a pasted list or a CSV file)",
          description:
            "JSON `{ text }` or a `text/csv` body: a row per line, `,` `;` or tab between SKU and quantity, an " +
            "optional header row (naming a `sku` column), a UTF-8 byte-order mark. SKUs in any case; rows of " +
            "one SKU are summed, and added to what the cart holds of it. Each line is checked against its tool " +
            "(for sale, quantity rule naming the nearest allowed quantities, stock): good rows are added when " +
            "others fail, and every row is reported by its line in the file, a repeated SKU's rows once (at the " +
            `first, with how many and the first ${CART_IMPORT_LIMITS.rowsNamed} in \`summed\`). At most ` +
            `${CART_IMPORT_LIMITS.rows} rows and ${CART_IMPORT_LIMITS.textChars / 1024} KB; text that is not ` +
            "text, or more, is 400 and nothing is added.",
          tags: ["Cart"],
          security: requires("accessToken"),
          consumes: ["application/json", "text/csv"],
          body: cartImportBodySchema.describe("The rows as text (a `text/csv` body is taken as this `text`)."),
          response: { 200: FILL_ANSWER, ...errorAnswers(400, 401, 403, 413, 415, 429) },
        },
      },
      async (request, reply) => {
        const email = buyerOf(request);
        const rows = importText(request.body.text);
        await spendAllowance(app, reply, email, "cart-import");
        const skus = [...new Set(rows.flatMap((row) => (row.problem ? [] : [row.sku])))];
        const report = await withBuyerLock(app.db, { email }, async (tx) => {
          const bySku = new Map((await productsBySkus(tx, skus)).map((product) => [product.sku, product]));
          return importRows(tx, email, rows, bySku);
        });
        return reply
          .type("application/json; charset=utf-8")
          .send(JSON.stringify({ report, cart: await cartJson(app, app.db, email) }) as never);
      },
    );
  });

  app.post(
    "/ordering/:id/reorder",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Order again: put every line of a past order in the cart, at today's prices",
        description:
          "The caller's own order, or one of their company's when a member (else 404). Each line's quantity is " +
          "kept, or moved to the nearest one the tool's rule allows today (said in its row); a withdrawn tool, " +
          "or a quantity above stock, is a row with `error` and why. Lines are added to what the cart holds.",
        tags: ["Cart"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: { 200: FILL_ANSWER, ...errorAnswers(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const email = buyerOf(request);
      const order = await orderFor(app.db, callerOf(request), request.params.id, "read");
      if (!order) throw new HttpError(404, "Order not found");
      await spendAllowance(app, reply, email, "cart-import");
      const lines = await linesOf(app.db, order.id);
      const report = await withBuyerLock(app.db, { email }, async (tx) => {
        const products = new Map(
          (
            await productsByIds(
              tx,
              lines.map((line) => line.productId),
            )
          ).map((product) => [product.id, product]),
        );
        const rows: CartFillRow[] = lines.map((line, index) => ({
          row: index + 1,
          sku: line.sku,
          quantity: line.quantity,
          status: "error",
          message: `${line.name} is no longer in the catalogue`,
        }));
        const items: FillItem[] = [];
        const itemRows: { row: CartFillRow; snapped: string }[] = [];
        lines.forEach((line, index) => {
          const product = products.get(line.productId);
          const row = rows[index] as CartFillRow;
          if (!product || product.archivedAt) return;
          const rule = ruleOf(product);
          const quantity = quantityRefusal(rule, line.quantity) ? snapQuantity(rule, line.quantity) : line.quantity;
          const snapped =
            quantity === line.quantity ? "" : ` (${line.quantity} pieces are not sold now: ${describeRule(rule)})`;
          items.push({ product, quantity });
          itemRows.push({ row, snapped });
        });
        const outcomes = await fillCart(tx, email, items);
        outcomes.forEach((outcome, index) => {
          const { row, snapped } = itemRows[index] as { row: CartFillRow; snapped: string };
          row.status = outcome.status;
          row.message = `${outcome.message}${snapped}`;
        });
        return rows;
      });
      return reply
        .type("application/json; charset=utf-8")
        .send(JSON.stringify({ report, cart: await cartJson(app, app.db, email) }) as never);
    },
  );
};

export type CheckoutConflict = z.infer<typeof CHECKOUT_CONFLICT>;
