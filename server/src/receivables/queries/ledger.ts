import { LEDGER_KINDS, type LedgerKind, OPEN_INVOICES_PER_PAGE } from "@forgeline/contract";
import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { preparedOnce } from "../../db/prepared.js";
import { accountInvoices, creditNotes, invoiceOwing, orders } from "../../ordering/order-money.js";
import { companyCredits, ledgerEntries, ledgerMonthBalances } from "../tables.js";
import type { InvoiceOfOrder } from "./owing.js";

/**
 * The ledger read (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'): a company's balance as a month
 * began, its entries over the month with the balance after each, and what each of its invoices still owes, in
 * bigint cents. What a company owes is what its entries added to orders' balances less what they added to its
 * credit: an invoice adds, money received and credit notes take away, money put against an invoice moves nothing.
 * Its cost follows the month's entries and the invoices still open, not the years before (decision 059): the
 * balance before the month is the one kept at the end of the month before, the unallocated credit the one kept
 * beside the ledger, and the open invoices are the ones `account_invoices_owing` holds, with their figures kept
 * beside the ledger (decision 077).
 */

const change = sql`${ledgerEntries.owedCents} - ${ledgerEntries.creditCents}`;
const cents = (sum: string | null | undefined) => Number(sum ?? 0);

/**
 * Entries of one moment (an invoice and the credit put against it in one transaction) in the order of
 * LEDGER_KINDS: the invoice before the money that pays it. Constants, written out.
 */
const KIND_ORDER = sql.raw(
  `case kind ${LEDGER_KINDS.map((kind, index) => `when '${kind}' then ${index}`).join(" ")} end`,
);
/**
 * Day by day (UTC), and within a day in the order they were recorded: money received is dated by its day alone
 * (midnight), so by its time it would come before the invoice it pays, issued later that day, and the running
 * balance would show a prepayment that never was.
 */
const IN_ORDER = [
  asc(sql`(${ledgerEntries.at} at time zone 'UTC')::date`),
  asc(ledgerEntries.createdAt),
  asc(KIND_ORDER),
  asc(ledgerEntries.id),
];

/** The open invoices in the order a statement lists them: the earliest due first, then by number. */
const OPEN_IN_ORDER = [asc(accountInvoices.dueAt), asc(accountInvoices.number)];

/** The company the prepared read below reads, and the month it reads (also as its first day): its parameters. */
const company = sql.placeholder("companyId");
const from = sql.placeholder("from");
const to = sql.placeholder("to");
const firstDay = sql.placeholder("firstDay");
const ofCompany = eq(ledgerEntries.companyId, company);

export interface LedgerLine {
  kind: LedgerKind;
  at: Date;
  reference: string;
  orderId: string | null;
  /** The invoice it moves; null for money received. */
  invoiceNumber: string | null;
  owedCents: number;
  creditCents: number;
  /** What the company owed after this entry, less what it owed as the range began. */
  sinceCents: number;
  /** A credit note's reason; null for the other kinds. */
  reason: string | null;
}

/** An open invoice: its order's number, its dates, and its figures kept beside the ledger. */
export interface InvoiceBalance extends InvoiceOfOrder {
  totalCents: number;
  /** Paid by transfers (allocations) and by card. */
  paidCents: number;
  creditedCents: number;
  balanceCents: number;
}

/** A month of a company's ledger: where it stood as the month began, the month's entries, its open invoices. */
export interface CompanyLedger {
  /** What the company owed before the month, and the money it has received and not put against an invoice. */
  standing: { owedCents: number; unallocatedCents: number };
  /** The month's entries in order, each with what the company owed after it less what it owed before the month. */
  lines: LedgerLine[];
  /**
   * A page of the company's invoices that still owe money (the earliest due first), each with what it came to and
   * what paid or credited it.
   */
  owing: InvoiceBalance[];
}

/** The entries and the balances as the database answers them: arrays of values, dates as ISO text. */
type LineValues = [LedgerKind, string, string, string | null, string | null, number, number, number, string | null];

/** A credit note's reason, by its number (the entry's reference): the one row of credit_notes' primary key. */
const creditNoteReason = sql`case when ${ledgerEntries.kind} = 'credit-note' then
  (select ${creditNotes.reason} from ${creditNotes} where ${creditNotes.number} = ${ledgerEntries.reference}) end`;
type BalanceValues = [string, number, string, string, string, number, number, number, number];

