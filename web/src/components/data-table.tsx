import type { ReactNode } from "react";

export interface Column {
  label: string;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

/**
 * The dashboard's tables: column headings as a header row, scrolling sideways inside its frame on a narrow
 * screen rather than pushing the page wider. Each row's first cell is its `<th scope="row">`.
 */
export function DataTable({ columns, children }: { columns: Column[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table">
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
