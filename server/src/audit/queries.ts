import type { AuditAction, AuditEntry } from "@forgeline/contract";
import { count, desc } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { auditLog } from "./tables.js";

export interface AuditRecord {
  /** Who did it: an admin's email, or a company owner's (a member's, leaving). */
  actor: string;
  action: AuditAction;
  target: string;
  before: unknown;
  after: unknown;
}

/**
 * Writes one entry; pass the action's own transaction, so the entry is there exactly when the action
 * happened. The log has no update and no delete: it is append-only.
 */
export async function recordAudit(tx: Database, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({ ...record, before: record.before ?? null, after: record.after ?? null });
}

/** One page of the log, newest first, with its size. */
export async function listAudit(db: Database, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.seq))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(auditLog),
  ]);
  const items: AuditEntry[] = rows.map((row) => ({
    _id: row.id,
    at: row.createdAt.toISOString(),
    actor: row.actor,
    action: row.action,
    target: row.target,
    before: row.before,
    after: row.after,
  }));
  return { items, total: total?.value ?? 0 };
}
