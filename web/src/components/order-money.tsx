import { moneyLines } from "../lib/order-words";

/**
 * Every movement of money on an order, each its own line and oldest first, between its total and its balance: on the
 * customer's and the admin's order pages. Nothing before money moved or an invoice came, nor for a requester reading a
 * colleague's order (decision 058). `headingId` is the heading's, which names the section.
 */
export function OrderMoney({ order, headingId }: { order: Parameters<typeof moneyLines>[0]; headingId: string }) {
  const lines = moneyLines(order);
  if (!lines) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-xl font-bold">
        Payments
      </h2>
      <ul className="flex flex-col gap-1 rounded-box border border-base-300 p-4 [overflow-wrap:anywhere]">
        <li>Total {lines.total}</li>
        {lines.movements.map((line, index) => (
          // Two equal movements the same day read the same: their place in the list tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at its end, never reorders
          <li key={`${index}-${line}`}>{line}</li>
        ))}
        <li className="font-semibold">Balance {lines.balance}</li>
      </ul>
    </section>
  );
}
