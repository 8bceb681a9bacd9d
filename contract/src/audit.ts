import { z } from "zod";

/** What an admin did; one entry per action, never changed or deleted. */
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
  "order.export",
  "promotion.add",
  "promotion.edit",
  "promotion.end",
  "company.tax-exemption",
  "company.prices",
  "quote.send",
] as const;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** The admin's email. */
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** What was acted on: an order's, product's or company's id, an account's email. */
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditEntry = z.infer<typeof auditEntrySchema>;
