import { LEDGER_KINDS, type LedgerKind } from "@forgeline/contract";
import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { idList, isOneOfIds } from "../../db/columns.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { companyCredits, ledgerEntries } from "../tables.js";

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

/** The company the prepared reads below read, and the range they read: their parameters. */
const company = sql.placeholder("companyId");
const from = sql.placeholder("from");
const to = sql.placeholder("to");

const standingQuery = preparedPerDatabase((db) =>
  db
    .select({
      owedCents: sql<string>`coalesce(sum(${change}) filter (where ${lt(ledgerEntries.at, from)}), 0)`,
      creditCents: sql<string>`coalesce(sum(${ledgerEntries.creditCents}), 0)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.companyId, company))
    .prepare("ledger_standing"),
);

/** What the company owed before `at`, and the money it has received and not put against an invoice. */
export async function standingBefore(db: Database, companyId: string, at: Date) {
  const [row] = await standingQuery(db).execute({ companyId, from: at });
  return { owedCents: cents(row?.owedCents), unallocatedCents: cents(row?.creditCents) };
}

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

/**
 * The company's entries from `from` up to `to`, in order, each with what it owed after it less what it owed as
 * the range began (add the opening balance, `standingBefore`).
 */
export async function entriesBetween(
  db: Database,
  companyId: string,
  range: { from: Date; to: Date },
): Promise<LedgerLine[]> {
  const rows = await entriesQuery(db).execute({ companyId, ...range });
  return rows.map(({ runningCents, ...row }) => ({ ...row, sinceCents: cents(runningCents) }));
}

const entriesQuery = preparedPerDatabase((db) =>
  db
    .select({
      kind: ledgerEntries.kind,
      at: ledgerEntries.at,
      reference: ledgerEntries.reference,
      orderId: ledgerEntries.orderId,
      owedCents: ledgerEntries.owedCents,
      creditCents: ledgerEntries.creditCents,
      runningCents: sql<string>`sum(${change}) over (order by ${sql.join(IN_ORDER, sql`, `)})`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.companyId, company), gte(ledgerEntries.at, from), lt(ledgerEntries.at, to)))
    .orderBy(...IN_ORDER)
    .prepare("ledger_entries_between"),
);

export interface InvoiceBalance {
  orderId: string;
  totalCents: number;
  /** Paid by transfers (allocations) and by card. */
  paidCents: number;
  creditedCents: number;
  balanceCents: number;
}

const owedBy = (kinds: LedgerKind[]) =>
  sql<string>`coalesce(sum(${ledgerEntries.owedCents}) filter (where ${inArray(ledgerEntries.kind, kinds)}), 0)`;

const balance = sql<string>`sum(${ledgerEntries.owedCents})`;
const owingQuery = preparedPerDatabase((db) =>
  db
    .select({
      orderId: ledgerEntries.orderId,
      total: owedBy(["invoice"]),
      paid: owedBy(["allocation", "card-payment"]),
      credited: owedBy(["credit-note"]),
      balance,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.companyId, company), isNotNull(ledgerEntries.orderId)))
    .groupBy(ledgerEntries.orderId)
    .having(sql`${balance} > 0`)
    .prepare("ledger_owing_invoices"),
);

/** The company's invoices that still owe money, each with what it came to and what paid or credited it. */
export async function owingInvoiceBalances(db: Database, companyId: string): Promise<InvoiceBalance[]> {
  const rows = await owingQuery(db).execute({ companyId });
  return rows.flatMap(({ orderId, total, paid, credited, balance: left }) =>
    orderId
      ? [
          {
            orderId,
            totalCents: cents(total),
            paidCents: -cents(paid),
            creditedCents: -cents(credited),
            balanceCents: cents(left),
          },
        ]
      : [],
  );
}

const creditsQuery = preparedPerDatabase((db) =>
  db
    .select({
      totalCents: sql<string>`coalesce(sum(${companyCredits.creditCents}), 0)`,
      shown: sql<Record<
        string,
        number
      > | null>`json_object_agg(${companyCredits.companyId}, ${companyCredits.creditCents})
        filter (where ${isOneOfIds(companyCredits.companyId, "ids")})`,
    })
    .from(companyCredits)
    .prepare("unallocated_credits"),
);

/**
 * The money received and not yet put against an invoice (kept beside the ledger, decision 041): every company's
 * added up, and each of these companies'.
 */
export async function unallocatedCredits(db: Database, companyIds: string[]) {
  const [row] = await creditsQuery(db).execute({ ids: idList(companyIds) });
  return { totalCents: cents(row?.totalCents), byCompany: new Map(Object.entries(row?.shown ?? {})) };
}
