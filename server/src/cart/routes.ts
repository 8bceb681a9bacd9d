import {
  apiErrorSchema,
  type Cart,
  cartLineBodySchema,
  cartSchema,
  checkoutBodySchema,
  dollarsToCents,
  orderCreatedSchema,
  pricedOrderSchema,
  pricingQuoteBodySchema,
  productIdParamsSchema,
} from "@forgeline/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { errorBody, HttpError } from "../http/errors.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { priceForAccount } from "../ordering/checkout.js";
import { type BuyerLine, lineProblem } from "../ordering/order-rules.js";
import { placeOrder, refusalError, refuse } from "../ordering/place-order.js";
import { pricedJson } from "../pricing/price.js";
import { productsByIds } from "../product/queries/products.js";
import { buyerOf, cartContents, cartJson } from "./cart-answer.js";
import { cartFillRoutes } from "./fill-routes.js";
import { CART_MAX_LINES, cartLinesOf, clearCart, removeCartLine, setCartLine } from "./queries.js";

const NO_SUCH_TOOL = "This product is no longer in the catalogue.";

const CART_ANSWER = jsonAnswer("The cart, priced for the caller.", cartSchema);

/**
 * The cart sent as JSON text: cartJson builds it as the Cart type says, so the answer skips a second check
 * of every field by the schema (the costliest part of the most frequent cart call, decision 019); the
 * schema still documents it.
 */
async function sendCart(reply: FastifyReply, cart: Promise<Cart>) {
  return reply.type("application/json; charset=utf-8").send(JSON.stringify(await cart) as never);
}

const CHECKOUT_CONFLICT = apiErrorSchema.extend({ cart: cartSchema.optional() });

/**
 * The cart and its checkout (docs/SELLING-TO-BUSINESSES.md, 'Cart and checkout'), the pricing preview of the Order
 * Now modal, and the routes that fill the cart many lines at once (fill-routes.ts).
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
      config: { idempotent: true },
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
      const { expectedTotal, paymentMethod, shipping, ...delivery } = request.body;
      const outcome = await placeOrder(app, reply, {
        email,
        delivery,
        paymentMethod,
        shipping,
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

  await app.register(cartFillRoutes);
};

export type CheckoutConflict = z.infer<typeof CHECKOUT_CONFLICT>;
