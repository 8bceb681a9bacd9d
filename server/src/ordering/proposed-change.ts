import { randomUUID } from "node:crypto";
import {
  type AuditAction,
  centsToDollars,
  formatPrice,
  ORDER_CHANGE_MESSAGES,
  PROPOSED_CHANGE_MESSAGES,
} from "@forgeline/contract";
import type { FastifyInstance } from "fastify";
import { recordAudit } from "../audit/queries.js";
import type { CallerActor } from "../company/policy.js";
import type { Database } from "../db/client.js";
import { applyChange, type ChangeRefused, type ChangeRequest, changeNote, type PlannedChange } from "./change-order.js";
import { RolledBack, refuse } from "./place-order.js";
import { orderFor } from "./policy.js";
import { addEvent } from "./queries/lifecycle.js";
import { findOrder, type OrderRow } from "./queries/orders.js";
import { enqueueChangeMail } from "./queries/outbox.js";
import { keepProposal, type StoredProposal, takeProposal } from "./queries/proposed-changes.js";

/**
 * Admins change orders (issue 48; docs/decisions/078-admins-change-orders.md) through the buyer's use case
 * (change-order.ts `applyChange`), with what an admin's change adds to it: one that lowers or keeps the total is
 * applied at once and its buyer mailed what changed; one that raises it is kept on the order, and its buyer mailed a
 * link to accept or decline it. Accepting applies it through the same use case, under the same locks, on the
 * revision it was made on, every rule of placing checked again then (the company's credit too); declining drops it.
 * Each step is a line of the order's history, and an admin's an entry in the audit log.
 */

const WAITS_FOR_BUYER = "It raises the total, so it waits for the buyer's acceptance.";

/** An admin's change: applied when it lowers or keeps the total, else proposed to the buyer. */
export function changeByAdmin(
  app: FastifyInstance,
  request: Omit<ChangeRequest, "through"> & { revision: number; expectedTotal: number },
): Promise<{ order: OrderRow } | ChangeRefused> {
  const admin = request.actor.email;
  return applyChange(
    app,
    { ...request, through: "back office" },
    {
      proposeRise: (tx, change) => propose(tx, change, admin),
      stored: (tx, { before, after }) => audit(tx, "order.change", admin, before, after),
    },
  );
}

/** The change kept on the order for its buyer, in the change's transaction: its history line, mail and audit. */
async function propose(tx: Database, { order, old, plan, preview }: PlannedChange, admin: string) {
  const proposal: StoredProposal = {
    _id: randomUUID(),
    revision: order.revision,
    proposedAt: new Date().toISOString(),
    lines: preview.lines,
    before: preview.before,
    after: preview.after,
    difference: preview.difference,
    asked: plan.lines.map(({ productId, quantity }) => ({ productId, quantity })),
    proposedBy: admin,
  };
  const after = await keepProposal(tx, order.id, proposal);
  const note = changeNote(old, plan, order, WAITS_FOR_BUYER);
  await addEvent(tx, after, { kind: "change-proposed", by: admin, note });
  await enqueueChangeMail(tx, after, note, admin, "order-change-proposed");
  await audit(tx, "order.change-proposed", admin, order, after);
  return { order: after };
}

/** What the audit log keeps of an admin's change: the order's revision and total, and the change that waits. */
const auditView = (row: OrderRow) => ({
  revision: row.revision,
  total: centsToDollars(row.totalCents),
  proposedTotal: row.proposedChange?.after.total ?? null,
});

const audit = (tx: Database, action: AuditAction, admin: string, before: OrderRow, after: OrderRow) =>
  recordAudit(tx, { actor: admin, action, target: after.id, before: auditView(before), after: auditView(after) });

export interface DecisionRequest {
  actor: CallerActor;
  orderId: string;
  /** The change the buyer saw: another one by now (replaced, or decided) is refused. */
  changeId: string;
}

/** The proposal the buyer decides on, on an order they may change; or why not. */
async function waiting(app: FastifyInstance, request: DecisionRequest) {
  const order = await orderFor(app.db, request.actor, request.orderId, "change:order");
  if (!order) return { refused: "missing" } as const;
  const proposal = order.proposedChange;
  if (!proposal || proposal._id !== request.changeId) return refuse("revised", PROPOSED_CHANGE_MESSAGES.gone);
  return { order, proposal };
}

/** A refusal of the change's use case in the words of a change the buyer did not make. */
function inProposalWords(refused: ChangeRefused): ChangeRefused {
  if (refused.refused === "revised" && refused.message === ORDER_CHANGE_MESSAGES.stale) {
    return refuse("revised", PROPOSED_CHANGE_MESSAGES.stale);
  }
  if (refused.refused === "price-changed") return refuse("price-changed", PROPOSED_CHANGE_MESSAGES.priceChanged);
  // A quantity now off its tool's rule: the buyer sent no field to name.
  if (refused.refused === "field") return refuse("rule", refused.message);
  return refused;
}

/** The buyer accepts the change: applied on its revision at its total, as their own change would be. */
export async function acceptProposedChange(
  app: FastifyInstance,
  request: DecisionRequest,
): Promise<{ order: OrderRow } | ChangeRefused> {
  const found = await waiting(app, request);
  if ("refused" in found) return found;
  const { order, proposal } = found;
  const applied = await applyChange(
    app,
    {
      actor: request.actor,
      orderId: order.id,
      lines: proposal.asked,
      revision: proposal.revision,
      expectedTotal: proposal.after.total,
    },
    {
      noteLead: `The change ${proposal.proposedBy} proposed, accepted.`,
      // Taken off in the change's transaction: declined or replaced meanwhile, the change rolls back.
      stored: async (tx, { after }) => {
        const taken = await takeProposal(tx, after.id, proposal._id);
        if (!taken) throw new RolledBack(refuse("revised", PROPOSED_CHANGE_MESSAGES.gone));
      },
    },
  );
  if ("refused" in applied) return inProposalWords(applied);
  return { order: (await findOrder(app.db, order.id)) ?? applied.order };
}

/** The buyer declines the change: it is dropped, the order stays as it is, and its history says so. */
export async function declineProposedChange(
  app: FastifyInstance,
  request: DecisionRequest,
): Promise<{ order: OrderRow } | ChangeRefused> {
  const found = await waiting(app, request);
  if ("refused" in found) return found;
  const { proposal } = found;
  return app.db.transaction(async (tx) => {
    const after = await takeProposal(tx, found.order.id, proposal._id);
    if (!after) return refuse("revised", PROPOSED_CHANGE_MESSAGES.gone);
    await addEvent(tx, after, { kind: "change-declined", by: request.actor.email, note: declinedNote(proposal) });
    return { order: after };
  });
}

const declinedNote = (proposal: StoredProposal) =>
  `The change ${proposal.proposedBy} proposed (total ${formatPrice(proposal.before.total)} → ` +
  `${formatPrice(proposal.after.total)}), declined: the order stays as it is.`;
