import { canOrder, formatPrice, type Product, snapQuantity, tierFor } from "@forgeline/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "../../config/paths";
import { limitsFor } from "../../lib/quantity-limits";
import { ruleOf } from "./selling-terms";

/**
 * "Add to order" beside Order Now (docs/SELLING-TO-BUSINESSES.md, 'Cart and checkout'): a quantity picker that keeps to
 * the tool's rule and its stock, the price per piece that quantity earns (read from the tool's tiers: the server prices
 * the line), and a button that puts the line in the cart. The sign-in check, the API call and the toast load on the
 * first click (add-to-order-action.ts), so the catalogue pages carry only this picker.
 */
export function AddToOrder({ product, stockId }: { product: Product; stockId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const rule = ruleOf(product);
  const limits = limitsFor(rule, product.quantity);
  const [typed, setTyped] = useState(String(rule.min));
  const [busy, setBusy] = useState(false);
  const quantity = snapQuantity(limits, Number(typed));
  const tier = tierFor(product.tiers ?? [], quantity);
  const orderable = canOrder(product.quantity, rule);

  async function add() {
    setTyped(String(quantity));
    setBusy(true);
    try {
      const { addToOrder } = await import("./add-to-order-action");
      if ((await addToOrder(queryClient, product, quantity)) === "signed-out") {
        navigate(paths.login, { state: { from: location } });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex w-full flex-col gap-1">
      <div className="flex items-end gap-2">
        <div className="w-28">
          <label htmlFor={id} className="block text-sm font-medium">
            Pieces
          </label>
          <input
            id={id}
            type="number"
            inputMode="numeric"
            className="input input-sm w-full"
            min={rule.min}
            max={limits.max}
            step={rule.step}
            value={typed}
            disabled={!orderable}
            aria-describedby={orderable ? `${id}-price` : undefined}
            onChange={(event) => setTyped(event.target.value)}
            onBlur={() => setTyped(String(quantity))}
          />
        </div>
        <button
          type="button"
          className="btn btn-outline btn-primary btn-sm flex-1"
          disabled={!orderable || busy}
          aria-describedby={stockId}
          onClick={add}
        >
          Add to order
        </button>
      </div>
      {orderable && (
        <p id={`${id}-price`} className="text-sm text-base-content/80">
          {quantity} pieces at {formatPrice(tier?.unitPrice ?? product.price)} a piece
          {tier ? " (volume price)" : ""}
        </p>
      )}
    </div>
  );
}
