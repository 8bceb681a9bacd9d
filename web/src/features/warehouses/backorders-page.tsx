import { queryOptions, useQuery } from "@tanstack/react-query";
import { DataTable } from "../../components/data-table";
import { QueryState } from "../../components/query-state";
import { apiAuthed } from "../../lib/api-authed";
import { adminApi } from "../../lib/api-routes/admin";
import { dayText } from "../../lib/date-text";
import { backordersQueryKey } from "../../lib/query-keys";

const COLUMNS = [
  { label: "Tool" },
  { label: "Pieces waiting", numeric: true },
  { label: "Orders waiting", numeric: true },
  { label: "Expected" },
];

/** GET /api/admin/stock/backorders (admins). */
const backordersQuery = queryOptions({
  queryKey: backordersQueryKey,
  queryFn: () => apiAuthed(adminApi.backorders),
});

/**
 * /dashboard/backorders (admins): each tool that orders wait for (docs/STOCK.md, 'Backorders'), most pieces first:
 * how many pieces and orders wait, and when more is expected. A receipt fills them oldest order first.
 */
export default function BackordersPage() {
  const query = useQuery(backordersQuery);
  return (
    <section aria-labelledby="backorders-heading" className="flex flex-col gap-6">
      <h1 id="backorders-heading" className="text-2xl font-bold sm:text-3xl">
        Backorders
      </h1>
      <p className="text-base-content/80">
        Pieces sold above the stock wait here. Receiving stock (Restock, or a receipt) gives them to the oldest orders
        first, and each buyer whose line is then complete is mailed.
      </p>
      <QueryState
        query={query}
        what="backorders"
        isEmpty={(answer) => answer.tools.length === 0}
        empty="No order waits for stock."
      >
        {(answer) => (
          <DataTable label="Backorders waiting per tool" columns={COLUMNS}>
            {answer.tools.map((tool) => (
              <tr key={tool.productId}>
                <th scope="row" className="font-medium">
                  {tool.name} <span className="font-mono text-xs whitespace-nowrap">{tool.sku}</span>
                </th>
                <td className="text-right">{tool.waiting}</td>
                <td className="text-right">{tool.orders}</td>
                <td>{tool.expectedAt ? dayText(tool.expectedAt, true) : "Not set"}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
    </section>
  );
}
