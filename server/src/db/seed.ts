import { cp, mkdir } from "node:fs/promises";
import path from "node:path";
import { count } from "drizzle-orm";
import { products } from "../product/tables.js";
import { reviews } from "../review/tables.js";
import type { Database } from "./client.js";
import { seedProducts, seedReviews } from "./seed-data.js";

const seedImagesDir = path.resolve(import.meta.dirname, "../../seed/images");

/**
 * Fills an empty catalogue with the tools and reviews of seed-data.ts, and copies their pictures into
 * the image store. A catalogue that already holds products is left as it is, so restarts keep data.
 */
export async function seedCatalogue(db: Database, imagesDir: string): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(products);
  if ((existing?.total ?? 0) > 0) return false;

  await mkdir(imagesDir, { recursive: true });
  await cp(seedImagesDir, imagesDir, { recursive: true, force: false });

  const now = Date.now();
  await db.transaction(async (tx) => {
    await tx.insert(products).values(
      seedProducts.map((product, index) => ({
        name: product.name,
        priceCents: product.priceCents,
        quantity: product.quantity,
        image: `/images/${product.image}`,
        description: product.description,
        // Distinct creation times, newest first, so the catalogue lists the tools as seed-data.ts does.
        createdAt: new Date(now - (index + 1) * 1000),
      })),
    );
    await tx.insert(reviews).values(
      seedReviews.map((review, index) => ({
        ...review,
        createdAt: new Date(now - (index + 1) * 86_400_000),
      })),
    );
  });
  return true;
}
