import type { CSSProperties, ReactNode } from "react";

export interface Column {
  label: string;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

/**
 * The dashboard's tables: column headings as a header row; on a phone each row becomes a card whose cells
 * name their column (the `stack` rules in index.css, fed the names as --c2, --c3…), so nothing needs sideways
 * scrolling. Each row's first cell is its `<th scope="row">`. A table
 * without links or buttons takes a `label`: its frame then takes the keyboard's focus, so it can be
 * scrolled without a mouse. A `caption` names the table for screen readers only (the page's heading shows it).
 */
export function DataTable({
  columns,
  label,
  caption,
  children,
}: {
  columns: Column[];
  label?: string;
  caption?: string;
  children: ReactNode;
}) {
  const focusable = label ? { role: "region", "aria-label": label, tabIndex: 0 } : {};
  const names = Object.fromEntries(columns.map((column, index) => [`--c${index + 1}`, JSON.stringify(column.label)]));
  return (
    <div className="overflow-x-auto rounded-box border border-base-300" {...focusable}>
      <table className="table stack" style={names as CSSProperties}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="text-base-content">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? "text-right" : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
