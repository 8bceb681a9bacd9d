import { AGING_BUCKETS, type Aging, type AgingBucket, formatPrice } from "@forgeline/contract";
import type { ReactNode } from "react";
import { DataTable } from "./data-table";

/**
 * Money on account as figures (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'): a company's statement and
 * the admins' receivables show the same boxes, and the aging in the same words. Money past due is said in words
 * ("overdue") and drawn in the error colour, never by colour alone.
 */

/** A bucket as the pages name it: "Current (not yet due)", "1-30 days overdue", …, "Over 90 days overdue". */
export function agingLabel(key: AgingBucket): string {
  const bucket = AGING_BUCKETS.find((each) => each.key === key);
  return key === "current" ? "Current (not yet due)" : `${bucket?.label ?? key} overdue`;
}

/** One figure: its name above, the amount below; `alarm` draws it in the error colour (its name says why). */
export function Figure({ label, value, alarm = false }: { label: string; value: ReactNode; alarm?: boolean }) {
  return (
    <div className="flex flex-col gap-1 rounded-box border border-base-300 p-4">
      <dt className="text-sm text-base-content/80">{label}</dt>
      <dd className={`text-xl font-bold tabular-nums ${alarm ? "text-error" : ""}`}>{value}</dd>
    </div>
  );
}

/** Figures side by side: two a row on a phone, three from a tablet's width. */
export function Figures({ label, children }: { label: string; children: ReactNode }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {children}
    </dl>
  );
}

/**
 * What open invoices owe in all and by days past their due date, as one row of a table under the buckets' short
 * names, as the PDF writes them ("Current", "1-30 days", …; on a phone, a card of them): `of` names the row ("All
 * open", "All on account") under the column `what`. The caller says above it that the days are past due.
 */
export function AgingTable({
  aging,
  owed,
  what,
  of,
  caption,
}: {
  aging: Aging;
  owed: number;
  what: string;
  of: string;
  caption: string;
}) {
  const columns = [
    { label: what },
    { label: "Owed", numeric: true },
    ...AGING_BUCKETS.map(({ label }) => ({ label, numeric: true })),
  ];
  return (
    <DataTable columns={columns} label={caption} caption={caption}>
      <tr>
        <th scope="row" className="font-medium">
          {of}
        </th>
        <td className="text-right font-semibold tabular-nums">{formatPrice(owed)}</td>
        {AGING_BUCKETS.map(({ key }) => (
          <td
            key={key}
            className={`text-right tabular-nums ${key !== "current" && aging[key] > 0 ? "font-semibold text-error" : ""}`}
          >
            {formatPrice(aging[key])}
          </td>
        ))}
      </tr>
    </DataTable>
  );
}

/** The buckets that hold money, one a line, for a table's cell; "Nothing owed" when none does. */
export function AgingInBrief({ aging }: { aging: Aging }) {
  const owing = AGING_BUCKETS.filter(({ key }) => aging[key] !== 0);
  if (owing.length === 0) return <>Nothing owed</>;
  return (
    <ul>
      {owing.map(({ key }) => (
        <li key={key} className={key === "current" ? undefined : "text-error"}>
          {agingLabel(key)}: {formatPrice(aging[key])}
        </li>
      ))}
    </ul>
  );
}
