import type { ReactNode } from "react";

/** A row's last cell: its buttons side by side, wrapping on a narrow screen. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <td>
      <div className="flex flex-wrap gap-2">{children}</div>
    </td>
  );
}
