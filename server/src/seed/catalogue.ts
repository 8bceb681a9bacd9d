import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.js";
import { addProducts, isCatalogueEmpty } from "../product/queries/products.js";
import { ensureWarehouse } from "../product/queries/warehouses.js";
import { addPromotion } from "../promotion/queries.js";
import { addReviews } from "../review/queries.js";
import { seedProducts, seedPromotions, seedReviews } from "./catalogue-data.js";

const seedImagesDir = path.resolve(import.meta.dirname, "../../seed/images");

/**
 * Fills an empty catalogue with the tools and reviews of seed/catalogue.json, and saves their pictures in
 * the image store, with SPEC.md's two promotions. A catalogue that already holds products is left as it is, so restarts keep data.
 */
export async function seedCatalogue(
  db: Database,
  imageStore: Pick<FastifyInstance["imageStore"], "save">,
): Promise<boolean> {
  if (!(await isCatalogueEmpty(db))) return false;

  const names = await readdir(seedImagesDir);
  await imageStore.save(
    await Promise.all(names.map(async (name) => ({ name, bytes: await readFile(path.join(seedImagesDir, name)) }))),
  );

  const now = Date.now();
  await db.transaction(async (tx) => {
    // The demo's second warehouse, empty: the first (made by the migrations) holds the tools' stock.
    await ensureWarehouse(tx, {
      code: "EAST",
      name: "East depot",
      address: "12 Harbour Road, Newark, NJ 07114",
      active: true,
    });
    await addProducts(
      tx,
      seedProducts.map((product, index) => ({
        name: product.name,
        sku: product.sku,
        priceCents: product.priceCents,
        ...(product.rule && {
          quantityMin: product.rule.min,
          quantityMax: product.rule.max,
          quantityStep: product.rule.step,
        }),
        tiers: product.tiers ?? [],
        quantity: product.quantity,
        image: `/images/${product.image}`,
        description: product.description,
        // Distinct creation times, newest first, so the catalogue lists the tools as seed/catalogue.json does.
        createdAt: new Date(now - (index + 1) * 1000),
      })),
    );
    for (const [index, promotion] of seedPromotions.entries()) {
      // The first-order one is the older, so it wins a tie (docs/SELLING-TO-BUSINESSES.md, 'One price function').
      await addPromotion(
        tx,
        { ...promotion, startsAt: null, endsAt: null, active: true },
        new Date(now - (2 - index) * 1000),
      );
    }
    await addReviews(
      tx,
      seedReviews.map((review, index) => ({
        ...review,
        createdAt: new Date(now - (index + 1) * 86_400_000),
      })),
    );
  });
  return true;
}
