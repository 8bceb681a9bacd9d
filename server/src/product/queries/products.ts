import {
  type Backorders,
  type CatalogueQuery,
  type CatalogueSort,
  centsToDollars,
  type Product,
  type QuantityRule,
} from "@forgeline/contract";
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNull, like, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { products, stockLevels, warehouses } from "../tables.js";
import { firstWarehouse, recordMovements } from "./stock-ledger.js";

/** Every column of a product but its search document, which only the search reads: what a product read answers. */
const { searchDocument, ...productColumns } = getTableColumns(products);

export type ProductRow = Omit<typeof products.$inferSelect, "searchDocument">;
export type NewProduct = typeof products.$inferInsert;

/** In the catalogue: not withdrawn. */
const listed = isNull(products.archivedAt);

export function toProductJson(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    quantity: row.quantity,
    image: row.image,
    description: row.description,
    sku: row.sku,
    quantityRule: ruleOf(row),
    tiers: row.tiers.map((tier) => ({ minQuantity: tier.minQuantity, unitPrice: centsToDollars(tier.unitPriceCents) })),
    lowStockThreshold: row.lowStockThreshold,
    backorders: backordersOf(row),
  };
}

/** A tool's backorder settings as answers carry them (docs/STOCK.md, 'Backorders'). */
export function backordersOf(
  row: Pick<ProductRow, "backordersAllowed" | "backordersExpectedAt" | "backordersLeadDays">,
): Backorders {
  return { allowed: row.backordersAllowed, expectedAt: row.backordersExpectedAt, leadDays: row.backordersLeadDays };
}

export function ruleOf(row: Pick<ProductRow, "quantityMin" | "quantityMax" | "quantityStep">): QuantityRule {
  return { min: row.quantityMin, max: row.quantityMax, step: row.quantityStep };
}

/** "Cordless Drill 20V" → "COR-DRI-20V": a SKU made from a name, for a product added without one. */
function skuStem(name: string): string {
  const words = name.toUpperCase().match(/[A-Z0-9]+/g) ?? [];
  const stem = words
    .slice(0, 3)
    .map((word) => word.slice(0, 3))
    .join("-");
  return stem.length >= 3 ? stem.slice(0, 24) : `SKU-${stem}`.replace(/-$/, "");
}

/** A free SKU made from the name: its stem, or the stem and the first free number after it. */
export async function skuFromName(db: Database, name: string): Promise<string> {
  const stem = skuStem(name);
  const taken = new Set(
    (
      await db
        .select({ sku: products.sku })
        .from(products)
        .where(or(eq(products.sku, stem), like(products.sku, `${stem}-%`)))
    ).map((row) => row.sku),
  );
  if (!taken.has(stem)) return stem;
  for (let number = 2; ; number += 1) if (!taken.has(`${stem}-${number}`)) return `${stem}-${number}`;
}

