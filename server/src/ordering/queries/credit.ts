import {
  type CompanyCredit,
  CREDIT_HOLD_AFTER_DAYS,
  centsToDollars,
  formatCents,
  type NetDays,
  ON_ACCOUNT_MESSAGES,
} from "@forgeline/contract";
import { and, asc, eq, gt, inArray, isNotNull, notInArray, type Placeholder, sql } from "drizzle-orm";
import { storedTermsOf } from "../../company/queries/terms.js";
import type { Database } from "../../db/client.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { orders } from "../tables.js";

/**
 * What a company owes on account and what that allows (docs/BUYING-ON-ACCOUNT.md, 'Terms and credit'): the
 * balances of its orders on account that are not cancelled, waiting ones included, against its limit; and
 * the hold an invoice long overdue puts on new orders on account. Read under the company's order lock when an
 * order is placed or approved (place-order.ts), so two at once never both fit the same remaining credit.
 */

const closed = ["cancelled", "refunded"] as const;
const owedOnAccount = (companyId: string | Placeholder) =>
  and(eq(orders.companyId, companyId), eq(orders.paymentMethod, "invoice"), notInArray(orders.status, [...closed]));
const owed = sql`${orders.totalCents} - ${orders.creditedCents} - ${orders.amountPaidCents}`;

export interface CreditStanding {
  terms: { netDays: number; creditLimitCents: number } | null;
  usedCents: number;
  /** The oldest invoice more than CREDIT_HOLD_AFTER_DAYS past its due date with money still owed. */
  hold: { invoiceNumber: string; dueAt: Date } | null;
}

/** An invoice more than CREDIT_HOLD_AFTER_DAYS past its due date with money still owed. */
const holding = and(
  gt(owed, 0),
  sql`${orders.invoiceDueAt} < now() - ${sql.raw(`make_interval(days => ${CREDIT_HOLD_AFTER_DAYS})`)}`,
);

/** What is used and what holds new orders (the oldest holding invoice), in one pass over the orders on account. */
const standingQuery = preparedPerDatabase((db) =>
  db
    .select({
      usedCents: sql<string>`coalesce(sum(${owed}), 0)`,
      holdNumber: sql<
        string | null
      >`(array_agg(${orders.invoiceNumber} order by ${orders.invoiceDueAt}) filter (where ${holding}))[1]`,
      holdDueAt: sql`min(${orders.invoiceDueAt}) filter (where ${holding})`.mapWith(orders.invoiceDueAt),
    })
    .from(orders)
    .where(owedOnAccount(sql.placeholder("companyId")))
    .prepare("credit_standing"),
);

/** The company's standing; `terms` when the caller has just read its row (undefined: they are read here). */
export async function creditStanding(
  db: Database,
  companyId: string,
  known?: CreditStanding["terms"],
): Promise<CreditStanding> {
  const terms = known !== undefined ? known : await storedTermsOf(db, companyId);
  const [row] = await standingQuery(db).execute({ companyId });
  return {
    terms,
    usedCents: Number(row?.usedCents ?? 0),
    hold: row?.holdNumber && row.holdDueAt ? { invoiceNumber: row.holdNumber, dueAt: row.holdDueAt } : null,
  };
}

/** The credit left under the limit: never below nothing, even when a lowered limit is already passed. */
export const availableCents = (standing: CreditStanding) =>
  Math.max(0, (standing.terms?.creditLimitCents ?? 0) - standing.usedCents);

/** The standing as the wire says it (GET /api/companies/{id}/credit). */
export async function companyCreditJson(
  db: Database,
  companyId: string,
  known?: CreditStanding["terms"],
): Promise<CompanyCredit> {
  const standing = await creditStanding(db, companyId, known);
  const { terms, hold } = standing;
  return {
    paymentTerms: terms && { netDays: terms.netDays as NetDays, creditLimit: centsToDollars(terms.creditLimitCents) },
    used: centsToDollars(standing.usedCents),
    available: centsToDollars(availableCents(standing)),
    hold: hold && { invoiceNumber: hold.invoiceNumber, dueAt: hold.dueAt.toISOString() },
  };
}

export type CreditRefusal = { reason: "no-terms" | "credit-hold" | "over-credit"; message: string };

/**
 * Why the company cannot take `addingCents` more on account now, or undefined: no terms, a hold, or too
 * little credit left. An order already counted in what is used (one waiting for approval) adds nothing.
 */
export async function creditRefusal(
  tx: Database,
  companyId: string,
  addingCents: number,
): Promise<CreditRefusal | undefined> {
  const standing = await creditStanding(tx, companyId);
  if (!standing.terms) return { reason: "no-terms", message: ON_ACCOUNT_MESSAGES.noTerms };
  if (standing.hold) return { reason: "credit-hold", message: ON_ACCOUNT_MESSAGES.onHold(standing.hold.invoiceNumber) };
  if (standing.usedCents + addingCents > standing.terms.creditLimitCents) {
    return { reason: "over-credit", message: ON_ACCOUNT_MESSAGES.overLimit(formatCents(availableCents(standing))) };
  }
  return undefined;
}

/** An invoice on account with money still owed: what the ledger allocates money to. */
export interface OwingInvoice {
  orderId: string;
  number: number;
  owedCents: number;
}

/**
 * The company's invoices on account with money owed, oldest first (by invoice date, then number), locked
 * for the payment being recorded; only `orderIds` when given.
 */
export async function owingInvoices(tx: Database, companyId: string, orderIds?: string[]): Promise<OwingInvoice[]> {
  const rows = await tx
    .select({ orderId: orders.id, number: orders.number, owedCents: sql<string>`${owed}` })
    .from(orders)
    .where(
      and(
        owedOnAccount(companyId),
        isNotNull(orders.invoiceNumber),
        gt(owed, 0),
        orderIds ? inArray(orders.id, orderIds) : undefined,
      ),
    )
    .orderBy(asc(orders.invoiceIssuedAt), asc(orders.number))
    .for("update");
  return rows.map((row) => ({ ...row, owedCents: Number(row.owedCents) }));
}

/**
 * The invoices on account with money owed whose first reminder, `firstReminderDays` from the due date (−3:
 * three days before), is due by `now` (receivables/reminders.ts).
 */
export async function invoicesToRemind(db: Database, now: Date, firstReminderDays: number) {
  const rows = await db
    .select({
      orderId: orders.id,
      number: orders.number,
      invoiceNumber: orders.invoiceNumber,
      dueAt: orders.invoiceDueAt,
      owedCents: sql<string>`${owed}`,
      userEmail: orders.userEmail,
      companyId: orders.companyId,
    })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, "invoice"),
        notInArray(orders.status, [...closed]),
        gt(owed, 0),
        sql`${orders.invoiceDueAt} <= ${new Date(now.getTime() - firstReminderDays * 86_400_000)}`,
      ),
    )
    .orderBy(asc(orders.invoiceDueAt));
  return rows.flatMap(({ invoiceNumber, dueAt, companyId, ...row }) =>
    invoiceNumber && dueAt && companyId
      ? [{ ...row, invoiceNumber, dueAt, companyId, owedCents: Number(row.owedCents) }]
      : [],
  );
}
