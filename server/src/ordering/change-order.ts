import {
  centsToDollars,
  changeCannotWait,
  dollarsToCents,
  formatCents,
  holdsMoney,
  ORDER_CHANGE_MESSAGES,
  type OrderChangeBody,
  type OrderChangePreview,
  orderChangeRefusal,
  roleReadsCredit,
} from "@forgeline/contract";
import type { FastifyInstance } from "fastify";
import type { CallerActor } from "../company/policy.js";
import type { Database } from "../db/client.js";
import { type ChangePlan, changedLines, type FieldRefusal, planChange } from "./change-lines.js";
import { changeMoneyOf, moneyNote, moneyOfChange, storeChangeWithMoney } from "./change-money.js";
import { startingStatus } from "./checkout.js";
import { creditRefusal, heldToolRefusal, holderOf, toolInOpenOrder, withBuyerLock } from "./order-rules.js";
import { type Refused, refuse, rollingBack, takeStockOrRollBack } from "./place-order.js";
import { orderFor } from "./policy.js";
import { addEvent, holdsStockUnpaid, lockOrder } from "./queries/lifecycle.js";
import { giveBackOrderStockOf, offerToWaitingLines } from "./queries/order-stock.js";
import { linesOf, type OrderLineRow, type OrderRow } from "./queries/orders.js";
import { enqueueChangeMail, enqueueStatusMails } from "./queries/outbox.js";

/**
 * Changing an order after it is placed (docs/decisions/072-order-changes.md): the use cases
 * behind POST /ordering/{id}/changes/preview and /changes (change-routes.ts only says their answers). A change is
 * the order's whole new set of lines; what it makes of them and their prices is change-lines.ts's. Applying it
 * checks every rule of placing again, under the locks placing takes (the buyer's and the company's order locks,
 * then the order's row):
 *
 * 1. `changeRefusal`: which orders may change: not closed, not shipped whole (contract `orderChangeRefusal`); a card
 *    order paid, or owing a difference, changes with its money (change-money.ts); one shipped in part, or invoiced in
 *    part on account, changes its lines still to ship (a line with pieces shipped stays: change-lines.ts), its total
 *    never below what was invoiced (docs/decisions/079-changing-an-order-shipped-in-part.md);
 * 2. the revision the buyer read, and the total the preview showed;
 * 3. a tool added that another open order of the buyer holds;
 * 4. on account, the credit the difference uses (over the limit: 409 naming by how much);
 * 5. `waitsAfter`: a requester's change, or one that takes a spender over their monthly limit, waits for an owner
 *    (one of an order paid, or shipped in part, cannot wait: 409);
 * 6. the stock the order holds (on account, or a card order paid): what is set aside and not shipped given back and
 *    taken again for the new lines' pieces still to ship, as placing takes it (all, or the rest waiting where the tool
 *    takes backorders); shipped pieces never come back;
 * 7. stored with its money (change-money.ts: the difference owed, or what goes back to the card), its history line
 *    saying the lines and totals before and after, its mails queued;
 * 8. once committed, `orderChanged` published: payment/ gives back to the card what was paid above the new total.
 */

export interface ChangeRequest {
  actor: CallerActor;
  orderId: string;
  lines: OrderChangeBody["lines"];
  /** An admin's change, through the admin routes (docs/decisions/078-admins-change-orders.md). */
  through?: "back office";
}

/** A change planned on the locked order, with what its preview would show. */
export interface PlannedChange {
  order: OrderRow;
  old: OrderLineRow[];
  plan: ChangePlan;
  preview: OrderChangePreview;
}

/**
 * What a caller adds to a change's transaction (proposed-change.ts; docs/decisions/078-admins-change-orders.md): an
 * admin's change that raises the total kept for the buyer instead of stored; a step of its own once one is stored
 * (an admin's audit line, an accepted proposal taken off), which throws `RolledBack` to undo it all; and the words
 * its history line and mail start with.
 */
export interface ChangeSteps {
  proposeRise?: (tx: Database, change: PlannedChange) => Promise<{ order: OrderRow }>;
  stored?: (tx: Database, change: { before: OrderRow; after: OrderRow; note: string }) => Promise<void>;
  noteLead?: string;
}

export type ChangeRefused = Refused | FieldRefusal | { refused: "missing" };

/** Why this order cannot change now, or undefined: the contract's rule, as a 409; a requester's change waits. */
export function changeRefusal(order: OrderRow, actor: CallerActor): Refused | undefined {
  const { membership } = actor;
  const waitsForOwner = membership?.role === "requester" && membership.companyId === order.companyId;
  const why = orderChangeRefusal(order, { waitsForOwner });
  return why === undefined ? undefined : refuse("closed", why);
}

