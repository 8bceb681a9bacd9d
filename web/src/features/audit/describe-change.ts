import type { AuditAction } from "@forgeline/contract";

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "user.make-admin": "Made an admin",
  "product.add": "Added a product",
  "product.edit": "Edited a product",
  "product.restock": "Restocked a product",
  "product.delete": "Deleted a product",
  "order.ship": "Shipped an order",
  "order.deliver": "Marked an order delivered",
  "order.cancel": "Cancelled an order",
  "order.refund": "Refunded an order",
  "order.credit-note": "Issued a credit note",
  "order.change": "Changed an order's lines",
  "order.change-proposed": "Proposed a change of an order's lines",
  "order.export": "Exported orders",
  "promotion.add": "Started a promotion",
  "promotion.edit": "Edited a promotion",
  "promotion.end": "Ended a promotion",
  "company.tax-exemption": "Changed a company's tax exemption",
  "company.terms": "Changed a company's terms on account",
  "company.payment": "Recorded a payment received from a company",
  "company.prices": "Replaced a company's price list",
  "company.member-change": "Changed a company member's role or limit",
  "company.member-remove": "Removed a company member",
  "quote.send": "Sent a quote",
  "warehouse.add": "Added a warehouse",
  "warehouse.edit": "Edited a warehouse",
  "stock.receive": "Received stock",
  "stock.adjust": "Adjusted stock",
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const shown = (value: unknown) => (value === null || value === undefined ? "none" : JSON.stringify(value));

/**
 * An entry's before and after as lines a person reads: for two records, one line per field that changed
 * ("status: "paid" → "shipped""); otherwise the two values whole, in compact JSON.
 */
export function describeChange(before: unknown, after: unknown): string[] {
  if (!isRecord(before) || !isRecord(after)) return [`${shown(before)} → ${shown(after)}`];
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => `${field}: ${shown(before[field])} → ${shown(after[field])}`);
}
