import {
  type ChangeMoney,
  centsToDollars,
  formatCents,
  holdsMoney,
  MONEY_HELD_PAYMENTS,
  nextFacts,
  type PaymentStatus,
} from "@forgeline/contract";
import type { Database } from "../db/client.js";
import type { PricedChangeCents } from "../pricing/price.js";
import { storeChange } from "./queries/changes.js";
import type { OrderRow } from "./queries/orders.js";
import { countSales } from "./queries/sales.js";

/**
 * The money of a change of a card order paid, or paid in part (docs/decisions/076-the-money-of-a-changed-order.md),
 * beside the change itself (change-order.ts): what was paid is kept against the new total. A total above it owes
 * the difference (`owe`: paid in part, shipped once the difference is paid from the order's page, payment/
 * pay-difference.ts); one at or below it is paid again (`payDifference` when it owed) and what was paid above it
 * goes back to the card after the change commits (payment/change-refund.ts, heard through `orderChanged`). The
 * order keeps what was paid of its new total, never more (`orders_amount_paid_within_total`), so what the
 * provider holds beyond it is the refund still to make. Nothing moves for an order nothing was paid of.
 */

/** What a change does with the money paid: owed beyond it, or refunded of it, in cents; the order's money after. */
export interface MoneyOfChange {
  owedCents: bigint;
  refundCents: bigint;
  /** The payment fact and amount paid after the change; absent when no money was paid. */
  after?: { paymentStatus: PaymentStatus; amountPaidCents: number };
}

/** What changing the order to `totalCents` does with the money paid of it. */
export function moneyOfChange(order: OrderRow, totalCents: bigint): MoneyOfChange {
  if (!holdsMoney(order)) return { owedCents: 0n, refundCents: 0n };
  const paid = BigInt(order.amountPaidCents);
  if (totalCents > paid) {
    const owes = nextFacts("owe", order);
    if (!owes) throw new Error(`a ${order.paymentStatus} card order cannot owe a difference`);
    return {
      owedCents: totalCents - paid,
      refundCents: 0n,
      after: { paymentStatus: owes.paymentStatus, amountPaidCents: order.amountPaidCents },
    };
  }
  // Paid again: one that owed is settled by the change itself; one paid stays paid.
  const settled = nextFacts("payDifference", order)?.paymentStatus ?? order.paymentStatus;
  return {
    owedCents: 0n,
    refundCents: paid - totalCents,
    after: { paymentStatus: settled, amountPaidCents: Number(totalCents) },
  };
}

/** The preview's words of it, in dollars. */
export const changeMoneyOf = (money: MoneyOfChange): ChangeMoney => ({
  owed: centsToDollars(money.owedCents),
  refunded: centsToDollars(money.refundCents),
});

/** What the history line and the mails add: what the order owes now, or what goes back to the card. */
export function moneyNote(money: MoneyOfChange): string | undefined {
  if (money.owedCents > 0n) {
    const owed = formatCents(money.owedCents);
    return `It owes ${owed} beyond what was paid: pay it from the order's page; it ships once paid.`;
  }
  if (money.refundCents > 0n) return `${formatCents(money.refundCents)} goes back to the card it was paid with.`;
  return undefined;
}

const holdsSales = (status: PaymentStatus) => MONEY_HELD_PAYMENTS.includes(status);

/**
 * Stores the change (queries/changes.ts `storeChange`) with its money: the payment fact and amount paid after it,
 * in the same update as the new total; and what the order sold, counted on its lines as they are now while the shop
 * holds its money (sales_by_day counts the orders paid: queries/sales.ts).
 */
export async function storeChangeWithMoney(
  tx: Database,
  order: OrderRow,
  priced: PricedChangeCents,
  waits: boolean,
): Promise<{ after: OrderRow | undefined; money: MoneyOfChange }> {
  const money = moneyOfChange(order, priced.totalCents);
  if (!money.after) return { after: await storeChange(tx, order, priced, waits), money };
  if (holdsSales(order.paymentStatus)) await countSales(tx, order, -1);
  const after = await storeChange(tx, order, priced, waits, money.after);
  if (after && holdsSales(after.paymentStatus)) await countSales(tx, after, 1);
  return { after, money };
}
