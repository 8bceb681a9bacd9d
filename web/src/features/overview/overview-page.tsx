import { type AdminStats, formatPrice, QUANTITY_UNIT, TO_SHIP } from "@forgeline/contract";
import { lazy, type ReactNode, Suspense, useMemo } from "react";
import { DataTable } from "../../components/data-table";
import { Link } from "../../components/link";
import { ORDER_STATUS_LABELS } from "../../components/order-status-badge";
import { QueryState } from "../../components/query-state";
import { companyPaths, quotePaths } from "../../config/dashboard-paths";
import { paths } from "../../config/paths";
import { dayText } from "../../lib/date-text";
import { useAdminStats } from "./api/get-admin-stats";
import type { ChartSpec } from "./chart";
import { chartHeight } from "./chart-height";

// Chartist and its styles load with this page only, after its figures: the charts come in when ready.
const Chart = lazy(() => import("./chart"));

const count = new Intl.NumberFormat("en-US");

const compactMoney = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 1,
});
const compactCount = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
/** Money on a chart's axis, short enough for a phone: "$950", "$12K", "$2.9M", "-$300". */
const axisMoney = (dollars: number) => compactMoney.format(dollars);
/** A count on a chart's axis: "950", "12K". */
const axisCount = (value: number) => compactCount.format(value);

/**
 * /dashboard for admins (docs/SELLING-TO-BUSINESSES.md, 'Overview for the shop owner'): revenue, the work waiting,
 * tools low in stock and three charts.
 */
export default function OverviewPage() {
  const stats = useAdminStats();
  return (
    <section aria-labelledby="overview-heading">
      <h1 id="overview-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
        Overview
      </h1>
      <QueryState query={stats} what="overview" isEmpty={() => false} empty={null}>
        {(data) => <Overview stats={data} />}
      </QueryState>
    </section>
  );
}

function Overview({ stats }: { stats: AdminStats }) {
  return (
    <div className="flex flex-col gap-8">
      <Figures stats={stats} />
      <LowStock lowStock={stats.lowStock} />
      <div className="grid gap-8 xl:grid-cols-2">
        <RevenueChart stats={stats} />
        <StatusChart stats={stats} />
        <TopToolsChart stats={stats} />
      </div>
    </div>
  );
}

function Figure({ label, value, link }: { label: string; value: string; link?: { to: string; text: string } }) {
  return (
    <div className="flex flex-col gap-1 rounded-box border border-base-300 p-4">
      <dt className="text-sm text-base-content/80">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      {link && (
        <dd className="text-sm">
          <Link to={link.to} className="link">
            {link.text}
          </Link>
        </dd>
      )}
    </div>
  );
}

function Figures({ stats }: { stats: AdminStats }) {
  return (
    <dl aria-label="Figures" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <Figure label="Revenue today" value={formatPrice(stats.revenue.today)} />
      <Figure label="Revenue, last 7 days" value={formatPrice(stats.revenue.last7Days)} />
      <Figure label="Revenue, last 30 days" value={formatPrice(stats.revenue.last30Days)} />
      <Figure
        label="Orders to ship"
        value={count.format(stats.ordersToShip)}
        link={{ to: `${paths.adminOrders}?status=${TO_SHIP}`, text: "Open the orders to ship" }}
      />
      <Figure
        label="Quotes to price"
        value={count.format(stats.quotesToPrice)}
        link={{ to: quotePaths.quotes, text: "Open the quotes" }}
      />
      <Figure
        label="Approvals pending"
        value={count.format(stats.approvalsPending)}
        link={{ to: `${paths.adminOrders}?status=awaiting-approval`, text: "Open the orders awaiting approval" }}
      />
      {/* Money on account (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'): what invoices still owe. */}
      <Figure
        label="Owed to you"
        value={formatPrice(stats.owedToYou)}
        link={{ to: companyPaths.receivables, text: "Open the receivables" }}
      />
      <Figure label="Overdue" value={formatPrice(stats.overdue)} />
      <Figure label="Due in the next 7 days" value={formatPrice(stats.dueNext7Days)} />
    </dl>
  );
}

