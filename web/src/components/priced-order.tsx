import {
  formatPrice,
  PRICE_SOURCE_LABELS,
  type PricedLine,
  type PricedOrder,
  QUANTITY_UNIT,
} from "@forgeline/contract";
import type { ReactNode } from "react";
import { waitingText } from "../lib/backorder-words";
import { DataTable } from "./data-table";

/**
 * How the shop shows what the server priced (docs/SELLING-TO-BUSINESSES.md, 'One price function'): every figure as the
 * server answered it, never worked out here. The cart, the order modal, the order pages and the payment page all show
 * prices so.
 */

/** A line's price per piece: the list price alone, or a lower price in words ("volume price") with the list price struck through. */
export function UnitPrice({ line }: { line: Pick<PricedLine, "unitPrice" | "listUnitPrice" | "priceSource"> }) {
  const lower = line.unitPrice < line.listUnitPrice;
  return (
    <span className="inline-flex flex-col items-end">
      <span>{formatPrice(line.unitPrice)}</span>
      {line.priceSource !== "list" && (
        <span className="text-xs text-base-content/80">{PRICE_SOURCE_LABELS[line.priceSource]}</span>
      )}
      {lower && (
        <s className="text-xs text-base-content/70">
          <span className="sr-only">list price </span>
          {formatPrice(line.listUnitPrice)}
        </s>
      )}
    </span>
  );
}

/** "30% off your first order", as the promotion's name says it. */
export function promotionLabel(promotion: NonNullable<PricedOrder["promotion"]>): string {
  // "30% off your first order" says its percent already; a name that does not gets it added.
  return promotion.name.includes(`${promotion.percent}%`)
    ? promotion.name
    : `${promotion.name} (${promotion.percent}% off)`;
}

/**
 * The figures under the lines: subtotal, the promotion and its discount, tax (only when some is charged),
 * the total; then the buyer's PO number when there is one.
 */
export function PricedTotals({
  priced,
  poNumber,
  totalTestId,
}: {
  priced: Pick<PricedOrder, "subtotal" | "promotion" | "discount" | "taxRate" | "tax" | "total">;
  poNumber?: string | null | undefined;
  /** A name the browser tests find the total by. */
  totalTestId?: string;
}) {
  const rows: [string, ReactNode][] = [["Subtotal", formatPrice(priced.subtotal)]];
  if (priced.promotion) rows.push([promotionLabel(priced.promotion), `−${formatPrice(priced.discount)}`]);
  else if (priced.discount > 0) rows.push(["Discount", `−${formatPrice(priced.discount)}`]);
  if (priced.taxRate > 0) rows.push([`Tax (${priced.taxRate}%)`, formatPrice(priced.tax)]);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-base-content/80">{term}</dt>
          <dd className="text-right">{value}</dd>
        </div>
      ))}
      <div className="contents text-base font-bold">
        <dt>Total</dt>
        <dd className="text-right" data-testid={totalTestId}>
          {formatPrice(priced.total)}
        </dd>
      </div>
      {poNumber && (
        <div className="contents">
          <dt className="text-base-content/80">PO number</dt>
          <dd className="text-right break-all">{poNumber}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * An order's lines as a table (tool, SKU, quantity, unit price and its source, line total), then its
 * totals and PO number.
 */
export function PricedLines({
  priced,
  poNumber,
  label = "Order lines",
}: {
  priced: Pick<PricedOrder, "subtotal" | "promotion" | "discount" | "taxRate" | "tax" | "total"> & {
    /** An order's lines also say what waits for stock (docs/STOCK.md, 'Backorders'). */
    lines: (PricedLine & { waitingQuantity?: number | undefined; expectedAt?: string | null | undefined })[];
  };
  poNumber?: string | null | undefined;
  label?: string;
}) {
  return (
    <div className="flex flex-col gap-3">
      <DataTable
        label={label}
        columns={[
          { label: "Tool" },
          { label: "SKU" },
          { label: "Quantity", numeric: true },
          { label: "Unit price", numeric: true },
          { label: "Line total", numeric: true },
        ]}
      >
        {priced.lines.map((line) => (
          <tr key={line.productId}>
            <th scope="row" className="font-medium">
              {line.name}
              {line.waitingQuantity ? (
                <span className="block text-sm font-normal">{waitingText(line.waitingQuantity, line.expectedAt)}</span>
              ) : null}
            </th>
            <td className="font-mono text-xs whitespace-nowrap">{line.sku}</td>
            <td className="text-right">{line.quantity}</td>
            <td className="text-right">
              <UnitPrice line={line} />
            </td>
            <td className="text-right">{formatPrice(line.total)}</td>
          </tr>
        ))}
      </DataTable>
      <div className="self-end sm:min-w-72">
        <PricedTotals priced={priced} poNumber={poNumber} />
      </div>
    </div>
  );
}

/** An order's lines in a list's cell: each tool, its SKU, pieces, unit price (and source) and line total. */
export function LinesInBrief({ lines }: { lines: PricedLine[] }) {
  return (
    <ul className="mt-1 flex flex-col gap-0.5 text-xs text-base-content/80">
      {lines.map((line) => (
        <li key={line.productId}>
          {line.name} <span className="font-mono whitespace-nowrap">{line.sku}</span>: {line.quantity}{" "}
          {QUANTITY_UNIT.toLowerCase()} at {formatPrice(line.unitPrice)}
          {line.priceSource !== "list" && ` (${PRICE_SOURCE_LABELS[line.priceSource]})`}, {formatPrice(line.total)}
        </li>
      ))}
    </ul>
  );
}