/**
 * Whether the order holds its pieces now: one on account that went ahead (placed, or approved), a card order paid;
 * shipped in part, it holds those still to ship (decision 079).
 */
const holdsStock = (order: OrderRow) =>
  (order.fulfilmentStatus === "open" || order.fulfilmentStatus === "partially-shipped") &&
  (holdsStockUnpaid(order) || holdsMoney(order));

/** The order the actor may change and its plan, or why not; read in `db` (a transaction, when applying). */
async function planFor(
  db: Database,
  request: ChangeRequest,
  order: OrderRow | undefined,
): Promise<{ order: OrderRow; old: OrderLineRow[]; plan: ChangePlan } | ChangeRefused> {
  if (!order) return { refused: "missing" };
  const refusal = changeRefusal(order, request.actor);
  if (refusal) return refusal;
  const old = await linesOf(db, order.id);
  const plan = await planChange(db, order, old, request.lines, holdsStock(order));
  if ("refused" in plan) return plan;
  // Its shipped lines are kept, so its total stays above what its shipments invoiced; asserted, never a 500.
  if (plan.priced.totalCents < BigInt(order.invoicedCents)) {
    return refuse("closed", ORDER_CHANGE_MESSAGES.belowInvoiced(formatCents(order.invoicedCents)));
  }
  return { order, old, plan };
}

/**
 * Whether the changed order waits for an owner, and why: as a new order would (checkout.ts `startingStatus`): every
 * change of a requester's, and a spender's that takes their month's spend over their limit by what it adds. One
 * waiting already keeps waiting.
 */
async function waitsAfter(
  db: Database,
  actor: CallerActor,
  order: OrderRow,
  differenceCents: bigint,
): Promise<{ waits: boolean; why?: string }> {
  if (order.fulfilmentStatus === "awaiting-approval") return { waits: true };
  const membership = actor.membership;
  if (!membership || membership.companyId !== order.companyId) return { waits: false };
  if (membership.role !== "requester" && differenceCents <= 0n) return { waits: false };
  const starting = await startingStatus(db, { email: actor.email, membership }, differenceCents);
  return starting.status === "awaiting-approval" ? { waits: true, why: starting.why } : { waits: false };
}

const totalsOf = (sums: {
  subtotalCents: number | bigint;
  discountCents: number | bigint;
  taxCents: number | bigint;
  totalCents: number | bigint;
}) => ({
  subtotal: centsToDollars(sums.subtotalCents),
  discount: centsToDollars(sums.discountCents),
  tax: centsToDollars(sums.taxCents),
  total: centsToDollars(sums.totalCents),
});

const previewOf = (order: OrderRow, plan: ChangePlan, waits: boolean): OrderChangePreview => ({
  orderId: order.id,
  revision: order.revision,
  lines: changedLines(plan),
  before: totalsOf(order),
  after: totalsOf(plan.priced),
  difference: centsToDollars(plan.priced.totalCents - BigInt(order.totalCents)),
  waitsForApproval: waits,
  money: changeMoneyOf(moneyOfChange(order, plan.priced.totalCents)),
});

/** What the change would make of the order, storing nothing. */
export async function previewChange(
  app: FastifyInstance,
  request: ChangeRequest,
): Promise<OrderChangePreview | ChangeRefused> {
  const order = await orderFor(app.db, request.actor, request.orderId, "change:order", request.through);
  const planned = await planFor(app.db, request, order);
  if ("refused" in planned) return planned;
  const difference = planned.plan.priced.totalCents - BigInt(planned.order.totalCents);
  const { waits } = await waitsAfter(app.db, request.actor, planned.order, difference);
  const cannotWait = waits ? changeCannotWait(planned.order) : undefined;
  if (cannotWait) return refuse("closed", cannotWait);
  return previewOf(planned.order, planned.plan, waits);
}