function LowStock({ lowStock }: { lowStock: AdminStats["lowStock"] }) {
  const more = lowStock.count - lowStock.tools.length;
  return (
    <section aria-labelledby="low-stock-heading">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="low-stock-heading" className="text-xl font-bold">
          Low in stock ({count.format(lowStock.count)})
        </h2>
        <Link to={paths.manageProduct} className="link text-sm">
          Manage Products
        </Link>
      </div>
      {lowStock.tools.length === 0 ? (
        <p className="text-base-content/80">No tool is below its low-stock threshold.</p>
      ) : (
        <DataTable
          label="Low in stock"
          caption="Tools below their low-stock threshold, emptiest first"
          columns={[
            { label: "Tool" },
            { label: "SKU" },
            { label: "Stock", numeric: true },
            { label: "By warehouse" },
            { label: "Threshold", numeric: true },
          ]}
        >
          {lowStock.tools.map((tool) => (
            <tr key={tool._id}>
              <th scope="row" className="font-medium">
                {tool.name}
              </th>
              <td className="font-mono text-xs whitespace-nowrap">{tool.sku}</td>
              <td className="text-right tabular-nums">{count.format(tool.quantity)}</td>
              <td className="text-sm">
                {tool.byWarehouse.map((place) => `${place.code} ${count.format(place.available)}`).join(", ") || "None"}
              </td>
              <td className="text-right tabular-nums">{count.format(tool.threshold)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {more > 0 && <p className="mt-2 text-sm">And {count.format(more)} more below their threshold.</p>}
    </section>
  );
}

/**
 * One chart: a heading, the drawing (Chartist, lazy) as one image with a spoken summary, and the same
 * figures as a table anyone can open: screen readers, keyboards, and the browser tests read that table.
 */
function ChartFigure({
  id,
  title,
  summary,
  spec,
  table,
}: {
  id: string;
  title: string;
  summary: string;
  spec: ChartSpec;
  table: { caption: string; columns: string[]; rows: ReactNode[][] };
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="min-w-0">
      <h2 id={`${id}-heading`} className="mb-2 text-xl font-bold">
        {title}
      </h2>
      <div role="img" aria-label={summary} style={{ minHeight: chartHeight(spec) }}>
        <Suspense fallback={null}>
          <Chart spec={spec} />
        </Suspense>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm">{title}: the figures as a table</summary>
        <div className="mt-2">
          <DataTable
            label={table.caption}
            caption={table.caption}
            columns={table.columns.map((column, index) => ({ label: column, numeric: index > 0 }))}
          >
            {table.rows.map(([first, ...rest], row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are a fixed series, never reordered
              <tr key={row}>
                <th scope="row" className="font-normal">
                  {first}
                </th>
                {rest.map((cell, column) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <td key={column} className="text-right tabular-nums">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </DataTable>
        </div>
      </details>
    </section>
  );
}

/** Every 15th day gets its label on the axis (and the last), so 90 days leave room to read them. */
const LABEL_EVERY = 15;

function RevenueChart({ stats }: { stats: AdminStats }) {
  const days = stats.revenueByDay;
  const spec = useMemo<ChartSpec>(
    () => ({
      kind: "line",
      labels: days.map((day) => day.date),
      values: days.map((day) => day.revenue),
      formatValue: axisMoney,
      formatLabel: (day, index) => (index % LABEL_EVERY === 0 ? dayText(day) : null),
    }),
    [days],
  );
  const best = days.reduce<AdminStats["revenueByDay"][number] | null>(
    (top, day) => (day.revenue > (top?.revenue ?? 0) ? day : top),
    null,
  );
  const range = `${dayText(stats.from, true)} to ${dayText(stats.to, true)}`;
  const summary =
    `Revenue per day, ${range}: ${formatPrice(stats.revenueInRange)} in all` +
    (best ? `; the best day ${dayText(best.date, true)} with ${formatPrice(best.revenue)}.` : "; no revenue.");
  return (
    <ChartFigure
      id="revenue-chart"
      title={`Revenue per day, last ${days.length} days`}
      summary={summary}
      spec={spec}
      table={{
        caption: `Revenue per day, ${range}`,
        columns: ["Day", "Revenue"],
        rows: [...days].reverse().map((day) => [
          <time key="day" dateTime={day.date}>
            {dayText(day.date, true)}
          </time>,
          formatPrice(day.revenue),
        ]),
      }}
    />
  );
}

function StatusChart({ stats }: { stats: AdminStats }) {
  const statuses = stats.ordersByStatus;
  const spec = useMemo<ChartSpec>(
    () => ({
      kind: "lying-bars",
      labels: statuses.map((entry) => ORDER_STATUS_LABELS[entry.status]),
      values: statuses.map((entry) => entry.count),
      formatValue: axisCount,
    }),
    [statuses],
  );
  const placed = statuses.reduce((sum, entry) => sum + entry.count, 0);
  const summary =
    `Orders placed ${dayText(stats.from, true)} to ${dayText(stats.to, true)}, by status now: ` +
    (placed === 0
      ? "none."
      : `${statuses
          .filter((entry) => entry.count > 0)
          .map((entry) => `${ORDER_STATUS_LABELS[entry.status]} ${count.format(entry.count)}`)
          .join(", ")}.`);
  return (
    <ChartFigure
      id="status-chart"
      title="Orders by status"
      summary={summary}
      spec={spec}
      table={{
        caption: `Orders placed ${dayText(stats.from, true)} to ${dayText(stats.to, true)}, by status now`,
        columns: ["Status", "Orders"],
        rows: statuses.map((entry) => [ORDER_STATUS_LABELS[entry.status], count.format(entry.count)]),
      }}
    />
  );
}

/** A tool's name on the chart's narrow axis; the table and the summary keep the whole name. */
const shortName = (name: string) => (name.length > 22 ? `${name.slice(0, 21)}…` : name);

function TopToolsChart({ stats }: { stats: AdminStats }) {
  const tools = stats.topTools;
  const spec = useMemo<ChartSpec>(
    () => ({
      kind: "lying-bars",
      labels: tools.map((tool) => shortName(tool.name)),
      values: tools.map((tool) => tool.revenue),
      formatValue: axisMoney,
    }),
    [tools],
  );
  const summary =
    tools.length === 0
      ? "Top tools by revenue: no tool sold in this range."
      : `Top ${tools.length} tools by revenue: ${tools
          .map((tool, index) => `${index + 1}. ${tool.name}, ${formatPrice(tool.revenue)}`)
          .join("; ")}.`;
  return (
    <ChartFigure
      id="top-tools-chart"
      title="Top 10 tools by revenue"
      summary={summary}
      spec={spec}
      table={{
        caption: `Top tools by revenue, ${dayText(stats.from, true)} to ${dayText(stats.to, true)}`,
        columns: ["Tool", `${QUANTITY_UNIT}`, "Revenue"],
        rows: tools.map((tool) => [tool.name, count.format(tool.pieces), formatPrice(tool.revenue)]),
      }}
    />
  );
}
