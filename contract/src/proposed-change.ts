import { z } from "zod";
import { orderChangePreviewSchema } from "./order-change.js";

/**
 * An admin's change of an order that raises its total waits for the buyer's acceptance
 * (docs/decisions/078-admins-change-orders.md): the order answer carries it as its preview showed it to the admin,
 * and its buyer accepts or declines it by its id.
 */
export const proposedChangeSchema = orderChangePreviewSchema
  .pick({ revision: true, lines: true, before: true, after: true, difference: true })
  .extend({
    _id: z.string(),
    proposedAt: z.string(),
  });

/** POST /api/ordering/{id}/proposed-change/accept and /decline: the change the buyer saw. */
export const proposedChangeBodySchema = z.object({
  changeId: z.uuid({ error: "Not a valid change id" }),
});

export const PROPOSED_CHANGE_MESSAGES = {
  gone: "This change no longer waits for you: it was accepted, declined or replaced since. Read the order again.",
  stale:
    "The order changed since this change was proposed, so it can no longer be accepted: decline it, and ask the shop " +
    "for a new one if you still want it.",
  priceChanged:
    "A price of this change moved since it was proposed, so it can no longer be accepted at its total: decline it, " +
    "and ask the shop for a new one.",
} as const;

export type ProposedChange = z.infer<typeof proposedChangeSchema>;
export type ProposedChangeBody = z.infer<typeof proposedChangeBodySchema>;
