/**
 * The pages of companies and quotes (docs/decisions/023-companies.md, 024-quick-order-and-quotes.md): the
 * rest of the table in paths.ts, kept apart because the first bundle carries paths.ts and only signed-in
 * pages link here (vite.config.ts puts this file in the dashboard's chunk).
 */
export const companyPaths = {
  company: "/dashboard/company",
  companyOrders: "/dashboard/company/orders",
  /** Owners and buyers: what the company owes on account, and a month's statement (docs/BUYING-ON-ACCOUNT.md). */
  statement: "/dashboard/company/statement",
  approvals: "/dashboard/approvals",
  /** Admins: every company, its tax exemption and price list. */
  companies: "/dashboard/companies",
  /** Admins: what every company on account owes, and the money it paid recorded. */
  receivables: "/dashboard/receivables",
} as const;

/** Admins: the warehouses and the stock kept in each (docs/STOCK.md). */
export const stockPaths = {
  warehouses: "/dashboard/warehouses",
  /** "To ship" per warehouse: the orders ready to ship and what to pick for them (docs/STOCK.md, 'Shipments'). */
  pickList: "/dashboard/pick-list",
  /** The backorders waiting per tool (docs/STOCK.md, 'Backorders'). */
  backorders: "/dashboard/backorders",
} as const;

/** Both answer by role: a customer's own quotes, an admin's list of every quote and its pricing. */
export const quotePaths = {
  quotes: "/dashboard/quotes",
  quote: (quoteId: string) => `/dashboard/quotes/${encodeURIComponent(quoteId)}`,
} as const;

/** Saved lists and recurring orders (docs/RECURRING.md). */
export const listPaths = { lists: "/dashboard/lists", recurring: "/dashboard/recurring" } as const;

/**
 * An order changed after it was placed (docs/decisions/072-order-changes.md, 075-the-change-order-page.md): by its
 * buyer, or by an admin (078).
 */
export const orderPaths = {
  changeOrder: (orderId: string) => `/dashboard/myorders/${encodeURIComponent(orderId)}/change`,
  adminChangeOrder: (orderId: string) => `/dashboard/orders/${encodeURIComponent(orderId)}/change`,
} as const;
