import { formatPrice, type PriceTier, type Product } from "@forgeline/contract";
import { ruleOf } from "./selling-terms";

/**
 * The prices a tool's quantities earn, from the rule's minimum at the list price up through its tiers, so
 * a volume table starts where ordering starts.
 */
function priceSteps(product: Pick<Product, "quantityRule" | "price" | "tiers">): PriceTier[] {
  const tiers = product.tiers ?? [];
  const min = ruleOf(product).min;
  return tiers.some((tier) => tier.minQuantity <= min)
    ? tiers
    : [{ minQuantity: min, unitPrice: product.price }, ...tiers];
}

/** The product page's table of volume prices, from the rule's minimum at the list price; nothing without tiers. */
export function TierTable({ product }: { product: Pick<Product, "quantityRule" | "price" | "tiers"> }) {
  if (!product.tiers?.length) return null;
  const tiers = priceSteps(product);
  return (
    <table className="table table-sm max-w-sm">
      <caption className="text-left font-semibold">Volume prices</caption>
      <thead className="text-base-content">
        <tr>
          <th scope="col">From pieces</th>
          <th scope="col" className="text-right">
            Price per piece
          </th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier) => (
          <tr key={tier.minQuantity}>
            <td>{tier.minQuantity}+</td>
            <td className="text-right">{formatPrice(tier.unitPrice)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
