import type { OrderStatus } from "@forgeline/contract";

export type OrderAction = "ship" | "deliver" | "cancel" | "refund";

/** The steps an admin may take from each status (DESIGN.md section 8); the server refuses any other. */
const ACTIONS: Record<OrderStatus, OrderAction[]> = {
  unpaid: ["cancel"],
  paid: ["ship", "refund"],
  shipped: ["deliver", "refund"],
  delivered: ["refund"],
  cancelled: [],
  refunded: [],
};

export function actionsFor(status: OrderStatus): OrderAction[] {
  return ACTIONS[status];
}

/**
 * A paid order's pieces never left, so a refund always returns them to stock; a shipped or delivered
 * order's pieces go back only if the admin says they came back.
 */
export function refundAsksAboutStock(status: OrderStatus): boolean {
  return status === "shipped" || status === "delivered";
}
