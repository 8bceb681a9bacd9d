import { AGING_BUCKETS, type AgingBucket, CREDIT_HOLD_AFTER_DAYS } from "@forgeline/contract";
import { and, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { idList, isOneOfIds } from "../../db/columns.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { orders, owedSql, owingOnAccount } from "../../ordering/order-money.js";

/**
 * What companies owe on account now, across all of them (docs/BUYING-ON-ACCOUNT.md, 'Statements and
 * receivables'): the receivables list and the overview. Read from the balances kept beside the ledger
 * (`amount_paid_cents` and `credited_cents`, docs/decisions/041-ledger-of-money-on-account.md), only the orders
 * with money still to come, through the index `orders_owing_on_account` alone: the cost follows what is open,
 * not the history.
 */

const due = orders.invoiceDueAt;
const DAY_MS = 86_400_000;

export interface OwingFigures {
  /** What the credit counts: every order on account not paid, invoiced or not (as creditStanding). */
  usedCents: number;
  /** What the open invoices owe: their aging buckets added up. */
  owedCents: number;
  /** The buckets past due added up. */
  overdueCents: number;
  agingCents: Record<AgingBucket, number>;
  /** An invoice more than CREDIT_HOLD_AFTER_DAYS overdue. */
  hold: boolean;
}

/** A company that owes nothing on account. */
export const NOTHING_OWED: OwingFigures = {
  usedCents: 0,
  owedCents: 0,
  overdueCents: 0,
  agingCents: Object.fromEntries(AGING_BUCKETS.map(({ key }) => [key, 0])) as Record<AgingBucket, number>,
  hold: false,
};

/** How many days before now (after, when negative) the sums compare due dates with. */
const DAYS = [
  ...new Set([0, -7, CREDIT_HOLD_AFTER_DAYS, ...AGING_BUCKETS.flatMap(({ upTo }) => (upTo === null ? [] : [upTo]))]),
];
const daysAgo = (days: number) => sql.placeholder(`daysAgo${days}`);

/**
 * The moments of `now` the sums compare with, worked out here and sent as values: the database compares each row
 * with a constant (worked out per row, `now() - interval` made these sums ten times slower).
 */
const momentsOf = (now: Date) =>
  Object.fromEntries(DAYS.map((days) => [`daysAgo${days}`, new Date(now.getTime() - days * DAY_MS)]));

/**
 * A sum of what is owed, as bigint: the database adds bigints up in a wider number (numeric), and what the list
 * then does with a thousand of them (adds, ranks, adds up again) costs a quarter less in bigint.
 */
const cents = (condition?: SQL) =>
  sql`coalesce(sum(${owedSql})${condition ? sql` filter (where ${condition})` : sql``}, 0)::bigint`;

/**
 * What is summed of a company, in the order the database answers it: the credit used, each aging bucket; then
 * whether an invoice holds new orders. The moments are the queries' parameters.
 */
const SUMS = {
  used: cents(),
  ...Object.fromEntries(
    AGING_BUCKETS.map(({ key, upTo }, index) => {
      const below = AGING_BUCKETS[index - 1]?.upTo;
      const bounded = and(
        upTo === null ? isNotNull(due) : gte(due, daysAgo(upTo)),
        below === undefined || below === null ? undefined : lt(due, daysAgo(below)),
      );
      return [key, cents(bounded)];
    }),
  ),
} as Record<"used" | AgingBucket, SQL>;
const HOLD = sql`coalesce(bool_or(${lt(due, daysAgo(CREDIT_HOLD_AFTER_DAYS))}), false)`;
const COMPANY_SUMS = ["used", ...AGING_BUCKETS.map(({ key }) => key)] as const;

/** The figures as the database answers them: [used, ...aging, hold]. */
export type FigureValues = (number | boolean)[];

function figuresOf(values: FigureValues): OwingFigures {
  const [used, ...rest] = values;
  const agingCents = {} as Record<AgingBucket, number>;
  let owedCents = 0;
  let overdueCents = 0;
  AGING_BUCKETS.forEach(({ key }, index) => {
    const bucketCents = Number(rest[index]);
    agingCents[key] = bucketCents;
    owedCents += bucketCents;
    if (index > 0) overdueCents += bucketCents;
  });
  return {
    usedCents: Number(used),
    owedCents,
    overdueCents,
    agingCents,
    hold: rest.at(-1) === true,
  };
}

const owingInAllQuery = preparedPerDatabase((db) =>
  db
    .select({
      owedCents: cents(isNotNull(due)),
      overdueCents: cents(lt(due, daysAgo(0))),
      dueNext7DaysCents: cents(and(gte(due, daysAgo(0)), lt(due, daysAgo(-7)))),
    })
    .from(orders)
    .where(owingOnAccount)
    .prepare("owing_in_all"),
);

/**
 * What the overview says of money on account, as of `now`: what every open invoice owes (the aging buckets added
 * up), of that what is past due, and what falls due in the next 7 days. Three sums, no more: it asks nothing else.
 */
export async function owingInAll(db: Database, now: Date) {
  const [row] = await owingInAllQuery(db).execute(momentsOf(now));
  return {
    owedCents: Number(row?.owedCents ?? 0),
    overdueCents: Number(row?.overdueCents ?? 0),
    dueNext7DaysCents: Number(row?.dueNext7DaysCents ?? 0),
  };
}

const owingOfCompanyQuery = preparedPerDatabase((db) =>
  db
    .select({
      figures: sql<FigureValues>`json_build_array(${sql.join(
        [...COMPANY_SUMS.map((sum) => SUMS[sum]), HOLD],
        sql`, `,
      )})`,
      invoices: sql<number>`count(*) filter (where ${isNotNull(due)})::int`,
    })
    .from(orders)
    .where(and(eq(orders.companyId, sql.placeholder("companyId")), owingOnAccount))
    .prepare("owing_of_company"),
);

/**
 * What one company owes on account as of `now`, however many invoices are open (its statement lists them a page at
 * a time): the figures the receivables list shows of it, and how many invoices owe.
 */
export async function owingOfCompany(db: Database, companyId: string, now: Date) {
  const [row] = await owingOfCompanyQuery(db).execute({ companyId, ...momentsOf(now) });
  return { figures: owingFiguresOf(row?.figures ?? null), openInvoices: Number(row?.invoices ?? 0) };
}

/** The moments of `now` as the parameters of a query built with `owingByCompany`. */
export const owingMoments = momentsOf;

/**
 * Every company that owes on account, as a common table expression named `owing` for the one query that pages
 * the receivables list (receivables/queries/receivables-page.ts): one pass over the open orders, a few sums per
 * company, and its place, most overdue first, then most owed (the same by id). Its moments are that query's
 * parameters (`owingMoments`); `owingFigures` and `owingTotals` read its sums.
 */
export function owingByCompany(db: Database) {
  const byCompany = db
    .select({
      companyId: orders.companyId,
      ...(Object.fromEntries(COMPANY_SUMS.map((sum) => [sum, SUMS[sum].as(sum)])) as Record<
        (typeof COMPANY_SUMS)[number],
        SQL.Aliased<number>
      >),
      hold: HOLD.as("hold"),
    })
    .from(orders)
    .where(owingOnAccount)
    .groupBy(orders.companyId)
    .as("by_company");
  const add = (keys: readonly AgingBucket[]) =>
    sql.join(
      keys.map((key) => byCompany[key]),
      sql` + `,
    );
  const buckets = AGING_BUCKETS.map(({ key }) => key);
  return db.$with("owing").as(
    db
      .select({
        companyId: byCompany.companyId,
        ...(Object.fromEntries(COMPANY_SUMS.map((sum) => [sum, byCompany[sum]])) as Pick<
          typeof byCompany,
          (typeof COMPANY_SUMS)[number]
        >),
        hold: byCompany.hold,
        place:
          sql<number>`row_number() over (order by ${add(buckets.slice(1))} desc, ${add(buckets)} desc, ${byCompany.companyId})`.as(
            "place",
          ),
      })
      .from(byCompany),
  );
}

type Owing = ReturnType<typeof owingByCompany>;
const figureColumns = (owing: Owing) => [...COMPANY_SUMS.map((sum) => owing[sum]), owing.hold];

/** A company's figures as JSON, null when it owes nothing (read them with `owingFiguresOf`). */
export const owingFigures = (owing: Owing) => sql<FigureValues | null>`case when ${owing.companyId} is null then null
  else json_build_array(${sql.join(figureColumns(owing), sql`, `)}) end`;

/** Every company's figures added up, as JSON (an aggregate over `owing`; read them with `owingFiguresOf`). */
export const owingTotals = (owing: Owing) =>
  sql<FigureValues>`json_build_array(${sql.join(
    [...COMPANY_SUMS.map((sum) => sql`coalesce(sum(${owing[sum]}), 0)`), sql`coalesce(bool_or(${owing.hold}), false)`],
    sql`, `,
  )})`;

/** The figures `owingFigures` and `owingTotals` answer. */
export const owingFiguresOf = (values: FigureValues | null): OwingFigures =>
  values ? figuresOf(values) : NOTHING_OWED;

const invoicedOrdersQuery = preparedPerDatabase((db) =>
  db
    .select({
      orderId: orders.id,
      number: orders.number,
      invoiceNumber: orders.invoiceNumber,
      issuedAt: orders.invoiceIssuedAt,
      dueAt: orders.invoiceDueAt,
    })
    .from(orders)
    .where(and(eq(orders.companyId, sql.placeholder("companyId")), isOneOfIds(orders.id, "ids")))
    .prepare("invoiced_orders_of"),
);

/** What a statement names of a company's invoiced orders: their numbers, dates and due dates. */
export async function invoicedOrdersOf(db: Database, companyId: string, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, InvoicedOrder>();
  const rows = await invoicedOrdersQuery(db).execute({ companyId, ids: idList(orderIds) });
  return new Map(rows.map((row) => [row.orderId, row]));
}

export interface InvoicedOrder {
  orderId: string;
  number: number;
  invoiceNumber: string | null;
  issuedAt: Date | null;
  dueAt: Date | null;
}
