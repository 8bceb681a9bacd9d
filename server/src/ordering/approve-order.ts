import { roleReadsCredit } from "@forgeline/contract";
import type { Database } from "../db/client.js";
import { creditRefusal, holderOf, refusalOnCommit, withBuyerLock } from "./order-rules.js";
import { type Refused, RolledBack, refuse, rollingBack, takeStockOrRollBack } from "./place-order.js";
import {
  holdsStockUnpaid,
  lockOrder,
  type StatusChange,
  type StatusChangeResult,
  takeStep,
} from "./queries/lifecycle.js";
import type { OrderRow } from "./queries/orders.js";

/**
 * An owner's decision on a colleague's order that waits for approval: the use case behind a company owner's
 * Approve and Reject (approval-routes.ts only checks who asks, calls it and says its answer), shaped like
 * place-order.ts, whose rules it applies again. Under the buyer's lock (`withBuyerLock`, as when the order was
 * placed), in one transaction:
 *
 * 1. the order's row locked (`lockOrder`); one the caller may not decide on (`allowed`) is as good as missing;
 * 2. the one status change (`takeStep`, contract ORDER_TRANSITIONS `approve` to unpaid, `reject` to cancelled),
 *    with a line in its history and the buyer's mail in the outbox;
 * 3. approving commits to the order, so the rules it was placed under must still hold (order-rules.ts
 *    `refusalOnCommit`: a tool another open order of the buyer holds, a first-order promotion used since);
 * 4. an order on account goes ahead unpaid and ships so: the credit it used while it waited must still fit the
 *    company's limit (with no hold), and its pieces are set aside now, all or none.
 *
 * A refusal at 3 or 4 rolls the approval back and the order keeps waiting. The spending limit is not asked
 * again: approving is how an owner lets an order over it through.
 */
export async function decideOnOrder(
  db: Database,
  order: OrderRow,
  change: StatusChange & { transition: "approve" | "reject" },
): Promise<StatusChangeResult | Refused> {
  return rollingBack(() =>
    withBuyerLock(db, holderOf(order), async (tx): Promise<StatusChangeResult> => {
      const before = await lockOrder(tx, order.id);
      if (!before || (change.allowed && !change.allowed(before))) return { kind: "missing" };
      const changed = await takeStep(tx, before, change);
      if (changed.kind !== "changed" || change.transition !== "approve") return changed;
      const refusal = await refusalOnCommit(tx, changed.after);
      if (refusal) throw new RolledBack(refuse(refusal.reason, refusal.message));
      if (holdsStockUnpaid(changed.after)) {
        // Its credit was counted while it waited: what is used now must still fit the limit, with no hold. An owner
        // approves, and owners read the credit's figures.
        const credit =
          changed.after.companyId && (await creditRefusal(tx, changed.after.companyId, 0, roleReadsCredit("owner")));
        if (credit) throw new RolledBack(refuse(credit.reason, credit.message));
        await takeStockOrRollBack(tx, order.id);
      }
      return changed;
    }),
  );
}
