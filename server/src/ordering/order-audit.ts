import type { AuditAction } from "@forgeline/contract";
import { recordAudit } from "../audit/queries.js";
import type { Database } from "../db/client.js";
import type { OrderRow } from "./queries/orders.js";

/** What the audit log keeps of an order before and after an admin's step. */
const auditView = (row: OrderRow) => ({
  status: row.status,
  carrier: row.carrier,
  trackingNumber: row.trackingNumber,
  trackingUrl: row.trackingUrl,
});

/** An admin's step on an order, audited in the step's own transaction, so a refused one leaves no entry. */
export function auditOrderStep(
  tx: Database,
  step: { admin: string; action: AuditAction; before: OrderRow; after: OrderRow },
): Promise<void> {
  return recordAudit(tx, {
    actor: step.admin,
    action: step.action,
    target: step.after.id,
    before: auditView(step.before),
    after: auditView(step.after),
  });
}
