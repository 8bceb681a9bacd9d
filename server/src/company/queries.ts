import type { CompanyRole } from "@forgeline/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { companies, companyAddresses, companyMembers, companyPrices } from "./tables.js";

/** A member's place in their company, with the company's terms; read on every request, so removal is at once. */
export interface Membership {
  companyId: string;
  role: CompanyRole;
  /** Cents a calendar month (UTC) without an owner's approval; null: no limit. */
  monthlyLimitCents: number | null;
  company: { name: string; taxId: string | null; taxExempt: boolean; poRequired: boolean };
}

/** The company this account belongs to, and as what; undefined when it belongs to none. */
export async function membershipOf(db: Database, email: string): Promise<Membership | undefined> {
  const [row] = await db
    .select({
      companyId: companyMembers.companyId,
      role: companyMembers.role,
      monthlyLimitCents: companyMembers.monthlyLimitCents,
      name: companies.name,
      taxId: companies.taxId,
      taxExempt: companies.taxExempt,
      poRequired: companies.poRequired,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.email, email));
  if (!row) return undefined;
  const { companyId, role, monthlyLimitCents, ...company } = row;
  return { companyId, role, monthlyLimitCents, company };
}

/** The company's contract prices (cents per piece) for these tools; a tool without one is absent. */
export async function contractPricesFor(
  db: Database,
  companyId: string,
  productIds: readonly string[],
): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: companyPrices.productId, unitCents: companyPrices.unitCents })
    .from(companyPrices)
    .where(and(eq(companyPrices.companyId, companyId), inArray(companyPrices.productId, [...productIds])));
  return new Map(rows.map((row) => [row.productId, row.unitCents]));
}

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
