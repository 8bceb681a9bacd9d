import { formatPrice, type PriceTier } from "@forgeline/contract";

/** The product page's table of volume prices, from the rule's minimum at the list price (selling-terms.ts `priceSteps`). */
export function TierTable({ tiers }: { tiers: readonly PriceTier[] }) {
  return (
    <table className="table table-sm max-w-sm">
      <caption className="text-left font-semibold">Volume prices</caption>
      <thead>
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
