/**
 * The order number a person reads and says (FL-100234): rising and unique, given by the database when the
 * order is placed. The order's id stays in URLs; this is what pages, mails, invoices and exports show.
 */
export const ORDER_NUMBER_PREFIX = "FL-";

export const orderNumberText = (number: number): string => `${ORDER_NUMBER_PREFIX}${number}`;

/** The order number a search names, written "FL-100234", "fl100234" or "100234"; null when it names none. */
export function orderNumberIn(text: string): number | null {
  const match = /^(?:FL-?)?(\d{1,15})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}
