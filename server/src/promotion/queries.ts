import type { Promotion, PromotionBody, PromotionPatch } from "@forgeline/contract";
import { and, desc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { promotions } from "./tables.js";

export type PromotionRow = typeof promotions.$inferSelect;

export function promotionJson(row: PromotionRow): Promotion {
  return {
    _id: row.id,
    name: row.name,
    percent: row.percent,
    firstOrder: row.firstOrder,
    minPieces: row.minPieces,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The promotions running at `now`: active, started, not ended; oldest first (the older wins a tie). A real
 * promise (async), not drizzle's query builder: the builder runs its query again on every `then`, so a
 * cache holding it (app.runningPromotions) would ask the database on every read.
 */
export async function activePromotions(db: Database, now = new Date()): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.active, true),
        or(isNull(promotions.startsAt), lte(promotions.startsAt, now)),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
      ),
    )
    .orderBy(promotions.createdAt, promotions.id);
}

export function allPromotions(db: Database): Promise<PromotionRow[]> {
  return db.select().from(promotions).orderBy(desc(promotions.createdAt), desc(promotions.id));
}

const asDate = (value: string | null | undefined) => (value == null ? value : new Date(value));

export async function addPromotion(db: Database, body: PromotionBody, createdAt?: Date): Promise<PromotionRow> {
  const [row] = await db
    .insert(promotions)
    .values({ ...body, startsAt: asDate(body.startsAt), endsAt: asDate(body.endsAt), ...(createdAt && { createdAt }) })
    .returning();
  if (!row) throw new Error("the promotion was not stored");
  return row;
}

/** The promotion locked until the caller's transaction ends, so an edit reads and writes with nothing between. */
export async function lockPromotion(db: Database, id: string): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id)).for("update");
  return row;
}

export async function updatePromotion(db: Database, id: string, patch: PromotionPatch): Promise<PromotionRow> {
  const { startsAt, endsAt, ...rest } = patch;
  const [row] = await db
    .update(promotions)
    .set({
      ...rest,
      ...(startsAt !== undefined && { startsAt: asDate(startsAt) }),
      ...(endsAt !== undefined && { endsAt: asDate(endsAt) }),
    })
    .where(eq(promotions.id, id))
    .returning();
  if (!row) throw new Error(`promotion ${id} vanished while locked`);
  return row;
}
