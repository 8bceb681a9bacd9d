import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The catalogue, reviews and promotions a fresh database starts with, kept as data in
 * server/seed/catalogue.json beside the products' pictures (server/seed/images). Three products are stocked
 * below the smallest bulk order and one exactly at it, so the catalogue shows both states of the Order Now
 * button; the two promotions are SPEC.md's, as data an admin can end (docs/SELLING-TO-BUSINESSES.md, 'One
 * price function').
 */

export interface SeedProduct {
  name: string;
  sku: string;
  priceCents: number;
  quantity: number;
  /** A quantity rule other than SPEC.md's 100 to 200 pieces. */
  rule?: { min: number; max: number; step: number };
  tiers?: { minQuantity: number; unitPriceCents: number }[];
  /** A file of server/seed/images. */
  image: string;
  description: string;
}

export interface SeedReview {
  name: string;
  email: string;
  rating: number;
  description: string;
  image: string;
}

export interface SeedPromotion {
  name: string;
  percent: number;
  firstOrder: boolean;
  minPieces: number | null;
}

const seed: { products: SeedProduct[]; reviews: SeedReview[]; promotions: SeedPromotion[] } = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../seed/catalogue.json"), "utf8"),
);

export const seedProducts = seed.products;
export const seedReviews = seed.reviews;
export const seedPromotions = seed.promotions;
