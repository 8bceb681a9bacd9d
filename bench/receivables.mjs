import pg from "pg";
import { apiCustomer, apiSignIn } from "../scripts/server-process.mjs";
import { BENCH_ADMIN, startStorefront, stop, table } from "./lib.mjs";
import { LOAD_COLUMNS, loadCells, measuredLoad, seededDatabase } from "./seeded-load.mjs";
import { STATS_CONNECTIONS, STATS_P99_MS } from "./stats.mjs";

/** How many invoices on account the receivables' bench writes, and over how many companies. */
export const RECEIVABLES_INVOICES = 100_000;
export const RECEIVABLES_COMPANIES = 1_000;
/** One invoice in this many is the large customer's (10 000 of them); the other companies share the rest. */
const LARGE_CUSTOMER_SHARE = 10;
/** The budget (docs/PERFORMANCE.md, 'What the budgets ask'): p99 under 100 ms at 10 connections, on PostgreSQL. */
export const RECEIVABLES_P99_MS = 100;
const CONNECTIONS = 10;

/**
 * Two years of trade on account, written straight into the database (one INSERT … SELECT from generate_series
 * each, as bench/stats.mjs does): 1 000 companies on net 30, 100 000 invoices spread evenly over the last 730
 * days, each of 100 pieces of a seeded tool. Every tenth invoice is one large customer's ('Bench Company 1': 10 000
 * invoices, a statement's worst case); the other 999 companies have about 90 each. Money received as it comes in practice, one transfer per invoice
 * 14 days after it: an invoice over 45 days old is paid, but 1 in 50 not at all and 1 in 50 half; one 15 to 45
 * days old is paid every other time; a younger one is open. About 8 000 invoices owe money. Every tenth company
 * also paid $1,000 ahead, kept as its credit. The ledger holds each invoice, payment and allocation, and the
 * kept balances (the orders' amount paid, the companies' credit) are its sums.
 */
const SEED = [
  `insert into companies (name, created_by, net_days, credit_limit_cents)
   select 'Bench Company ' || c, 'bench.owner.' || c || '@example.com', 30, 500000000
     from generate_series(1, ${RECEIVABLES_COMPANIES}) c`,
  `with tools as (
     select array_agg(id order by id) ids, array_agg(name order by id) names,
            array_agg(price_cents order by id) prices, count(*)::int n
       from products
   ), firms as (
     select array_agg(id order by name) ids, array_agg(name order by name) names from companies
   ), generated as (
     select g, tools.ids[1 + g % tools.n] product_id, tools.names[1 + g % tools.n] product_name,
            tools.prices[1 + g % tools.n]::bigint * 100 total_cents,
            firms.ids[firm] company_id, firms.names[firm] company_name,
            (g - 1) * 630.72 / 86400 age_days,
            -- How this invoice is paid, drawn apart from which company it is (g's remainder picks that).
            abs(hashtext(g::text)) % 50 luck
       from generate_series(1, ${RECEIVABLES_INVOICES}) g, tools, firms,
            -- The large customer is the first by name; g's remainder spreads the rest over the others.
            lateral (select case when g % ${LARGE_CUSTOMER_SHARE} = 0 then 1
                                 else 2 + g % ${RECEIVABLES_COMPANIES - 1} end firm) picked
   ), settled as (
     select *, now() - make_interval(secs => age_days * 86400) issued_at,
            case when age_days > 45 then case luck when 0 then 0 when 1 then total_cents / 2 else total_cents end
                 when age_days > 15 and luck % 2 = 0 then total_cents
                 else 0 end paid_cents
       from generated
   )
   insert into orders (product_id, product_name, unit_price_cents, quantity, line_count, subtotal_cents, total_cents,
                       company_id, company_name, user_email, user_name, phone, address, fulfilment_status,
                       payment_status, payment_method, net_days, amount_paid_cents, invoiced_cents, paid_at,
                       invoice_number, invoice_issued_at, invoice_due_at, created_at)
   select product_id, product_name, total_cents / 100, 100, 1, total_cents, total_cents, company_id, company_name,
          'bench.buyer.' || (g % 5000) || '@example.com', 'Bench Buyer', '5550100000', '1 Bench Road',
          case when age_days > 10 then 'delivered' else 'shipped' end,
          case when paid_cents = total_cents then 'paid' when paid_cents > 0 then 'partially-paid' else 'unpaid' end,
          'invoice', 30, paid_cents, total_cents,
          case when paid_cents = total_cents then issued_at + interval '14 days' end,
          'INV-B-' || lpad(g::text, 6, '0'), issued_at, issued_at + interval '30 days', issued_at - interval '2 days'
     from settled`,
  `insert into order_lines (order_id, position, product_id, sku, name, quantity, list_unit_cents, unit_cents,
                            price_source, discount_cents, total_cents)
   select o.id, 0, o.product_id, p.sku, o.product_name, o.quantity, o.unit_price_cents, o.unit_price_cents, 'list', 0,
          o.total_cents
     from orders o join products p on p.id = o.product_id`,
  // Each order shipped whole: its one invoice on account, with what was paid of it (docs/decisions/077).
  `insert into account_invoices (number, order_id, company_id, issued_at, due_at, total_cents, paid_cents)
   select invoice_number, id, company_id, invoice_issued_at, invoice_due_at, total_cents, amount_paid_cents
     from orders`,
  `insert into ledger_entries (company_id, order_id, invoice_number, kind, owed_cents, credit_cents, reference, at)
   select company_id, id, invoice_number, 'invoice', total_cents, 0, invoice_number, invoice_issued_at from orders`,
  `insert into payments_received (company_id, amount_cents, received_at, reference, recorded_by)
   select company_id, amount_paid_cents, (invoice_issued_at + interval '14 days')::date, 'TRF-' || number,
          '${BENCH_ADMIN.email}'
     from orders where amount_paid_cents > 0
   union all
   select id, 100000, current_date - 3, 'ADVANCE-1', '${BENCH_ADMIN.email}'
     from companies where substring(name from '[0-9]+$')::int % 10 = 0`,
  `insert into ledger_entries (company_id, payment_id, kind, owed_cents, credit_cents, reference, at)
   select company_id, id, 'payment', 0, amount_cents, reference, received_at::timestamp at time zone 'UTC'
     from payments_received`,
  `insert into ledger_entries (company_id, order_id, invoice_number, payment_id, kind, owed_cents, credit_cents,
                               reference, at)
   select o.company_id, o.id, o.invoice_number, p.id, 'allocation', -p.amount_cents, -p.amount_cents, p.reference,
          (p.received_at::timestamp at time zone 'UTC') + interval '10 hours'
     from orders o join payments_received p on p.company_id = o.company_id and p.reference = 'TRF-' || o.number`,
  `insert into company_credits (company_id, credit_cents)
   select company_id, sum(credit_cents) from ledger_entries group by company_id having sum(credit_cents) > 0`,
];

