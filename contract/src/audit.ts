import { z } from "zod";

/** What an admin did, or a company's owner to its members; one entry per action, never changed or deleted. */
export const AUDIT_ACTIONS = [
  "user.make-admin",
  "product.add",
  "product.edit",
  "product.restock",
  "product.delete",
  "order.ship",
  "order.deliver",
  "order.cancel",
  "order.refund",
  "order.credit-note",
  // An admin's change of an order's lines: applied at once, or proposed to the buyer (decision 078).
  "order.change",
  "order.change-proposed",
  "order.export",
  "promotion.add",
  "promotion.edit",
  "promotion.end",
  "company.tax-exemption",
  "company.terms",
  "company.payment",
  "company.prices",
  "company.member-change",
  "company.member-remove",
  "quote.send",
  "warehouse.add",
  "warehouse.edit",
  "stock.receive",
  "stock.adjust",
] as const;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** Who did it: an admin, or for the company.member actions an owner (or the member, leaving). */
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** What was acted on: an order's, product's or company's id, an account's (or company member's) email. */
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditEntry = z.infer<typeof auditEntrySchema>;
