import { z } from "zod";
import { DAY_YEARS } from "./admin-stats.js";
import { companyCreditSchema, paymentTermsSchema } from "./company.js";
import { wholeNumber } from "./paging.js";
import { isoMonth, LEDGER_KINDS } from "./receivables-terms.js";

/**
 * What a company owes on account, read (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'): a company's
 * statement of a month (GET /api/companies/{id}/statement), what every company owes (GET /api/admin/receivables),
 * and the aging both share. Months are UTC (docs/decisions/043-statements-by-utc-month.md). What the pages read
 * without zod (months, aging buckets, an entry in words) is in receivables-terms.ts, re-exported here.
 */
export {
  AGING_BUCKETS,
  type AgingBucket,
  agingBucketOf,
  daysOverdue,
  isoMonth,
  monthBounds,
  OPEN_INVOICES_PER_PAGE,
  statementEntryText,
} from "./receivables-terms.js";

const MONTH_TEXT = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A month a query may name: YYYY-MM of the years a day may name, not after this month (UTC). */
export const monthField = (field: string) =>
  z
    .string({ error: `${field} must be a month as YYYY-MM` })
    .regex(MONTH_TEXT, { error: `${field} must be a month as YYYY-MM`, abort: true })
    .refine((month) => Number(month.slice(0, 4)) >= DAY_YEARS.first, {
      error: `${field} must be a month of the years ${DAY_YEARS.first} to ${DAY_YEARS.last}`,
      abort: true,
    })
    .refine((month) => month <= isoMonth(new Date()), { error: `${field} cannot be in the future` });

/**
 * GET /api/companies/{id}/statement (and .pdf, .csv): `month`, this month (UTC) when left out; `openPage`, which
 * page of the open invoices the JSON lists (OPEN_INVOICES_PER_PAGE each), the first when left out.
 */
export const statementQuerySchema = z.object({
  month: monthField("month").optional(),
  openPage: wholeNumber("openPage", 1, 1_000_000, 1),
});

const dollars = z.number();

/** What is owed in each bucket, in dollars. */
export const agingSchema = z.object({
  current: dollars,
  days1To30: dollars,
  days31To60: dollars,
  days61To90: dollars,
  over90: dollars,
});

/** The invoice a ledger entry concerns: an invoice's own, or the one money or a credit note was put against. */
const entryInvoiceSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  number: z.string().nullable(),
  dueAt: z.string().nullable(),
});

/**
 * One entry of the month. `amount` is the money it moved (dollars, never negative); `change` what it did to what
 * the company owes: + an invoice, − money received, a card payment or a credit note, 0 for money received
 * earlier put against an invoice (an allocation); `balance` what the company owed after it (negative: in credit).
 */
export const statementEntrySchema = z.object({
  kind: z.enum(LEDGER_KINDS),
  at: z.string(),
  reference: z.string(),
  /** A credit note's reason ("Damaged in transit"); null for the other kinds. */
  reason: z.string().nullable(),
  invoice: entryInvoiceSchema.nullable(),
  amount: dollars,
  change: dollars,
  balance: dollars,
});

/** An invoice with money still owed on it now: `paid` by transfers and cards, `credited` by credit notes. */
export const openInvoiceSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  number: z.string(),
  issuedAt: z.string(),
  dueAt: z.string(),
  total: dollars,
  paid: dollars,
  credited: dollars,
  balance: dollars,
  daysOverdue: z.number().int(),
});

export const companyStatementSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  /** YYYY-MM, and the moments it runs from and up to (UTC). */
  month: z.string(),
  from: z.string(),
  to: z.string(),
  /** What the company owed as the month began: invoices less money received and credit notes before it. */
  openingBalance: dollars,
  /** The month's ledger entries in the order they happened, each with the balance after it. */
  entries: z.array(statementEntrySchema),
  /** The opening balance and every entry's change: what it owed as the month ended (or now, for this month). */
  closingBalance: dollars,
  /** When the figures below were read: they are of that moment, whatever the month. */
  asOf: z.string(),
  /** A page of the open invoices (`openPage`), the earliest due first; `openInvoiceCount` counts them all. */
  openInvoices: z.array(openInvoiceSchema),
  openPage: z.number().int(),
  openInvoiceCount: z.number().int(),
  /** Every open invoice's balance added up, and by how long past due. */
  owed: dollars,
  aging: agingSchema,
  /** Its terms, the credit used and available, and any hold (as GET /api/companies/{id}/credit says them). */
  credit: companyCreditSchema,
  /** Money received and not yet put against an invoice. */
  unallocatedCredit: dollars,
});

/** One company of GET /api/admin/receivables. */
export const receivablesCompanySchema = z.object({
  companyId: z.string(),
  name: z.string(),
  /** Null for a company whose terms were taken away while it still owes. */
  paymentTerms: paymentTermsSchema.nullable(),
  used: dollars,
  available: dollars,
  owed: dollars,
  overdue: dollars,
  aging: agingSchema,
  /** An invoice more than 30 days overdue stops its new orders on account. */
  hold: z.boolean(),
  unallocatedCredit: dollars,
});

export const adminReceivablesSchema = z.object({
  asOf: z.string(),
  /** Every company's figures added up (all pages). */
  totals: z.object({ owed: dollars, overdue: dollars, aging: agingSchema, unallocatedCredit: dollars }),
  /** This page of the companies, most overdue first. */
  companies: z.array(receivablesCompanySchema),
});

export type StatementQuery = z.infer<typeof statementQuerySchema>;
export type StatementEntry = z.infer<typeof statementEntrySchema>;
export type OpenInvoice = z.infer<typeof openInvoiceSchema>;
export type CompanyStatement = z.infer<typeof companyStatementSchema>;
export type Aging = z.infer<typeof agingSchema>;
export type ReceivablesCompany = z.infer<typeof receivablesCompanySchema>;
export type AdminReceivables = z.infer<typeof adminReceivablesSchema>;
