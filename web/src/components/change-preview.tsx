import {
  type ChangedLine,
  type ChangeMoney,
  formatPrice,
  type LineChange,
  type OrderChangePreview,
} from "@forgeline/contract";
import type { ReactNode } from "react";
import { DataTable } from "./data-table";

const CHANGE_WORDS: Record<LineChange, string> = {
  kept: "Unchanged",
  changed: "Pieces changed",
  added: "Added",
  removed: "Removed",
};

/** "$10.00", or a dash where the line has no price (before it was added, after it is removed). */
const price = (dollars: number | null) => (dollars === null ? "—" : formatPrice(dollars));

/** A sum as the order's totals write it: a discount taken off, "−$864.00". */
const signed = (term: string, dollars: number) =>
  term === "Discount" ? `−${formatPrice(dollars)}` : formatPrice(dollars);

/** A figure before and after the change, or once when it stays. */
function BeforeAfter({ before, after }: { before: ReactNode; after: ReactNode }) {
  if (before === after) return <span>{after}</span>;
  return (
    <span className="whitespace-nowrap">
      <span className="sr-only">was </span>
      <s className="text-base-content/70">{before}</s>
      <span aria-hidden="true"> → </span>
      <span className="sr-only">, now </span>
      <span className="font-semibold">{after}</span>
    </span>
  );
}

/** What a preview shows: a preview's answer, or an admin's change waiting for the buyer (decision 078). */
type Previewed = Pick<OrderChangePreview, "lines" | "before" | "after" | "difference"> & {
  waitsForApproval?: boolean;
  money?: ChangeMoney;
};

/**
 * What the server said the change would make of the order (POST …/changes/preview, or the order's `proposedChange`):
 * every line's pieces, unit price and total before and after, then the sums before and after and the difference.
 * Every figure is the server's, never worked out here.
 */
export function ChangePreview({ preview, byTheShop = false }: { preview: Previewed; byTheShop?: boolean }) {
  const { before, after, difference } = preview;
  // A discount or tax only where there is one, before or after, as the order's own figures show them.
  const sums = (
    [
      ["Subtotal", before.subtotal, after.subtotal],
      ["Discount", before.discount, after.discount],
      ["Tax", before.tax, after.tax],
    ] as const
  ).filter(([term, was, now]) => term === "Subtotal" || was > 0 || now > 0);
  return (
    <div className="flex flex-col gap-4">
      <DataTable
        label="The lines before and after the change"
        columns={[
          { label: "Tool" },
          { label: "Pieces", numeric: true },
          { label: "Unit price", numeric: true },
          { label: "Line total", numeric: true },
        ]}
      >
        {preview.lines.map((line: ChangedLine) => (
          <tr key={line.productId}>
            <th scope="row" className="font-medium">
              {line.name}
              <span className="block text-sm font-normal">
                <span className="font-mono">{line.sku}</span> · {CHANGE_WORDS[line.change]}
              </span>
            </th>
            <td className="text-right">
              <BeforeAfter before={line.oldQuantity} after={line.quantity} />
            </td>
            <td className="text-right">
              <BeforeAfter before={price(line.oldUnitPrice)} after={price(line.unitPrice)} />
            </td>
            <td className="text-right">
              <BeforeAfter before={formatPrice(line.oldTotal)} after={formatPrice(line.total)} />
            </td>
          </tr>
        ))}
      </DataTable>
      <table className="table max-w-sm self-end text-right">
        <caption className="sr-only">The order's sums before and after the change</caption>
        <thead className="text-base-content">
          <tr>
            <td />
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {sums.map(([term, was, now]) => (
            <tr key={term}>
              <th scope="row" className="font-normal text-base-content/80">
                {term}
              </th>
              <td>{signed(term, was)}</td>
              <td>{signed(term, now)}</td>
            </tr>
          ))}
          <tr className="text-base font-bold">
            <th scope="row">Total</th>
            <td data-testid="total-before">{formatPrice(before.total)}</td>
            <td data-testid="total-after">{formatPrice(after.total)}</td>
          </tr>
          <tr>
            <th scope="row" className="font-normal text-base-content/80">
              Difference
            </th>
            <td colSpan={2} className="font-semibold">
              {difference >= 0 ? "+" : "−"}
              {formatPrice(Math.abs(difference))}
            </td>
          </tr>
        </tbody>
      </table>
      {preview.money && <ChangeMoneyNote money={preview.money} byTheShop={byTheShop} />}
      {preview.waitsForApproval && (
        <p role="status" className="alert alert-info alert-soft">
          Changed, the order waits for an owner of your company to approve it again, as a new order would.
        </p>
      )}
    </div>
  );
}

/**
 * What the change does with money already paid by card, before Confirm (decision 076): what the order will owe beyond
 * it, paid from the order's page before it ships, or what goes back to the card. Nothing for an order not paid. To
 * an admin (decision 078), of the buyer.
 */
function ChangeMoneyNote({ money, byTheShop }: { money: ChangeMoney; byTheShop: boolean }) {
  if (money.owed > 0) {
    return (
      <p role="status" className="alert alert-info alert-soft">
        {byTheShop ? "The buyer will owe" : "You will owe"} {formatPrice(money.owed)}, paid from the order's page. The
        order ships once it is paid.
      </p>
    );
  }
  if (money.refunded > 0) {
    return (
      <p role="status" className="alert alert-info alert-soft">
        {formatPrice(money.refunded)} will be refunded to {byTheShop ? "the buyer's" : "your"} card.
      </p>
    );
  }
  return null;
}
