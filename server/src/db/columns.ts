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
  return sql`${column} in (${sql.raw(words.map(statusWord).join(", "))})`;
}

/** The same for several columns at once: `("a", "b") in (('open', 'paid'), …)`. */
export function isOneOfRows(columns: readonly Column[], rows: readonly (readonly string[])[]): SQL {
  const list = rows.map((row) => `(${row.map(statusWord).join(", ")})`).join(", ");
  return sql`(${sql.join([...columns], sql`, `)}) in (${sql.raw(list)})`;
}

function statusWord(word: string): string {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(word)) throw new Error(`not a status word: ${word}`);
  return `'${word}'`;
}
