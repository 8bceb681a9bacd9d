import { canOrder, formatPrice, type Product, quantityRefusal, tierFor } from "@forgeline/contract";
import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { paths } from "../../config/paths";
import { limitsFor, sellableStock } from "../../lib/quantity-limits";
import { contractPricesQueryKey } from "../../lib/query-keys";
import { useLocation, useNavigate } from "../../lib/router";
import { OrderNow } from "./order-now";
import { ruleOf } from "./selling-terms";

/**
 * Order Now and "Add to order" (docs/SELLING-TO-BUSINESSES.md, 'Cart and checkout') around one quantity picker: the
 * pieces picked are the ones Order Now opens the order with and the ones added to the cart. A quantity off the tool's
 * rule or above its stock is said beside the field with the nearest allowed ones, never changed behind the buyer's
 * back; an allowed one shows the price per piece it earns (the tool's tier, or a member's contract price when that is
 * not dearer, as the server prices the line).
 * The sign-in check, the API call and the toast load on the first click (add-to-order-action.ts), so the catalogue
 * pages carry only this picker; the shop's refusal (above the stock left meanwhile, withdrawn) takes the note's place
 * beside the button.
 */
export function PurchaseControls({ product, stockId }: { product: Product; stockId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const rule = ruleOf(product);
  const limits = limitsFor(rule, sellableStock(product));
  const [typed, setTyped] = useState(String(rule.min));
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const quantity = Number(typed);
  const orderable = canOrder(sellableStock(product), rule);
  // An empty field reads as 0: "Order at least …".
  const refusal = quantityRefusal(limits, quantity) ?? refused;
  const tier = tierFor(product.tiers ?? [], quantity);
  const listOrTier = tier?.unitPrice ?? product.price;
  // A member's contract price, when the navbar's signed-in part has fetched it: it wins when not dearer, as in the cart.
  const contract =
    useQuery<Record<string, number>>({ queryKey: contractPricesQueryKey, queryFn: skipToken }).data?.[
      product.sku as string
    ] ?? Number.POSITIVE_INFINITY;
  const own = contract <= listOrTier;

  async function add() {
    setBusy(true);
    try {
      const { addToOrder } = await import("./add-to-order-action");
      const outcome = await addToOrder(queryClient, product, quantity);
      if (outcome === "signed-out") navigate(paths.login, { state: { from: location } });
      else if (outcome !== "added") setRefused(outcome.refused);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <OrderNow
        productId={product._id}
        orderable={orderable}
        stockId={stockId}
        quantity={refusal ? undefined : quantity}
      />
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
              aria-invalid={!!refusal}
              aria-describedby={orderable ? `${id}-note` : undefined}
              onChange={(event) => {
                setTyped(event.target.value);
                setRefused(null);
              }}
            />
          </div>
          <button
            type="button"
            className="btn btn-outline btn-primary btn-sm flex-1"
            disabled={!orderable || busy || (refusal !== null && refused === null)}
            aria-describedby={stockId}
            onClick={add}
          >
            Add to order
          </button>
        </div>
        {orderable && (
          <p
            id={`${id}-note`}
            aria-live="polite"
            className={`text-sm ${refusal ? "text-error" : "text-base-content/80"}`}
          >
            {refusal ??
              `${quantity} pieces at ${formatPrice(own ? contract : listOrTier)} a piece${own ? " (your contract price)" : tier ? " (volume price)" : ""}`}
          </p>
        )}
      </div>
    </>
  );
}