/** Applies the change made on `revision` at the total the buyer saw, or says why not; answers the order changed. */
export async function applyChange(
  app: FastifyInstance,
  request: ChangeRequest & { revision: number; expectedTotal: number },
  steps: ChangeSteps = {},
): Promise<{ order: OrderRow } | ChangeRefused> {
  const { actor } = request;
  const found = await orderFor(app.db, actor, request.orderId, "change:order", request.through);
  if (!found) return { refused: "missing" };
  const changed = await rollingBack(() =>
    withBuyerLock(app.db, holderOf(found), async (tx): Promise<{ order: OrderRow } | ChangeRefused> => {
      const locked = await lockOrder(tx, found.id);
      // A change made on an older revision is refused first: what it was made on is gone.
      if (locked && locked.revision !== request.revision) return refuse("revised", ORDER_CHANGE_MESSAGES.stale);
      const planned = await planFor(tx, request, locked);
      if ("refused" in planned) return planned;
      const { order, old, plan } = planned;
      const { totalCents } = plan.priced;
      if (totalCents !== BigInt(dollarsToCents(request.expectedTotal))) {
        return refuse("price-changed", ORDER_CHANGE_MESSAGES.priceChanged);
      }
      const added = plan.lines.filter((line) => line.change === "added").map((line) => line.productId);
      const held = await toolInOpenOrder(tx, order.userEmail, added, order.id);
      if (held) return refuse("held", heldToolRefusal(held));
      const difference = totalCents - BigInt(order.totalCents);
      // An admin's change that raises the total waits for the buyer, whose acceptance checks the credit (078).
      if (difference > 0n && steps.proposeRise) {
        return steps.proposeRise(tx, { order, old, plan, preview: previewOf(order, plan, false) });
      }
      if (order.paymentMethod === "invoice" && order.companyId && difference > 0n) {
        const readsCredit = actor.membership ? roleReadsCredit(actor.membership.role) : false;
        const credit = await creditRefusal(tx, order.companyId, Number(difference), readsCredit);
        if (credit) return refuse(credit.reason, credit.message);
      }
      const { waits, why } = await waitsAfter(tx, actor, order, difference);
      // Its money is in, or some of it shipped: it cannot go back to wait for an owner (decisions 076, 079).
      const cannotWait = waits ? changeCannotWait(order) : undefined;
      if (cannotWait) return refuse("closed", cannotWait);
      // What it holds is given back as its lines say now, before they are replaced (backorders cleared with it); of
      // an order shipped in part only what is set aside: its shipped pieces are the buyer's (decision 079).
      if (holdsStock(order)) await giveBackOrderStockOf(tx, order.id, actor.email, "kept");
      const { after, money } = await storeChangeWithMoney(tx, order, plan.priced, waits);
      if (!after) return refuse("revised", ORDER_CHANGE_MESSAGES.stale);
      // One that goes ahead takes its new lines' again, as placing does (what of them is still to ship): all, or
      // waiting where the tool allows.
      if (holdsStock(after)) await takeStockOrRollBack(tx, after.id);
      // What it no longer holds goes to other orders waiting for those tools, oldest first (decision 082).
      if (holdsStock(order)) await offerToWaitingLines(tx, old, actor.email);
      const note = [steps.noteLead, changeNote(old, plan, order, why), moneyNote(money)].filter(Boolean).join(" ");
      await addEvent(tx, after, { kind: "changed", by: actor.email, note });
      await enqueueChangeMail(tx, after, note, actor.email);
      // Back to waiting: the owners are asked, as for a new order that waits.
      if (after.status !== order.status) await enqueueStatusMails(tx, after, why ?? null, actor.email);
      await steps.stored?.(tx, { before: order, after, note });
      return { order: after };
    }),
  );
  // Committed: what was paid above the new total goes back to the card (payment/change-refund.ts).
  if ("order" in changed) {
    await app.events.publish("orderChanged", { orderId: changed.order.id, by: actor.email, log: app.log });
  }
  return changed;
}

/** "100 × Claw Hammer (HAM-1) at $10.00" for each line, then the total. */
function linesInWords(lines: readonly { quantity: number; name: string; sku: string; unitCents: number | bigint }[]) {
  return lines
    .map((line) => `${line.quantity} × ${line.name} (${line.sku}) at ${formatCents(Number(line.unitCents))}`)
    .join("; ");
}

/** The history line of a change: the lines and totals before and after, the difference, and why it waits. */
export function changeNote(old: readonly OrderLineRow[], plan: ChangePlan, before: OrderRow, why: string | undefined) {
  const after = plan.priced;
  const difference = Number(after.totalCents) - before.totalCents;
  const sign = difference >= 0 ? "+" : "−";
  const parts = [
    `Before: ${linesInWords(old)}; total ${formatCents(before.totalCents)}.`,
    `After: ${linesInWords(after.lines)}; total ${formatCents(Number(after.totalCents))}.`,
    `Difference ${sign}${formatCents(Math.abs(difference))}.`,
  ];
  if (why) parts.push(why);
  return parts.join(" ");
}
