import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { companyCredits } from "../tables.js";

/**
 * A company's money received and not yet put against an invoice (docs/BUYING-ON-ACCOUNT.md, 'Payments and the
 * ledger'), kept beside the ledger (decision 041), and the lock every writer of the company's money on account
 * takes first, so two payments at once never pay one balance twice.
 */

export async function lockCompanyMoney(tx: Database, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`receivables:${companyId}`}))`);
}

export async function moveCredit(tx: Database, companyId: string, cents: number): Promise<void> {
  const add = sql`${companyCredits.creditCents} + ${cents}`;
  // Money put against an invoice comes from credit already received, so its row is there; money received may
  // be the company's first. (An insert's row is checked before its conflict: a negative one would be refused.)
  if (cents < 0)
    await tx.update(companyCredits).set({ creditCents: add }).where(eq(companyCredits.companyId, companyId));
  else {
    await tx
      .insert(companyCredits)
      .values({ companyId, creditCents: cents })
      .onConflictDoUpdate({ target: companyCredits.companyId, set: { creditCents: add } });
  }
}

/** The company's money received and not yet put against an invoice. */
export async function creditBalanceCents(db: Database, companyId: string): Promise<number> {
  const [row] = await db
    .select({ creditCents: companyCredits.creditCents })
    .from(companyCredits)
    .where(eq(companyCredits.companyId, companyId));
  return row?.creditCents ?? 0;
}
