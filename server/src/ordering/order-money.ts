/**
 * What money on account (receivables/) reads and moves of an order, the one module of ordering it imports
 * (.dependency-cruiser.cjs; docs/BUYING-ON-ACCOUNT.md): an order, its answer, invoices and credit notes; the company's
 * credit standing, which placing an order re-checks under its lock (order-rules.ts); the orders' columns, what an
 * order owes in SQL and the conditions of those that may owe, which receivables' sums read (only read: every
 * write is one of the steps below); and the steps that move an order's money, a payment received and a credit note, each through the
 * order state machine.
 */

export { accountInvoices, creditNotes, invoiceOwedSql, invoiceOwing } from "./money-tables.js";
export { availableCents, type CreditStanding, creditStanding } from "./order-rules.js";
export { orderFor } from "./policy.js";
export { type AccountInvoiceRow, invoicesOfOrder } from "./queries/account-invoices.js";
export { lockOrder } from "./queries/lifecycle.js";
export { creditOrder, type OrderCredit } from "./queries/order-credit.js";
export { receiveOnOrder } from "./queries/order-received.js";
export { findOrder, type OrderLineRow, type OrderRow } from "./queries/orders.js";
export { type CreditNoteRow, creditNotesByOrder, orderWithHistory } from "./queries/wire.js";
export { notClosed, orders, owedSql, owesSql, owingOnAccount } from "./tables.js";