const ledgerQuery = preparedOnce((db) => {
  const month = db
    .select({
      kind: ledgerEntries.kind,
      at: ledgerEntries.at,
      reference: ledgerEntries.reference,
      orderId: ledgerEntries.orderId,
      invoiceNumber: ledgerEntries.invoiceNumber,
      owedCents: ledgerEntries.owedCents,
      creditCents: ledgerEntries.creditCents,
      reason: creditNoteReason.as("reason"),
      running: sql`sum(${change}) over (order by ${sql.join(IN_ORDER, sql`, `)})`.as("running"),
      position: sql`row_number() over (order by ${sql.join(IN_ORDER, sql`, `)})`.as("position"),
    })
    .from(ledgerEntries)
    .where(and(ofCompany, gte(ledgerEntries.at, from), lt(ledgerEntries.at, to)))
    .as("month");
  const lines = db
    .select({
      lines: sql`json_agg(json_build_array(${month.kind}, ${month.at}, ${month.reference}, ${month.orderId},
        ${month.invoiceNumber}, ${month.owedCents}, ${month.creditCents}, ${month.running}, ${month.reason}) order by ${month.position})`,
    })
    .from(month);
  // A page of the company's invoices that still owe, the earliest due first, with their figures and their orders'
  // numbers, from the partial index `account_invoices_owing`.
  const open = db
    .select({
      orderId: accountInvoices.orderId,
      number: orders.number,
      // Named apart from the order's number: both columns are `number`.
      invoiceNumber: sql<string>`${accountInvoices.number}`.as("invoice_number"),
      issuedAt: accountInvoices.issuedAt,
      dueAt: accountInvoices.dueAt,
      total: accountInvoices.totalCents,
      paid: accountInvoices.paidCents,
      credited: accountInvoices.creditedCents,
    })
    .from(accountInvoices)
    .innerJoin(orders, eq(orders.id, accountInvoices.orderId))
    .where(and(eq(accountInvoices.companyId, company), invoiceOwing))
    .orderBy(...OPEN_IN_ORDER)
    .limit(OPEN_INVOICES_PER_PAGE)
    .offset(sql.placeholder("openOffset"))
    .as("open");
  const owing = db
    .select({
      owing: sql`json_agg(json_build_array(${open.orderId}, ${open.number}, ${open.invoiceNumber},
        ${open.issuedAt}, ${open.dueAt}, ${open.total}, ${open.paid}, ${open.credited},
        ${open.total} - ${open.paid} - ${open.credited}) order by ${open.dueAt}, ${open.invoiceNumber})`,
    })
    .from(open);
  // What the company owed at the end of the latest month kept before this one (none: nothing yet).
  const opening = db
    .select({ owedCents: ledgerMonthBalances.owedCents })
    .from(ledgerMonthBalances)
    .where(and(eq(ledgerMonthBalances.companyId, company), lt(ledgerMonthBalances.month, firstDay)))
    .orderBy(desc(ledgerMonthBalances.month))
    .limit(1);
  const credit = db
    .select({ creditCents: companyCredits.creditCents })
    .from(companyCredits)
    .where(eq(companyCredits.companyId, company));
  // One row, each part a subquery of its own: none of them is a table the others are read from.
  return db
    .select({
      owedCents: sql<string>`coalesce((${opening}), 0)`,
      creditCents: sql<string>`coalesce((${credit}), 0)`,
      lines: sql<LineValues[] | null>`(${lines})`,
      owing: sql<BalanceValues[] | null>`(${owing})`,
    })
    .from(sql`(values (1)) as one`)
    .prepare("company_ledger");
});

/**
 * A month of the company's ledger (`from`, the first moment of a UTC month, up to `to`) in one read: the month's
 * entries from the index `ledger_entries_by_company_cover` and their rows, page `openPage` of the open invoices
 * with their orders' numbers and dates, the opening balance and the credit one kept row each. Add the opening balance to each
 * line's `sinceCents` for the balance after it.
 */
export async function companyLedger(
  db: Database,
  companyId: string,
  range: { from: Date; to: Date },
  openPage = 1,
): Promise<CompanyLedger> {
  const firstDay = range.from.toISOString().slice(0, 10);
  const openOffset = (openPage - 1) * OPEN_INVOICES_PER_PAGE;
  const [row] = await ledgerQuery(db).execute({ companyId, ...range, firstDay, openOffset });
  return {
    standing: { owedCents: cents(row?.owedCents), unallocatedCents: cents(row?.creditCents) },
    lines: (row?.lines ?? []).map(
      ([kind, at, reference, orderId, invoiceNumber, owedCents, creditCents, running, reason]) => ({
        kind,
        at: new Date(at),
        reference,
        orderId,
        invoiceNumber,
        owedCents: Number(owedCents),
        creditCents: Number(creditCents),
        sinceCents: Number(running),
        reason,
      }),
    ),
    owing: (row?.owing ?? []).map(([orderId, number, invoiceNumber, issuedAt, dueAt, total, paid, credited, left]) => ({
      orderId,
      number,
      invoiceNumber,
      issuedAt: new Date(issuedAt),
      dueAt: new Date(dueAt),
      totalCents: Number(total),
      paidCents: Number(paid),
      creditedCents: Number(credited),
      balanceCents: Number(left),
    })),
  };
}
