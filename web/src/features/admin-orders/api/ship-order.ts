import type { ShipBody } from "@forgeline/contract";
import { useOrderStep } from "./order-step";

/** POST /api/admin/orders/{id}/ship: a paid order leaves with its carrier and tracking number. */
export function useShipOrder(orderId: string) {
  return useOrderStep<ShipBody>(orderId, "ship");
}
