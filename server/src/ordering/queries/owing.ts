import { AGING_BUCKETS, type AgingBucket, CREDIT_HOLD_AFTER_DAYS } from "@forgeline/contract";
import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { orders, owingOnAccount } from "../tables.js";

/**
 * What companies owe on account now, across all of them (docs/BUYING-ON-ACCOUNT.md, 'Statements and
 * receivables'): the receivables list and the overview. Read from the balances kept beside the ledger
 * (`amount_paid_cents`, docs/decisions/041-ledger-of-money-on-account.md), only the orders with money still to
 * come, through the index `orders_owing_on_account` alone: the cost follows what is open, not the history.
 */

const owed = sql`${orders.totalCents} - ${orders.amountPaidCents}`;
const due = orders.invoiceDueAt;
/** Due more than `days` days ago (0: due already). */
const pastDue = (days: number) => sql`${due} < now() - make_interval(days => ${days})`;
/** Due `days` days ago or later (0: not due yet). */
const notPastDue = (days: number) => sql`${due} >= now() - make_interval(days => ${days})`;
const centsWhere = (condition?: SQL) =>
  condition
    ? sql<string>`coalesce(sum(${owed}) filter (where ${condition}), 0)`
    : sql<string>`coalesce(sum(${owed}), 0)`;

/** The bucket's invoices: past due by more than the bucket before it reaches, and by at most its own `upTo`. */
function inBucket(index: number): SQL | undefined {
  const { upTo } = AGING_BUCKETS[index] ?? { upTo: null };
  const below = AGING_BUCKETS[index - 1]?.upTo;
  return and(
    isNotNull(due),
    upTo === null ? undefined : notPastDue(upTo),
    below === undefined || below === null ? undefined : pastDue(below),
  );
}

const FIGURES = {
  /** What the credit counts: every order on account not paid, invoiced or not (as creditStanding). */
  used: centsWhere(),
  /** The open invoices' balances. */
  owed: centsWhere(isNotNull(due)),
  overdue: centsWhere(pastDue(0)),
  dueNext7Days: centsWhere(sql`${notPastDue(0)} and ${due} < now() + make_interval(days => 7)`),
  ...Object.fromEntries(AGING_BUCKETS.map(({ key }, index) => [key, centsWhere(inBucket(index))])),
  hold: sql<boolean>`coalesce(bool_or(${pastDue(CREDIT_HOLD_AFTER_DAYS)}), false)`,
} as Record<"used" | "owed" | "overdue" | "dueNext7Days" | AgingBucket, SQL<string>> & { hold: SQL<boolean> };

export interface OwingFigures {
  usedCents: number;
  owedCents: number;
  overdueCents: number;
  dueNext7DaysCents: number;
  agingCents: Record<AgingBucket, number>;
  /** An invoice more than CREDIT_HOLD_AFTER_DAYS overdue. */
  hold: boolean;
}

type FigureRow = { [Key in keyof typeof FIGURES]: Key extends "hold" ? boolean : string };

function figuresOf(row: FigureRow): OwingFigures {
  return {
    usedCents: Number(row.used),
    owedCents: Number(row.owed),
    overdueCents: Number(row.overdue),
    dueNext7DaysCents: Number(row.dueNext7Days),
    agingCents: Object.fromEntries(AGING_BUCKETS.map(({ key }) => [key, Number(row[key])])) as Record<
      AgingBucket,
      number
    >,
    hold: row.hold,
  };
}

/** Each company's figures; a company that owes nothing on account is absent. */
export async function owingByCompany(db: Database): Promise<Map<string, OwingFigures>> {
  const rows = await db
    .select({ companyId: orders.companyId, ...FIGURES })
    .from(orders)
    .where(owingOnAccount)
    .groupBy(orders.companyId);
  return new Map(rows.flatMap(({ companyId, ...row }) => (companyId ? [[companyId, figuresOf(row)]] : [])));
}

/** Every company's figures added up: what the shop is owed on account. */
export async function owingInAll(db: Database): Promise<OwingFigures> {
  const [row] = await db.select(FIGURES).from(orders).where(owingOnAccount);
  if (!row) throw new Error("an aggregate answers one row");
  return figuresOf(row);
}

/** What a statement names of a company's invoiced orders: their numbers, dates and due dates. */
export async function invoicedOrdersOf(db: Database, companyId: string, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, InvoicedOrder>();
  const rows = await db
    .select({
      orderId: orders.id,
      number: orders.number,
      invoiceNumber: orders.invoiceNumber,
      issuedAt: orders.invoiceIssuedAt,
      dueAt: orders.invoiceDueAt,
    })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), inArray(orders.id, orderIds)));
  return new Map(rows.map((row) => [row.orderId, row]));
}

export interface InvoicedOrder {
  orderId: string;
  number: number;
  invoiceNumber: string | null;
  issuedAt: Date | null;
  dueAt: Date | null;
}
