import { type Column, type SQL, sql } from "drizzle-orm";
import { bigint, timestamp } from "drizzle-orm/pg-core";

/**
 * Money in bigint cents (docs/SELLING-TO-BUSINESSES.md, 'One price function'); read as numbers, exact far beyond any
 * order the limits allow.
 */
export const cents = (name: string) => bigint(name, { mode: "number" });

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

/** A status word as an SQL literal, for the words a constraint or a generated column writes in. */
export function statusWord(word: string): string {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(word)) throw new Error(`not a status word: ${word}`);
  return `'${word}'`;
}

/**
 * "This uuid column holds one of the ids in the prepared statement's parameter `name`", the ids sent joined by
 * commas (`idList`): one value however many ids (a thousand parameters cost more than the query), one prepared
 * statement for any number, and a subquery, so the list is read once, not for every row.
 */
export function isOneOfIds(column: Column, name: string): SQL {
  return sql`${column} in (select unnest(string_to_array(${sql.placeholder(name)}, ',')::uuid[]))`;
}

/** The ids as isOneOfIds's parameter takes them. */
export const idList = (ids: readonly string[]) => ids.join(",");
