import {
  CATALOGUE_SORTS,
  catalogueQueryOf,
  DEFAULT_QUANTITY_RULE,
  deletedCountSchema,
  dollarsToCents,
  idParamsSchema,
  insertedIdSchema,
  newProductSchema,
  type Product,
  type ProductPatch,
  productListQuerySchema,
  productPatchSchema,
  productSchema,
  type QuantityRule,
  SEARCH_MAX_LENGTH,
  sellingTermsProblems,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../audit/queries.js";
import type { Database } from "../db/client.js";
import { isUniqueViolation } from "../db/errors.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import {
  addProducts,
  findProduct,
  lockProduct,
  type ProductChanges,
  type ProductRow,
  skuFromName,
  toProductJson,
  updateProduct,
  withdrawProduct,
} from "./queries/products.js";
import { setOnHand } from "./queries/stock-counts.js";

const GONE = "This product is no longer in the catalogue.";

const SKU_TAKEN = "This SKU is already taken by another tool";

/** The selling terms as columns: the rule in three, tier prices in cents. */
function termColumns(terms: {
  quantityRule?: QuantityRule | undefined;
  tiers?: { minQuantity: number; unitPrice: number }[] | undefined;
}) {
  const columns: ProductChanges = {};
  if (terms.quantityRule) {
    columns.quantityMin = terms.quantityRule.min;
    columns.quantityMax = terms.quantityRule.max;
    columns.quantityStep = terms.quantityRule.step;
  }
  if (terms.tiers) {
    columns.tiers = terms.tiers.map((tier) => ({
      minQuantity: tier.minQuantity,
      unitPriceCents: dollarsToCents(tier.unitPrice),
    }));
  }
  return columns;
}

/** The columns a patch changes, prices in cents. */
function changesOf({
  price,
  quantityRule,
  tiers,
  quantity,
  warehouseId,
  backorders,
  ...fields
}: ProductPatch): ProductChanges {
  const changes: ProductChanges = { ...fields, ...termColumns({ quantityRule, tiers }) };
  if (price !== undefined) changes.priceCents = dollarsToCents(price);
  // Settings left out of `backorders` are cleared: the form sends all three, and a tool that stops taking
  // backorders keeps no date to show.
  if (backorders !== undefined) {
    changes.backordersAllowed = backorders.allowed;
    changes.backordersExpectedAt = backorders.expectedAt ?? null;
    changes.backordersLeadDays = backorders.leadDays ?? null;
  }
  return changes;
}

/** A patch's terms checked together with what it leaves as stored (a new price must stay above the tiers). */
function refuseBadTerms(row: ProductRow, patch: ProductPatch) {
  const current = toProductJson(row);
  const problems = sellingTermsProblems({
    price: patch.price ?? current.price,
    quantityRule: patch.quantityRule ?? current.quantityRule,
    tiers: patch.tiers ?? current.tiers,
  });
  const [first] = problems;
  if (first) throw new HttpError(400, first.message, problems);
}

/** Runs a write that stores a SKU; a SKU another tool has is 409, with nothing stored. */
async function withFreeSku<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, SKU_TAKEN, [{ field: "sku", message: SKU_TAKEN }]);
    throw error;
  }
}

async function newSku(tx: Database, sku: string | undefined, name: string) {
  return sku ?? (await skuFromName(tx, name));
}