/** Products by id, withdrawn or not, for pricing lines (a withdrawn one is refused by the caller, naming it). */
export function productsByIds(db: Database, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(productColumns)
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/**
 * Products in the catalogue by SKU, in any case; with `withdrawn`, those taken out of it too (a saved list names
 * them, so its page says which tool went).
 */
export function productsBySkus(db: Database, skus: readonly string[], withdrawn = false): Promise<ProductRow[]> {
  if (skus.length === 0) return Promise.resolve([]);
  return db
    .select(productColumns)
    .from(products)
    .where(
      and(
        withdrawn ? undefined : listed,
        inArray(
          products.sku,
          skus.map((sku) => sku.toUpperCase()),
        ),
      ),
    );
}

/** At most this many words of a search count; more add nothing but work. */
const SEARCH_WORDS = 10;

/**
 * A search as SQL: its words (any of them, so "torque wrench" still finds a wrench set) against the
 * stemmed name and description (the stored search document), or the whole text close enough to a word of the
 * name to be a typo of it ("hamer"); ranked by how well the words match, the name counting most. Every word goes to PostgreSQL as
 * a parameter through plainto_tsquery, which reads no operators: punctuation, quotes or tsquery syntax
 * match what they match, or nothing.
 */
function searchOf(q: string) {
  const words = q.split(/\s+/).filter(Boolean).slice(0, SEARCH_WORDS);
  const terms = sql.join(
    words.map((word) => sql`plainto_tsquery('english', ${word})`),
    sql` || `,
  );
  // A search shaped like the start of a SKU (letters, digits and a hyphen or digit: "FL-HAM") also finds the
  // tools whose SKU begins so, first (the quick order's suggestions, docs/SELLING-TO-BUSINESSES.md, 'Quick order, CSV
  // import and reorder'). Words never do.
  const skuStart = SKU_START.test(q) ? sql`${products.sku} like ${`${q.toUpperCase()}%`}` : undefined;
  return {
    matches: or(sql`${searchDocument} @@ (${terms})`, sql`${q} <% ${products.name}`, skuStart) as SQL,
    rank: sql`ts_rank_cd(${searchDocument}, ${terms}) + word_similarity(${q}, ${products.name})${
      skuStart ? sql` + (case when ${skuStart} then 10 else 0 end)` : sql``
    }`,
  };
}

/** The start of a SKU as typed: 2 to 32 letters, digits or hyphens, with a hyphen or a digit among them. */
const SKU_START = /^(?=.*[-\d])[A-Za-z\d-]{2,32}$/;

const SORTS: Record<CatalogueSort, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  "price-asc": [asc(products.priceCents), desc(products.createdAt), desc(products.id)],
  "price-desc": [desc(products.priceCents), desc(products.createdAt), desc(products.id)],
  name: [asc(sql`lower(${products.name})`), asc(products.id)],
};

/**
 * The two queries of a page of the catalogue, not yet run: its rows and the size of the whole list it pages,
 * searched, filtered and sorted as asked; without a sort a search comes best match first and a list newest first
 * (a new tool shows on the home page at once).
 */
export function catalogueQueries(db: Database, query: CatalogueQuery) {
  const search = query.q ? searchOf(query.q) : undefined;
  const where = and(listed, query.inStock ? gte(products.quantity, products.quantityMin) : undefined, search?.matches);
  const order = query.sort || !search ? SORTS[query.sort ?? "newest"] : [desc(search.rank), ...SORTS.newest];
  return {
    rows: db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    total: db.select({ value: count() }).from(products).where(where),
  };
}

/**
 * One page of the catalogue with the size of the whole list it pages (catalogueQueries). The items are already
 * shaped as the API sends them (productSchema): the page is cached serialized.
 */
export async function listProducts(db: Database, query: CatalogueQuery) {
  const queries = catalogueQueries(db, query);
  const [rows, [total]] = await Promise.all([queries.rows, queries.total]);
  return { items: rows.map(toProductJson), total: total?.value ?? 0 };
}

/** A product in the catalogue (a withdrawn one is as good as missing). */
export async function findProduct(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), listed));
  return row;
}

/**
 * A product, withdrawn or not, locked until the caller's transaction ends: an edit reads what it changes
 * and writes it with nothing in between (a paid order taking stock waits for it, and the reverse).
 */
export async function lockProduct(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id)).for("update");
  return row;
}

/** The columns an admin's edit or restock may change. */
export type ProductChanges = Partial<
  Pick<
    NewProduct,
    | "name"
    | "priceCents"
    | "description"
    | "image"
    | "quantity"
    | "sku"
    | "quantityMin"
    | "quantityMax"
    | "quantityStep"
    | "tiers"
    | "lowStockThreshold"
    | "backordersAllowed"
    | "backordersExpectedAt"
    | "backordersLeadDays"
  >
>;

/** Writes an edit or a restock (in the caller's transaction, after lockProduct); answers the product as it is now. */
export async function updateProduct(db: Database, id: string, changes: ProductChanges): Promise<ProductRow> {
  const [row] = await db.update(products).set(changes).where(eq(products.id, id)).returning(productColumns);
  if (!row) throw new Error(`product ${id} vanished while locked`);
  return row;
}

/** Every product in the catalogue, oldest first, for the sitemap. */
export async function listedProductIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(listed)
    .orderBy(asc(products.createdAt), asc(products.id));
  return rows.map(({ id }) => id);
}

