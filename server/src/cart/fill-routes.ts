import {
  CART_IMPORT_LIMITS,
  type CartFillRow,
  cartFillAnswerSchema,
  cartImportBodySchema,
  describeRule,
  idParamsSchema,
  quantityRefusal,
  snapQuantity,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../company/policy.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { documentedInputs, errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { withBuyerLock } from "../ordering/order-rules.js";
import { orderFor } from "../ordering/policy.js";
import { linesOf } from "../ordering/queries/orders.js";
import { productsByIds, productsBySkus, ruleOf } from "../product/queries/products.js";
import { spendAllowance } from "../rate-limit/account-allowances.js";
import { buyerOf, cartJson } from "./cart-answer.js";
import { decodeUpload, type FillItem, fillCart, ImportRefused, importRows, importText } from "./fill.js";

const FILL_ANSWER = jsonAnswer(
  "A row each, `added` or `error` with why, and the cart as it is now.",
  cartFillAnswerSchema,
);

/**
 * Filling the cart many lines at once (docs/SELLING-TO-BUSINESSES.md, 'Quick order, CSV import and reorder'): an
 * import, or a past order again.
 */
export const cartFillRoutes: FastifyPluginAsyncZod = async (app) => {
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
        config: documentedInputs({
          bodyByMediaType: {
            "application/json": cartImportBodySchema.describe(
              "The rows as text (a paste box, or a file read by the page).",
            ),
            "text/csv": z.string().describe("The rows as CSV text, the file itself."),
          },
        }),
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
          // Checks both: the text/csv parser hands the file's text on as this object's `text`.
          body: cartImportBodySchema,
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
      const order = await orderFor(
        app.db,
        await actorOf(app.db, callerOf(request)),
        request.params.id,
        "reorder:order",
      );
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