/** The fields of a product's JSON that are among these names: what the audit keeps of an edit or restock. */
function pick(product: Product, fields: (keyof Product)[]): Partial<Product> {
  return Object.fromEntries(fields.map((field) => [field, product[field]]));
}

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/product",
    // The body comes already serialized from the page cache, so the 200 schema documents it without a check;
    // listProducts shapes every item as productSchema.
    {
      schema: {
        summary: "List the catalogue, one page at a time: searched, sorted and filtered",
        description:
          `\`q\` (at most ${SEARCH_MAX_LENGTH} characters) searches names and descriptions: any of its words, ` +
          "stemmed, or a near spelling of a word of the name; results come best match first. `sort` is one of " +
          `${CATALOGUE_SORTS.join(", ")} (without it: best match for a search, else newest first). ` +
          "`inStock=1` keeps the tools whose stock covers the smallest order their quantity rule allows.",
        tags: ["Catalogue"],
        querystring: productListQuerySchema,
        response: {
          200: jsonAnswer(
            "One page of products; X-Total-Count holds how many the whole list (or search) has.",
            z.array(productSchema),
          ),
          ...errorAnswers(400),
        },
      },
    },
    async (request, reply) => {
      return app.pageCaches.catalogue.answer(request, reply, catalogueQueryOf(request.query));
    },
  );

  // One product, for the order modal of /orderdetails?productId= (an addition to docs/SPEC-CONFORMANCE.md §7).
  app.get(
    "/product/:id",
    {
      schema: {
        summary: "Read one product",
        tags: ["Catalogue"],
        params: idParamsSchema,
        response: { 200: jsonAnswer("The product.", productSchema), ...errorAnswers(400, 404) },
      },
    },
    async (request) => {
      const product = await findProduct(app.db, request.params.id);
      if (!product) throw new HttpError(404, GONE);
      return toProductJson(product);
    },
  );

  app.post(
    "/product",
    {
      onRequest: app.backOffice("manage:product"),
      schema: {
        summary: "Add a product to the catalogue (admins only)",
        description:
          "`price` is in dollars; `image` is an address POST /api/image answered. `sku` (made from the name when " +
          `left out), \`quantityRule\` (default ${DEFAULT_QUANTITY_RULE.min} to ${DEFAULT_QUANTITY_RULE.max} pieces) and ` +
          "`tiers` (volume prices) are optional. A SKU another tool has is 409.",
        tags: ["Catalogue"],
        security: requires("accessToken"),
        body: newProductSchema,
        response: {
          201: jsonAnswer("The product is in the catalogue; `insertedId` is its id.", insertedIdSchema),
          ...errorAnswers(400, 401, 403, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const { price, sku, quantityRule, tiers, ...fields } = request.body;
      const admin = callerOf(request).email;
      const id = await withFreeSku(() =>
        app.db.transaction(async (tx) => {
          const [added = ""] = await addProducts(tx, [
            {
              ...fields,
              ...termColumns({ quantityRule, tiers }),
              sku: await newSku(tx, sku, fields.name),
              priceCents: dollarsToCents(price),
              createdByEmail: admin,
            },
          ]);
          await recordAudit(tx, {
            actor: admin,
            action: "product.add",
            target: added,
            before: null,
            after: request.body,
          });
          return added;
        }),
      );
      await app.listChanged("catalogue");
      return reply.code(201).send({ insertedId: id });
    },
  );

  // Deleting withdraws the product: its row stays for its orders' history, its unpaid orders are cancelled.
  app.delete(
    "/product/:id",
    {
      onRequest: app.backOffice("manage:product"),
      schema: {
        summary: "Withdraw a product from the catalogue (admins only)",
        description:
          "The product leaves the catalogue; its orders keep their history, and its unpaid orders are cancelled " +
          "with the reason in their history.",
        tags: ["Catalogue"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: {
          200: jsonAnswer("The product is out of the catalogue (`deletedCount`: 1).", deletedCountSchema),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const deleted = await app.db.transaction(async (tx) => {
        const product = await findProduct(tx, id);
        if (!product || !(await withdrawProduct(tx, id))) return false;
        await app.events.publish("productWithdrawn", { tx, productId: id, by: callerOf(request).email });
        const before = toProductJson(product);
        await recordAudit(tx, {
          actor: callerOf(request).email,
          action: "product.delete",
          target: id,
          before,
          after: null,
        });
        return true;
      });
      if (!deleted) throw new HttpError(404, GONE);
      await app.listChanged("catalogue");
      return { deletedCount: 1 };
    },
  );

  // Edit and restock (docs/decisions/013-catalogue-search-and-product-page.md). Orders keep the name and
  // unit price they copied when placed, so a new price never changes an existing order.
  app.patch(
    "/product/:id",
    {
      onRequest: app.backOffice("manage:product"),
      schema: {
        summary: "Edit or restock a product (admins only)",
        description:
          "Any of `name`, `price` (dollars), `description`, `image` (with Add Product's rules), `sku`, " +
          "`quantityRule`, `tiers` (checked together with what is stored), `quantity` " +
          "(the count on hand in `warehouseId`, the first warehouse when left out: a whole number from 0, not below what " +
          "is allocated there to orders; the tool's quantity is then its sum available) and `lowStockThreshold` (a whole number from 0, or null for " +
          "the default: twice the rule's minimum) and `backorders` (`allowed`, and `expectedAt`, a day not in the past, or `leadDays`, " +
          "1 to 365: when more comes; what it leaves out is cleared); what is left out stays as it is. Existing orders keep the " +
          "name and prices they were placed with. Each change goes to the audit log with its values before and after.",
        tags: ["Catalogue"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: productPatchSchema,
        response: {
          200: jsonAnswer("The product as it is now.", productSchema),
          ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const patch = request.body;
      const admin = callerOf(request).email;
      const updated = await withFreeSku(() =>
        app.db.transaction(async (tx) => {
          const row = await lockProduct(tx, id);
          if (!row) throw new HttpError(404, GONE);
          if (row.archivedAt)
            throw new HttpError(409, "This product was deleted; it can no longer be edited or restocked.");
          refuseBadTerms(row, patch);
          const before = toProductJson(row);
          // Restock sets a warehouse's count on hand (the first's by default), through the stock ledger; the tool's
          // quantity is then the sum available (docs/STOCK.md).
          if (patch.quantity !== undefined) {
            const movement = await setOnHand(tx, {
              productId: id,
              warehouseId: patch.warehouseId,
              count: patch.quantity,
              reason: "Restock: counted again",
              by: admin,
            });
            // Pieces that came in go first to the orders waiting for them (docs/STOCK.md, 'Backorders').
            if (movement && movement.onHandChange > 0) {
              await app.events.publish("stockReceived", { tx, productId: id, by: admin });
            }
          }
          const changes = changesOf(patch);
          const edits = Object.values(changes).some((value) => value !== undefined);
          const now = edits ? await updateProduct(tx, id, changes) : await lockProduct(tx, id);
          if (!now) throw new Error(`product ${id} vanished while locked`);
          const after = toProductJson(now);
          const edited = (
            [
              "name",
              "price",
              "description",
              "image",
              "sku",
              "quantityRule",
              "tiers",
              "lowStockThreshold",
              "backorders",
            ] as const
          ).filter((field) => patch[field] !== undefined);
          if (edited.length > 0) {
            await recordAudit(tx, {
              actor: admin,
              action: "product.edit",
              target: id,
              before: pick(before, [...edited]),
              after: pick(after, [...edited]),
            });
          }
          if (patch.quantity !== undefined) {
            await recordAudit(tx, {
              actor: admin,
              action: "product.restock",
              target: id,
              before: { quantity: before.quantity },
              after: { quantity: after.quantity, onHand: patch.quantity, warehouseId: patch.warehouseId ?? null },
            });
          }
          return after;
        }),
      );
      await app.listChanged("catalogue");
      return updated;
    },
  );
};
