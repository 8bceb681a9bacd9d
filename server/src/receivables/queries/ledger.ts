import { LEDGER_KINDS, type LedgerKind } from "@forgeline/contract";
import { and, asc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { isOneOf } from "../../db/columns.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { ledgerEntries } from "../tables.js";

/**
 * The ledger read (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'): a company's balance at a moment,
 * its entries over a month with the balance after each, and what each of its invoices still owes, every sum
 * taken of the entries themselves in bigint cents. What a company owes is what its entries added to orders'
 * balances less what they added to its credit: an invoice adds, money received and credit notes take away,
 * money put against an invoice moves nothing.
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
const IN_ORDER = [asc(ledgerEntries.at), asc(ledgerEntries.createdAt), asc(KIND_ORDER), asc(ledgerEntries.id)];

/** The company the prepared read below reads, and the month it reads: its parameters. */
const company = sql.placeholder("companyId");
const from = sql.placeholder("from");
const to = sql.placeholder("to");
const ofCompany = eq(ledgerEntries.companyId, company);

export interface LedgerLine {
  kind: LedgerKind;
  at: Date;
  reference: string;
  orderId: string | null;
  owedCents: number;
  creditCents: number;
  /** What the company owed after this entry, less what it owed as the range began. */
  sinceCents: number;
}

export interface InvoiceBalance {
  orderId: string;
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
  /** The company's invoices that still owe money, each with what it came to and what paid or credited it. */
  owing: InvoiceBalance[];
}

const owedBy = (kinds: LedgerKind[]) =>
  sql<string>`coalesce(sum(${ledgerEntries.owedCents}) filter (where ${isOneOf(ledgerEntries.kind, kinds)}), 0)`;

/** The entries and the balances as the database answers them: arrays of values, dates as ISO text. */
type LineValues = [LedgerKind, string, string, string | null, number, number, number];
type BalanceValues = [string, number, number, number, number];

const ledgerQuery = preparedPerDatabase((db) => {
  const month = db
    .select({
      kind: ledgerEntries.kind,
      at: ledgerEntries.at,
      reference: ledgerEntries.reference,
      orderId: ledgerEntries.orderId,
      owedCents: ledgerEntries.owedCents,
      creditCents: ledgerEntries.creditCents,
      running: sql`sum(${change}) over (order by ${sql.join(IN_ORDER, sql`, `)})`.as("running"),
      position: sql`row_number() over (order by ${sql.join(IN_ORDER, sql`, `)})`.as("position"),
    })
    .from(ledgerEntries)
    .where(and(ofCompany, gte(ledgerEntries.at, from), lt(ledgerEntries.at, to)))
    .as("month");
  const lines = db
    .select({
      lines: sql`json_agg(json_build_array(${month.kind}, ${month.at}, ${month.reference}, ${month.orderId},
        ${month.owedCents}, ${month.creditCents}, ${month.running}) order by ${month.position})`,
    })
    .from(month);
  const balance = sql<string>`sum(${ledgerEntries.owedCents})`;
  const invoices = db
    .select({
      orderId: ledgerEntries.orderId,
      total: owedBy(["invoice"]).as("total"),
      paid: owedBy(["allocation", "card-payment"]).as("paid"),
      credited: owedBy(["credit-note"]).as("credited"),
      balance: balance.as("balance"),
    })
    .from(ledgerEntries)
    .where(and(ofCompany, isNotNull(ledgerEntries.orderId)))
    .groupBy(ledgerEntries.orderId)
    .having(sql`${balance} > 0`)
    .as("invoices");
  const owing = db
    .select({
      owing: sql`json_agg(json_build_array(${invoices.orderId}, ${invoices.total}, ${invoices.paid},
        ${invoices.credited}, ${invoices.balance}))`,
    })
    .from(invoices);
  return db
    .select({
      owedCents: sql<string>`coalesce(sum(${change}) filter (where ${lt(ledgerEntries.at, from)}), 0)`,
      creditCents: sql<string>`coalesce(sum(${ledgerEntries.creditCents}), 0)`,
      lines: sql<LineValues[] | null>`(${lines})`,
      owing: sql<BalanceValues[] | null>`(${owing})`,
    })
    .from(ledgerEntries)
    .where(ofCompany)
    .prepare("company_ledger");
});

/**
 * A month of the company's ledger (`from` up to `to`) in one read, each part from the index
 * `ledger_entries_by_company_cover` (the month's entries also from their rows): add the opening balance to each
 * line's `sinceCents` for the balance after it.
 */
export async function companyLedger(
  db: Database,
  companyId: string,
  range: { from: Date; to: Date },
): Promise<CompanyLedger> {
  const [row] = await ledgerQuery(db).execute({ companyId, ...range });
  return {
    standing: { owedCents: cents(row?.owedCents), unallocatedCents: cents(row?.creditCents) },
    lines: (row?.lines ?? []).map(([kind, at, reference, orderId, owedCents, creditCents, running]) => ({
      kind,
      at: new Date(at),
      reference,
      orderId,
      owedCents: Number(owedCents),
      creditCents: Number(creditCents),
      sinceCents: Number(running),
    })),
    owing: (row?.owing ?? []).map(([orderId, total, paid, credited, left]) => ({
      orderId,
      totalCents: Number(total),
      paidCents: -Number(paid),
      creditedCents: -Number(credited),
      balanceCents: Number(left),
    })),
  };
}
