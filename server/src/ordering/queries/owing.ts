import { AGING_BUCKETS, type AgingBucket, CREDIT_HOLD_AFTER_DAYS } from "@forgeline/contract";
import { and, eq, gte, inArray, isNotNull, lt, type SQL, sql } from "drizzle-orm";
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
const DAY_MS = 86_400_000;
const centsWhere = (condition?: SQL) =>
  condition
    ? sql<string>`coalesce(sum(${owed}) filter (where ${condition}), 0)`
    : sql<string>`coalesce(sum(${owed}), 0)`;

/**
 * The figures, as of `now`: each boundary a moment worked out once and sent as a value, so the database compares
 * every row with a constant (worked out per row, `now() - interval` made the overview's sum ten times slower).
 */
function figuresAt(now: Date) {
  /** The moment `days` days before now (after, when negative). */
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const pastDue = (days: number) => lt(due, daysAgo(days));
  /** The bucket's invoices: past due by more than the bucket before it reaches, and by at most its own `upTo`. */
  const inBucket = (index: number) => {
    const { upTo } = AGING_BUCKETS[index] ?? { upTo: null };
    const below = AGING_BUCKETS[index - 1]?.upTo;
    return and(
      isNotNull(due),
      upTo === null ? undefined : gte(due, daysAgo(upTo)),
      below === undefined || below === null ? undefined : pastDue(below),
    );
  };
  return {
    /** What the credit counts: every order on account not paid, invoiced or not (as creditStanding). */
    used: centsWhere(),
    /** The open invoices' balances. */
    owed: centsWhere(isNotNull(due)),
    overdue: centsWhere(pastDue(0)),
    dueNext7Days: centsWhere(and(gte(due, now), lt(due, daysAgo(-7)))),
    ...Object.fromEntries(AGING_BUCKETS.map(({ key }, index) => [key, centsWhere(inBucket(index))])),
    hold: sql<boolean>`coalesce(bool_or(${pastDue(CREDIT_HOLD_AFTER_DAYS)}), false)`,
  } as Record<"used" | "owed" | "overdue" | "dueNext7Days" | AgingBucket, SQL<string>> & { hold: SQL<boolean> };
}

export interface OwingFigures {
  usedCents: number;
  owedCents: number;
  overdueCents: number;
  dueNext7DaysCents: number;
  agingCents: Record<AgingBucket, number>;
  /** An invoice more than CREDIT_HOLD_AFTER_DAYS overdue. */
  hold: boolean;
}

/** A company that owes nothing on account. */
export const NOTHING_OWED: OwingFigures = {
  usedCents: 0,
  owedCents: 0,
  overdueCents: 0,
  dueNext7DaysCents: 0,
  agingCents: Object.fromEntries(AGING_BUCKETS.map(({ key }) => [key, 0])) as Record<AgingBucket, number>,
  hold: false,
};

type FigureRow = { [Key in keyof ReturnType<typeof figuresAt>]: Key extends "hold" ? boolean : string };

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

/**
 * What each company owes, and how much of it is overdue, as of `now`: enough to rank them all (a company that owes
 * nothing on account is absent). Their full figures are read for one page of them (`owingByCompany`).
 */
export async function owingRanks(
  db: Database,
  now: Date,
): Promise<Map<string, { owedCents: number; overdueCents: number }>> {
  const { owed: owedSum, overdue } = figuresAt(now);
  const byCompany = db
    .select({
      companyId: sql`${orders.companyId}`.as("company_id"),
      owed: owedSum.as("owed"),
      overdue: overdue.as("overdue"),
    })
    .from(orders)
    .where(owingOnAccount)
    .groupBy(orders.companyId)
    .as("by_company");
  // As one row of JSON: mapping a thousand rows one by one costs the server more than the query.
  const [row] = await db
    .select({
      ranks: sql<
        [string | null, number, number][] | null
      >`json_agg(json_build_array(${byCompany.companyId}, ${byCompany.owed}, ${byCompany.overdue}))`,
    })
    .from(byCompany);
  return new Map(
    (row?.ranks ?? []).flatMap(([companyId, owedCents, overdueCents]) =>
      companyId ? [[companyId, { owedCents, overdueCents }]] : [],
    ),
  );
}

/** These companies' figures as of `now`; a company that owes nothing on account is absent. */
export async function owingByCompany(
  db: Database,
  now: Date,
  companyIds: string[],
): Promise<Map<string, OwingFigures>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({ companyId: orders.companyId, ...figuresAt(now) })
    .from(orders)
    .where(and(owingOnAccount, inArray(orders.companyId, companyIds)))
    .groupBy(orders.companyId);
  return new Map(rows.flatMap(({ companyId, ...row }) => (companyId ? [[companyId, figuresOf(row)]] : [])));
}

export type OwingTotals = Omit<OwingFigures, "hold">;

/**
 * Every company's figures added up, as of `now`: what the shop is owed on account. One sum per aging bucket
 * (and the orders not invoiced yet), grouped: a dozen sums over every row would cost the planner's estimate
 * enough to start a parallel worker, which costs more than the scan (docs/PERFORMANCE.md, 'Statements and
 * receivables').
 */
export async function owingInAll(db: Database, now: Date): Promise<OwingTotals> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const buckets = AGING_BUCKETS.map(({ key, upTo }) =>
    upTo === null ? sql`else ${key}` : sql`when ${due} >= ${daysAgo(upTo)} then ${key}`,
  );
  const rows = await db
    .select({
      bucket: sql<AgingBucket | null>`case when ${due} is null then null ${sql.join(buckets, sql` `)} end`,
      cents: centsWhere(),
      soonCents: centsWhere(and(gte(due, now), lt(due, daysAgo(-7)))),
    })
    .from(orders)
    .where(owingOnAccount)
    .groupBy(sql`1`);
  const totals: OwingTotals = { ...NOTHING_OWED, agingCents: { ...NOTHING_OWED.agingCents } };
  for (const { bucket, cents, soonCents } of rows) {
    totals.usedCents += Number(cents);
    totals.dueNext7DaysCents += Number(soonCents);
    if (!bucket) continue;
    totals.owedCents += Number(cents);
    totals.agingCents[bucket] += Number(cents);
    if (bucket !== "current") totals.overdueCents += Number(cents);
  }
  return totals;
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
