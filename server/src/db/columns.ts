import { type Column, type SQL, sql } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";

/** When a row was made: every table of ours has one. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A check constraint's "this column holds one of these words" (`"status" in ('paid', 'shipped')`), for the
 * status sets of the contract: a constraint takes no parameters, so the words are written in; a word that
 * is not plain lower case is refused rather than quoted.
 */
export function isOneOf(column: Column, words: readonly string[]): SQL {
  const bad = words.find((word) => !/^[a-z]+(-[a-z]+)*$/.test(word));
  if (bad !== undefined) throw new Error(`not a status word: ${bad}`);
  return sql`${column} in (${sql.raw(words.map((word) => `'${word}'`).join(", "))})`;
}