/** Whether no product was ever added (withdrawn ones count: an emptied catalogue is not seeded again). */
export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(products);
  return (existing?.total ?? 0) === 0;
}

/**
 * Adds products, in the caller's transaction; answers the id of each, in the order given. Each one's stock is
 * received into the first warehouse, through the stock ledger (docs/STOCK.md).
 */
export async function addProducts(tx: Database, rows: NewProduct[]): Promise<string[]> {
  const added = await tx
    .insert(products)
    .values(rows.map((row) => ({ ...row, quantity: 0 })))
    .returning({ id: products.id });
  const first = await firstWarehouse(tx);
  await recordMovements(
    tx,
    added.map(({ id }, index) => ({
      productId: id,
      warehouseId: first.id,
      kind: "received",
      onHandChange: rows[index]?.quantity ?? 0,
      allocatedChange: 0,
      by: rows[index]?.createdByEmail ?? "system",
    })),
  );
  return added.map(({ id }) => id);
}

/**
 * Withdraws a product from the catalogue; the row stays, so its orders' history (and a refund's return of
 * pieces) still has it. Answers whether it was in the catalogue.
 */
export async function withdrawProduct(db: Database, id: string): Promise<boolean> {
  const withdrawn = await db
    .update(products)
    .set({ archivedAt: sql`now()` })
    .where(and(eq(products.id, id), listed))
    .returning({ id: products.id });
  return withdrawn.length > 0;
}

/** Whether the product is still in the catalogue with at least this many pieces in stock. */
export async function stockCovers(db: Database, productId: string, quantity: number): Promise<boolean> {
  const [product] = await db
    .select({ quantity: products.quantity, backorders: products.backordersAllowed })
    .from(products)
    .where(and(eq(products.id, productId), listed));
  // A tool that takes backorders covers any quantity: what is not there waits (docs/STOCK.md, 'Backorders').
  return Boolean(product && (product.backorders || product.quantity >= quantity));
}

/**
 * The products in the catalogue showing the picture at this address, as a subquery for `exists()` (the
 * upload sweep): a withdrawn product shows it nowhere any more.
 */
export function productsShowing(db: Database, pictureUrl: SQL) {
  return db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.image, pictureUrl), listed));
}

/** A tool's low-stock threshold in SQL: its own, else twice its rule's minimum (the contract's lowStockThresholdOf). */
const threshold = sql<number>`coalesce(${products.lowStockThreshold}, 2 * ${products.quantityMin})`;
const belowThreshold = and(listed, sql`${products.quantity} < ${threshold}`);

/**
 * The tools in the catalogue whose stock is below their threshold, the emptiest first (by the share of
 * the threshold left), at most `limit` of them, and how many there are in all.
 */
export async function lowStockTools(db: Database, limit: number) {
  const [tools, [total]] = await Promise.all([
    db
      .select({ _id: products.id, name: products.name, sku: products.sku, quantity: products.quantity, threshold })
      .from(products)
      .where(belowThreshold)
      .orderBy(sql`${products.quantity}::float8 / nullif(${threshold}, 0)`, asc(products.name), asc(products.id))
      .limit(limit),
    db.select({ value: count() }).from(products).where(belowThreshold),
  ]);
  const places = await availableByWarehouse(
    db,
    tools.map((tool) => tool._id),
  );
  return {
    count: total?.value ?? 0,
    tools: tools.map((tool) => ({
      ...tool,
      threshold: Number(tool.threshold),
      byWarehouse: places
        .filter((place) => place.productId === tool._id)
        .map(({ code, available }) => ({ code, available })),
    })),
  };
}

/** What each tool has available in each warehouse holding a level of it, warehouses in list order (low stock's "where"). */
async function availableByWarehouse(db: Database, productIds: string[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      productId: stockLevels.productId,
      code: warehouses.code,
      available: sql<number>`${stockLevels.onHand} - ${stockLevels.allocated}`.mapWith(Number),
    })
    .from(stockLevels)
    .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
    .where(inArray(stockLevels.productId, productIds))
    .orderBy(asc(warehouses.createdAt), asc(warehouses.id));
}
