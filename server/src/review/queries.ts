import type { PageQuery, Review } from "@forgeline/contract";
import { count, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { reviews } from "./tables.js";

type ReviewRow = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;

/** Reviews are public, but the reviewer's email is not: it never leaves the server. */
export function toReviewJson(row: ReviewRow): Review {
  return {
    _id: row.id,
    name: row.name,
    rating: row.rating,
    description: row.description,
    image: row.image,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Reviews newest first: all of them, or one reviewer's; the items are shaped as the API sends them. */
export async function listReviews(db: Database, page: PageQuery, email?: string) {
  const byReviewer = email === undefined ? undefined : eq(reviews.email, email);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(byReviewer)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(reviews).where(byReviewer),
  ]);
  return { items: rows.map(toReviewJson), total: total?.value ?? 0 };
}

/** Stores reviews; answers the id of each, in the order given. */
export async function addReviews(db: Database, rows: NewReview[]): Promise<string[]> {
  const added = await db.insert(reviews).values(rows).returning({ id: reviews.id });
  return added.map(({ id }) => id);
}

/** The reviews showing the picture at this address, as a subquery for `exists()` (the upload sweep). */
export function reviewsShowing(db: Database, pictureUrl: SQL) {
  return db.select({ id: reviews.id }).from(reviews).where(eq(reviews.image, pictureUrl));
}
