import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { preparedOnce } from "../db/prepared.js";
import { cartLines } from "./tables.js";

export type CartLineRow = typeof cartLines.$inferSelect;

/** The most tools one cart holds. */
export const CART_MAX_LINES = 100;

/** The buyer's cart lines in the order they were first added. */
export function cartLinesOf(db: Database, email: string): Promise<CartLineRow[]> {
  return cartLinesQuery(db).execute({ email });
}

// Read by every cart call.
const cartLinesQuery = preparedOnce((db) =>
  db
    .select()
    .from(cartLines)
    .where(eq(cartLines.userEmail, sql.placeholder("email")))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId))
    .prepare("cart_lines_of"),
);

/** Sets how many pieces of a tool the cart holds (adds the line, or changes it in place). */
export async function setCartLine(db: Database, email: string, productId: string, quantity: number): Promise<void> {
  await db
    .insert(cartLines)
    .values({ userEmail: email, productId, quantity })
    .onConflictDoUpdate({ target: [cartLines.userEmail, cartLines.productId], set: { quantity } });
}

/** Sets the pieces of several tools at once (one statement, for an import or a reorder). */
export async function setCartLines(db: Database, email: string, lines: ReadonlyMap<string, number>): Promise<void> {
  if (lines.size === 0) return;
  await db
    .insert(cartLines)
    .values([...lines].map(([productId, quantity]) => ({ userEmail: email, productId, quantity })))
    .onConflictDoUpdate({
      target: [cartLines.userEmail, cartLines.productId],
      set: { quantity: sql`excluded.quantity` },
    });
}

export async function removeCartLine(db: Database, email: string, productId: string): Promise<void> {
  await db.delete(cartLines).where(and(eq(cartLines.userEmail, email), eq(cartLines.productId, productId)));
}

/** Empties the buyer's cart (in the checkout's transaction: it empties only when the order is placed). */
export async function clearCart(db: Database, email: string): Promise<void> {
  await db.delete(cartLines).where(eq(cartLines.userEmail, email));
}

/** Takes a withdrawn tool out of every cart, in the transaction that withdraws it. */
export async function removeToolFromCarts(db: Database, productId: string): Promise<void> {
  await db.delete(cartLines).where(eq(cartLines.productId, productId));
}
