import type { AdminStats } from "@forgeline/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderPage, serveApi, tokenWith } from "../../test-utils";
import OverviewPage from "./overview-page";

// Chartist draws SVG with layout jsdom does not have; the drawing itself is the browser test's.
vi.mock("./chart", () => ({
  default: ({ spec }: { spec: { kind: string; values: number[] } }) => (
    <div data-testid={`chart-${spec.kind}`}>{spec.values.join(",")}</div>
  ),
}));

const stats: AdminStats = {
  from: "2026-08-28",
  to: "2026-11-25",
  revenue: { today: 1234.5, last7Days: 98765.43, last30Days: -12.3 },
  revenueInRange: 934.5,
  ordersToShip: 3,
  approvalsPending: 2,
  quotesToPrice: 1,
  owedToYou: 5200,
  overdue: 1200,
  dueNext7Days: 800,
  lowStock: {
    count: 1,
    tools: [
      {
        _id: "p1",
        name: "Bench vise",
        sku: "FL-VIS-6",
        quantity: 40,
        threshold: 200,
        byWarehouse: [
          { code: "MAIN", available: 30 },
          { code: "EAST", available: 10 },
        ],
      },
    ],
  },
  revenueByDay: [
    { date: "2026-11-23", revenue: 0 },
    { date: "2026-11-24", revenue: -300 },
    { date: "2026-11-25", revenue: 1234.5 },
  ],
  ordersByStatus: [
    { status: "awaiting-approval", count: 2 },
    { status: "unpaid", count: 0 },
    { status: "paid", count: 3 },
    { status: "shipped", count: 1 },
    { status: "delivered", count: 0 },
    { status: "cancelled", count: 0 },
    { status: "refunded", count: 1 },
  ],
  topTools: [
    { productId: "p2", sku: "FL-DRL-20V", name: "Cordless drill", pieces: 150, revenue: 13350 },
    { productId: "p1", sku: "FL-VIS-6", name: "Bench vise", pieces: 100, revenue: 4200 },
  ],
};

function renderAsAdmin(answer: AdminStats = stats) {
  localStorage.setItem(
    "accessToken",
    tokenWith({ sub: "admin@example.com", exp: Math.floor(Date.now() / 1000) + 3600 }),
  );
  const sent = serveApi({ "GET /api/admin/stats": { body: answer } });
  renderPage(<OverviewPage />, { at: "/dashboard" });
  return sent;
}

const figure = (label: string) =>
  screen.getByText(label, { selector: "dt" }).closest("div")?.querySelector("dd")?.textContent;

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));

describe("/dashboard for an admin: the overview", () => {
  it("shows revenue as money and the work waiting, each count linking to its list", async () => {
    const sent = renderAsAdmin();
    await screen.findByText("Revenue today");
    expect(sent.map((request) => request.path)).toEqual(["/api/admin/stats"]);
    expect(figure("Revenue today")).toBe("$1,234.50");
    expect(figure("Revenue, last 7 days")).toBe("$98,765.43");
    expect(figure("Revenue, last 30 days")).toBe("-$12.30");
    expect(figure("Orders to ship")).toBe("3");
    expect(figure("Quotes to price")).toBe("1");
    expect(figure("Approvals pending")).toBe("2");
    expect(screen.getByRole("link", { name: "Open the orders to ship" }).getAttribute("href")).toBe(
      "/dashboard/orders?status=to-ship",
    );
    expect(screen.getByRole("link", { name: "Open the orders awaiting approval" }).getAttribute("href")).toBe(
      "/dashboard/orders?status=awaiting-approval",
    );
    expect(screen.getByRole("link", { name: "Open the quotes" }).getAttribute("href")).toBe("/dashboard/quotes");
    expect(figure("Owed to you")).toBe("$5,200.00");
    expect(figure("Overdue")).toBe("$1,200.00");
    expect(figure("Due in the next 7 days")).toBe("$800.00");
    expect(screen.getByRole("link", { name: "Open the receivables" }).getAttribute("href")).toBe(
      "/dashboard/receivables",
    );
  });

  it("lists the tools low in stock with their threshold and warehouses, and links to Manage Products", async () => {
    renderAsAdmin();
    const table = await screen.findByRole("table", { name: "Tools below their low-stock threshold, emptiest first" });
    expect(rowsOf(table)).toEqual([["Bench vise", "FL-VIS-6", "40", "MAIN 30, EAST 10", "200"]]);
    expect(screen.getByRole("heading", { name: "Low in stock (1)" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Manage Products" }).getAttribute("href")).toBe("/dashboard/manageProduct");
  });

  it("gives each chart a summary and its figures as a table", async () => {
    renderAsAdmin();
    const revenue = await screen.findByRole("img", { name: /^Revenue per day, Aug 28, 2026 to Nov 25, 2026/ });
    expect(revenue.getAttribute("aria-label")).toBe(
      "Revenue per day, Aug 28, 2026 to Nov 25, 2026: $934.50 in all; the best day Nov 25, 2026 with $1,234.50.",
    );
    expect(screen.getByRole("img", { name: /^Orders placed/ }).getAttribute("aria-label")).toBe(
      "Orders placed Aug 28, 2026 to Nov 25, 2026, by status now: Awaiting approval 2, Paid 3, Shipped 1, Refunded 1.",
    );
    expect(screen.getByRole("img", { name: /^Top 2 tools/ }).getAttribute("aria-label")).toBe(
      "Top 2 tools by revenue: 1. Cordless drill, $13,350.00; 2. Bench vise, $4,200.00.",
    );

    await userEvent.click(screen.getByText("Top 10 tools by revenue: the figures as a table"));
    const top = screen.getByRole("table", { name: "Top tools by revenue, Aug 28, 2026 to Nov 25, 2026" });
    expect(rowsOf(top)).toEqual([
      ["Cordless drill", "150", "$13,350.00"],
      ["Bench vise", "100", "$4,200.00"],
    ]);
    const days = screen.getByRole("table", { name: "Revenue per day, Aug 28, 2026 to Nov 25, 2026", hidden: true });
    expect(rowsOf(days)[0]).toEqual(["Nov 25, 2026", "$1,234.50"]);
    expect(rowsOf(days)[1]).toEqual(["Nov 24, 2026", "-$300.00"]);
  });

  it("says so when nothing sold and nothing is low", async () => {
    renderAsAdmin({ ...stats, lowStock: { count: 0, tools: [] }, topTools: [] });
    expect(await screen.findByText("No tool is below its low-stock threshold.")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Top tools by revenue: no tool sold in this range." })).toBeTruthy();
  });
});
