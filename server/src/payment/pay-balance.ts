import { balanceCents, centsToDollars } from "@forgeline/contract";
import type { FastifyBaseLogger } from "fastify";
import { findOrder, type OrderRow } from "../ordering/queries/orders.js";
import { balanceRefusalOf } from "./balance.js";
import { openIntentFor } from "./open-intent.js";
import { type Outcome, ok } from "./providers.js";
import { latestIntentOf, openIntentOf } from "./queries.js";
import { type Payments, type Settlement, settleFromProvider } from "./settle.js";

/**
 * Paying what the invoice of an order on account still owes, by card (docs/BUYING-ON-ACCOUNT.md, 'Paying an
 * invoice by card'): the use case behind the order page's Pay on an invoice, shaped like
 * ordering/place-order.ts. routes.ts checks who asks (the order's buyer, or an owner or buyer of its company),
 * calls it and says its answer in the wire; the provider's failures come back as values. In the order it runs:
 *
 * 1. `openBalancePayment`: the invoice must be payable now (balance.ts `balanceRefusalOf`: an order on
 *    account, shipped and invoiced, not closed, with something owed); the intent is for what it owes now,
 *    never an amount the browser sends, and reuses the order's open intent (open-intent.ts);
 * 2. the buyer confirms the card (the test provider's confirmation, or Stripe Elements);
 * 3. the intent is settled as every intent is, from the confirmation, the payment page or the provider's
 *    webhook alike (settle.ts `settleIntent`, which sends an order on account to `settleBalance`): balance.ts
 *    `takeBalancePayment` records the money under the company's money lock and then the order's row lock
 *    (receivables' `recordCardPayment`: a `card-payment` entry in the company's ledger, and the order paid in
 *    part, or paid, with a line in its history; no stock moves), and only then is the intent captured; an
 *    intent that finds the invoice owing less by now, or its order closed, is given back;
 * 4. `reconcileBalancePayment`: the payment page asks once the card was confirmed, rather than wait for the
 *    webhook, and hears whether the invoice was paid.
 */

/** A card payment opened for `amount` dollars, or why not: the invoice's refusal, or paid meanwhile. */
export type BalanceOpened = { clientSecret: string; amount: number } | { refused: string } | { paid: true };

/** Opens a card payment for what the order's invoice owes now; `by` is the buyer who pays. */
export async function openBalancePayment(
  payments: Payments,
  log: FastifyBaseLogger,
  order: OrderRow,
  by: string,
): Promise<Outcome<BalanceOpened>> {
  const refused = balanceRefusalOf(order);
  if (refused) return ok({ refused });
  const amountCents = balanceCents(order);
  const opened = await openIntentFor(payments, log, order, by, amountCents);
  if (!opened.ok) return opened;
  if ("clientSecret" in opened.value) return ok({ ...opened.value, amount: centsToDollars(amountCents) });
  // An open intent had been authorized already (its webhook was late): the invoice is settled now.
  const now = await findOrder(payments.db, order.id);
  const refusedNow = now && balanceRefusalOf(now);
  return ok(refusedNow ? { refused: refusedNow } : { paid: true });
}

/**
 * What the payment page hears: the intent that paid the invoice (`paid`, its id), the invoice's refusal, or
 * not paid (`unpaid`: the settlement that did not pay it, none when no intent could be asked).
 */
export type BalanceReconciled = { paid: string } | { refused: string } | { unpaid: Settlement | undefined };

/**
 * Settles the order's open intent as the webhook would, and answers once it paid the invoice; an intent the
 * webhook settled first is answered too.
 */
export async function reconcileBalancePayment(
  payments: Payments,
  log: FastifyBaseLogger,
  order: OrderRow,
): Promise<Outcome<BalanceReconciled>> {
  const open = await openIntentOf(payments.db, order.id);
  let settlement: Settlement | undefined;
  // An intent of the provider used before a switch cannot be asked about any more.
  if (open?.provider === payments.provider.name) {
    const settled = await settleFromProvider(payments, log, open);
    if (!settled.ok) return settled;
    settlement = settled.value;
    if (settlement === "paid" || settlement === "already-paid") return ok({ paid: open.id });
  }
  const now = await findOrder(payments.db, order.id);
  const latest = await latestIntentOf(payments.db, order.id);
  if (now && balanceCents(now) === 0 && latest?.status === "succeeded") return ok({ paid: latest.id });
  const refused = now && balanceRefusalOf(now);
  return ok(refused ? { refused } : { unpaid: settlement });
}
