import { AGING_BUCKETS, type AgingBucket, CREDIT_HOLD_AFTER_DAYS } from "@forgeline/contract";
import { and, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { preparedOnce } from "../../db/prepared.js";
import {
  accountInvoices,
  invoiceOwedSql,
  invoiceOwing,
  orders,
  owedSql,
  owingOnAccount,
} from "../../ordering/order-money.js";

/**
 * What companies owe on account now, across all of them (docs/BUYING-ON-ACCOUNT.md, 'Statements and
 * receivables'): the receivables list and the overview. Read from the balances kept beside the ledger
 * (docs/decisions/041-ledger-of-money-on-account.md): the credit used from the orders with money still to come,
 * through the index `orders_owing_on_account` alone; what is owed, its age and the hold from the invoices that still
 * owe, each by its own due date (an order shipped in parts has one per shipment, decision 077), through
 * `account_invoices_owing` alone: the cost follows what is open, not the history.
 */

const due = accountInvoices.dueAt;
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
 * A sum of what is owed (of orders, or of invoices), as bigint: the database adds bigints up in a wider number
 * (numeric), and what the list then does with a thousand of them (adds, ranks, adds up again) costs a quarter less
 * in bigint.
 */
const sumOf = (owed: SQL) => (condition?: SQL) =>
  sql`coalesce(sum(${owed})${condition ? sql` filter (where ${condition})` : sql``}, 0)::bigint`;
const cents = sumOf(invoiceOwedSql);
/** The credit used: what every order on account not paid owes, invoiced or not (as creditStanding). */
const USED = sumOf(owedSql)();

/**
 * What is summed of a company's invoices, in the order the database answers it: each aging bucket; then whether an
 * invoice holds new orders. The moments are the queries' parameters.
 */
const AGING = {
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
} as Record<AgingBucket, SQL>;
const HOLD = sql`coalesce(bool_or(${lt(due, daysAgo(CREDIT_HOLD_AFTER_DAYS))}), false)`;
const BUCKETS = AGING_BUCKETS.map(({ key }) => key);
const COMPANY_SUMS = ["used", ...BUCKETS] as const;

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

const owingInAllQuery = preparedOnce((db) =>
  db
    .select({
      owedCents: cents(isNotNull(due)),
      overdueCents: cents(lt(due, daysAgo(0))),
      dueNext7DaysCents: cents(and(gte(due, daysAgo(0)), lt(due, daysAgo(-7)))),
    })
    .from(accountInvoices)
    .where(invoiceOwing)
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

const owingOfCompanyQuery = preparedOnce((db) => {
  const company = sql.placeholder("companyId");
  const used = db
    .select({ used: USED })
    .from(orders)
    .where(and(eq(orders.companyId, company), owingOnAccount));
  return db
    .select({
      figures: sql<FigureValues>`json_build_array((${used}), ${sql.join(
        [...BUCKETS.map((key) => AGING[key]), HOLD],
        sql`, `,
      )})`,
      invoices: sql<number>`count(*)::int`,
    })
    .from(accountInvoices)
    .where(and(eq(accountInvoices.companyId, company), invoiceOwing))
    .prepare("owing_of_company");
});

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
 * the receivables list (receivables/queries/receivables-page.ts): one pass over the open orders for the credit used,
 * one over the invoices still owing for their ages (a company with an invoice owing has an order owing), and its
 * place, most overdue first, then most owed (the same by id). Its moments are that query's parameters
 * (`owingMoments`); `owingFigures` and `owingTotals` read its sums.
 */
export function owingByCompany(db: Database) {
  const usedBy = db
    .select({ companyId: orders.companyId, used: USED.as("used") })
    .from(orders)
    .where(owingOnAccount)
    .groupBy(orders.companyId)
    .as("used_by_company");
  const agingBy = db
    .select({
      companyId: accountInvoices.companyId,
      ...(Object.fromEntries(BUCKETS.map((key) => [key, AGING[key].as(key)])) as Record<
        AgingBucket,
        SQL.Aliased<number>
      >),
      hold: HOLD.as("hold"),
    })
    .from(accountInvoices)
    .where(invoiceOwing)
    .groupBy(accountInvoices.companyId)
    .as("aging_by_company");
  const bucket = (key: AgingBucket) => sql<number>`coalesce(${agingBy[key]}, 0)`;
  const add = (keys: readonly AgingBucket[]) => sql.join(keys.map(bucket), sql` + `);
  return db.$with("owing").as(
    db
      .select({
        companyId: usedBy.companyId,
        used: usedBy.used,
        ...(Object.fromEntries(BUCKETS.map((key) => [key, bucket(key).as(key)])) as Record<
          AgingBucket,
          SQL.Aliased<number>
        >),
        hold: sql<boolean>`coalesce(${agingBy.hold}, false)`.as("hold"),
        place:
          sql<number>`row_number() over (order by ${add(BUCKETS.slice(1))} desc, ${add(BUCKETS)} desc, ${usedBy.companyId})`.as(
            "place",
          ),
      })
      .from(usedBy)
      .leftJoin(agingBy, eq(agingBy.companyId, usedBy.companyId)),
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

const invoicesNamedQuery = preparedOnce((db) =>
  db
    .select({
      orderId: accountInvoices.orderId,
      number: orders.number,
      invoiceNumber: accountInvoices.number,
      issuedAt: accountInvoices.issuedAt,
      dueAt: accountInvoices.dueAt,
    })
    .from(accountInvoices)
    .innerJoin(orders, eq(orders.id, accountInvoices.orderId))
    .where(
      and(
        eq(accountInvoices.companyId, sql.placeholder("companyId")),
        // Invoice numbers hold no comma: the list is one parameter, as isOneOfIds's ids are.
        sql`${accountInvoices.number} in (select unnest(string_to_array(${sql.placeholder("numbers")}, ',')))`,
      ),
    )
    .prepare("invoices_named"),
);

/** What a statement names of a company's invoices: their orders' numbers, their dates and due dates, by number. */
export async function invoicesNamed(db: Database, companyId: string, invoiceNumbers: string[]) {
  if (invoiceNumbers.length === 0) return new Map<string, InvoiceOfOrder>();
  const rows = await invoicesNamedQuery(db).execute({ companyId, numbers: invoiceNumbers.join(",") });
  return new Map(rows.map((row) => [row.invoiceNumber, row]));
}

/** An invoice on account as a statement names it: its order, its number and its dates. */
export interface InvoiceOfOrder {
  orderId: string;
  number: number;
  invoiceNumber: string;
  issuedAt: Date;
  dueAt: Date;
}