/** A fresh PostgreSQL database with the seed and two years of invoices; null on the embedded default. */
export function databaseWithInvoices() {
  return seededDatabase({
    steps: SEED,
    counts: `select (select id from companies where name = 'Bench Company 10') company_id,
                    (select count(*) from orders o join companies c on c.id = o.company_id
                      where c.name = 'Bench Company 10')::int company_invoices,
                    (select id from companies where name = 'Bench Company 1') large_company_id,
                    (select count(*) from orders o join companies c on c.id = o.company_id
                      where c.name = 'Bench Company 1')::int large_company_invoices,
                    (select count(*) from ledger_entries)::int entries,
                    (select count(*) from orders where amount_paid_cents < total_cents)::int open`,
    postgresOnly: true,
  });
}

/**
 * A company's statement (this month, as a buyer of it) and GET /api/admin/receivables (its first page, as an
 * admin), 10 connections each, and the overview with these invoices' money on account, on PostgreSQL: their budget is PostgreSQL's (docs/decisions/029), so on the
 * embedded default this answers null and the run says it skipped them.
 */
export async function benchReceivables({ duration }) {
  const seeded = await databaseWithInvoices();
  if (!seeded) return null;
  const { postgres, dataDir } = seeded;
  const port = 5361;
  const server = await startStorefront({ port, dataDir, env: { DATABASE_URL: postgres.url } });
  try {
    // A buyer of each company whose statement is read: a member belongs to one company.
    const buyer = await apiCustomer(port, "bench.statement@example.com");
    const largeBuyer = await apiCustomer(port, "bench.large.statement@example.com");
    const member = new pg.Client({ connectionString: postgres.url });
    await member.connect();
    for (const [email, companyId] of [
      [buyer.email, seeded.company_id],
      [largeBuyer.email, seeded.large_company_id],
    ]) {
      await member.query("insert into company_members (email, company_id, role) values ($1, $2, 'buyer')", [
        email,
        companyId,
      ]);
    }
    await member.end();
    const admin = await apiSignIn(port, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const statementOf = (companyId, invoices, token) => ({
      call: `GET /api/companies/{id}/statement (this month, a company of ${invoices.toLocaleString("en-US")} invoices)`,
      url: `http://127.0.0.1:${port}/api/companies/${companyId}/statement`,
      token,
    });
    const calls = [
      statementOf(seeded.company_id, seeded.company_invoices, buyer.token),
      // A large customer (docs/decisions/059): two years of history, its cost that of the month and what is open.
      statementOf(seeded.large_company_id, seeded.large_company_invoices, largeBuyer.token),
      {
        call: "GET /api/admin/receivables (first page of 1,000 companies)",
        url: `http://127.0.0.1:${port}/api/admin/receivables`,
        token: admin.token,
      },
      // The overview's money on account (owed to you, overdue, due in 7 days) over these open invoices, at its
      // own budget and connections (stats.mjs).
      {
        call: "GET /api/admin/stats (90 days, with the money on account of these invoices)",
        url: `http://127.0.0.1:${port}/api/admin/stats`,
        token: admin.token,
        connections: STATS_CONNECTIONS,
        p99Ms: STATS_P99_MS,
      },
    ];
    const rows = [];
    const results = [];
    for (const { call, url, token, connections = CONNECTIONS, p99Ms = RECEIVABLES_P99_MS } of calls) {
      const headers = { authorization: `Bearer ${token}` };
      const first = await fetch(url, { headers });
      if (first.status !== 200) throw new Error(`${call}: ${first.status} ${await first.text()}`);
      const measured = await measuredLoad({
        pid: server.pid,
        url,
        headers,
        duration,
        connections,
        databaseUrl: postgres.url,
      });
      rows.push(["PostgreSQL", call, ...loadCells(measured)]);
      results.push({ call: `${call} on PostgreSQL`, result: measured.result, p99Ms });
    }
    const text = table(["database", "call", ...LOAD_COLUMNS], rows);
    const seed = `Seeded in ${seeded.seconds} s: ${RECEIVABLES_INVOICES.toLocaleString("en-US")} invoices of ${RECEIVABLES_COMPANIES.toLocaleString("en-US")} companies, ${seeded.entries.toLocaleString("en-US")} ledger entries, ${seeded.open.toLocaleString("en-US")} invoices owing money; the large customer's invoices ${seeded.large_company_invoices.toLocaleString("en-US")}, the other company's ${seeded.company_invoices.toLocaleString("en-US")}.`;
    return { text: `${text}\n\n${seed}`, results };
  } finally {
    await stop(server);
    await postgres.drop();
  }
}
