import type { CompanyAddressBody } from "@forgeline/contract";
import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { companyAddresses } from "../tables.js";

/** A company's delivery addresses: the ones its owners keep, and the one a member's order goes to. */

export type CompanyAddressRow = typeof companyAddresses.$inferSelect;

/**
 * Where a member's order goes: with no addresses kept, anywhere (undefined); else one of them, found by id
 * (null when the id is not one of this company's).
 */
export async function companyDelivery(
  db: Database,
  companyId: string,
  addressId: string | undefined,
): Promise<{ address: string; phone: string } | null | undefined> {
  const kept = await db
    .select({ id: companyAddresses.id, address: companyAddresses.address, phone: companyAddresses.phone })
    .from(companyAddresses)
    .where(eq(companyAddresses.companyId, companyId));
  if (kept.length === 0) return undefined;
  return kept.find((row) => row.id === addressId) ?? null;
}

/** The company's delivery addresses, oldest first. */
export function addressesOf(db: Database, companyId: string): Promise<CompanyAddressRow[]> {
  return db
    .select()
    .from(companyAddresses)
    .where(eq(companyAddresses.companyId, companyId))
    .orderBy(asc(companyAddresses.createdAt), asc(companyAddresses.id));
}

export async function countAddresses(db: Database, companyId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(companyAddresses)
    .where(eq(companyAddresses.companyId, companyId));
  return row?.value ?? 0;
}

export async function addAddress(db: Database, companyId: string, address: CompanyAddressBody): Promise<string> {
  const [row] = await db
    .insert(companyAddresses)
    .values({ companyId, ...address })
    .returning({ id: companyAddresses.id });
  if (!row) throw new Error("the address was not stored");
  return row.id;
}

export async function removeAddress(db: Database, companyId: string, addressId: string): Promise<boolean> {
  const removed = await db
    .delete(companyAddresses)
    .where(and(eq(companyAddresses.id, addressId), eq(companyAddresses.companyId, companyId)))
    .returning({ id: companyAddresses.id });
  return removed.length > 0;
}
