import type {
  AdminCompany,
  AdminCompanyPatchBody,
  AdminQuote,
  AdminReceivables,
  AdminStats,
  AuditEntry,
  BackordersWaiting,
  Company,
  ContractPrice,
  CreditNoteBody,
  DeletedCount,
  InsertedId,
  ModifiedCountResponse,
  OrderChangeApplyBody,
  OrderChangeBody,
  OrderChangePreview,
  OrderCounts,
  OrderWithCredit,
  PaymentReceived,
  PaymentReceivedBody,
  PickList,
  Product,
  ProductBody,
  ProductPatch,
  Promotion,
  PromotionBody,
  PromotionPatch,
  Quote,
  QuotePreview,
  QuotePreviewBody,
  QuoteSendBody,
  RefundBody,
  ShipBody,
  ShipmentBody,
  StockAnswer,
  User,
  Warehouse,
  WarehouseBody,
  WarehousePatch,
} from "@forgeline/contract";
import type { Route } from "../api-client";

const part = encodeURIComponent;

/** The route with these search parameters, or as it is when there are none. */
function withQuery<Answer, Body>(route: Route<Answer, Body>, params: URLSearchParams): Route<Answer, Body> {
  return (params.size > 0 ? `${route}?${params}` : route) as Route<Answer, Body>;
}

const prices = (companyId: string) => `/api/admin/companies/${part(companyId)}/prices`;

/** The steps an admin moves an order through, and the body each takes. */
export type OrderStepBodies = { ship: ShipBody; deliver: undefined; cancel: undefined; refund: RefundBody };

/** What the tax exemption form sends: exempt needs the company's tax ID (400 beside `taxId` otherwise). */
export interface TaxExemption {
  taxExempt: boolean;
  taxId?: string;
}

/** The admins' calls (the server refuses them to anyone else), loaded only with the admins' pages. */
export const adminApi = {
  users: "GET /api/user?limit=100" as Route<User[]>,
  makeAdmin: (email: string) => `PUT /api/user/admin/${part(email)}` as Route<ModifiedCountResponse>,
  stats: (params: URLSearchParams) => withQuery("GET /api/admin/stats" as Route<AdminStats>, params),
  audit: (limit: number, offset: number) =>
    `GET /api/admin/audit?limit=${limit}&offset=${offset}` as Route<AuditEntry[]>,

  addProduct: "POST /api/product" as Route<InsertedId, ProductBody>,
  updateProduct: (id: string) => `PATCH /api/product/${part(id)}` as Route<Product, ProductPatch>,
  deleteProduct: (id: string) => `DELETE /api/product/${part(id)}` as Route<DeletedCount>,

  /** One page of the orders, filtered and searched by the parameters (`limit`, `offset`, `status`, `q`). */
  orders: (params: URLSearchParams) => `GET /api/admin/orders?${params}` as Route<OrderWithCredit[]>,
  ordersCsv: (params: URLSearchParams) => withQuery("GET /api/admin/orders.csv" as Route<Blob>, params),
  orderCounts: (params: URLSearchParams) => withQuery("GET /api/admin/orders/counts" as Route<OrderCounts>, params),
  order: (orderId: string) => `GET /api/admin/orders/${part(orderId)}` as Route<OrderWithCredit>,
  orderStep: <Step extends keyof OrderStepBodies>(orderId: string, step: Step) =>
    `POST /api/admin/orders/${part(orderId)}/${step}` as Route<OrderWithCredit, OrderStepBodies[Step]>,
  /** Part of an order shipped from one warehouse (docs/STOCK.md, 'Shipments'). */
  shipPart: (orderId: string) =>
    `POST /api/admin/orders/${part(orderId)}/shipments` as Route<OrderWithCredit, ShipmentBody>,
  deliverShipment: (orderId: string, shipmentId: string) =>
    `POST /api/admin/orders/${part(orderId)}/shipments/${part(shipmentId)}/deliver` as Route<OrderWithCredit>,
  /** The orders ready to ship with what to pick for them from one warehouse. */
  pickList: (warehouseId: string) =>
    `GET /api/admin/stock/pick-list?warehouseId=${part(warehouseId)}` as Route<PickList>,
  /** Any order's lines changed (decision 078): what it would cost, then the change, a rise waiting for the buyer. */
  previewChange: (orderId: string) =>
    `POST /api/admin/orders/${part(orderId)}/changes/preview` as Route<OrderChangePreview, OrderChangeBody>,
  applyChange: (orderId: string) =>
    `POST /api/admin/orders/${part(orderId)}/changes` as Route<OrderWithCredit, OrderChangeApplyBody>,
  /** An invoiced order on account refunded by a credit note, in full or in part (docs/BUYING-ON-ACCOUNT.md). */
  creditNote: (orderId: string) =>
    `POST /api/admin/orders/${part(orderId)}/credit-notes` as Route<OrderWithCredit, CreditNoteBody>,

  promotions: "GET /api/admin/promotions" as Route<Promotion[]>,
  addPromotion: "POST /api/admin/promotions" as Route<InsertedId, PromotionBody>,
  updatePromotion: (id: string) => `PATCH /api/admin/promotions/${part(id)}` as Route<Promotion, PromotionPatch>,

  warehouses: "GET /api/admin/warehouses" as Route<Warehouse[]>,
  /** Each tool that orders wait for: pieces and orders waiting, when more is expected. */
  backorders: "GET /api/admin/stock/backorders" as Route<BackordersWaiting>,
  /** A tool's levels per warehouse: on hand, allocated to orders, available. */
  productStock: (productId: string) => `GET /api/admin/stock/${part(productId)}` as Route<StockAnswer>,
  addWarehouse: "POST /api/admin/warehouses" as Route<InsertedId, WarehouseBody>,
  updateWarehouse: (id: string) => `PATCH /api/admin/warehouses/${part(id)}` as Route<Warehouse, WarehousePatch>,

  companies: "GET /api/admin/companies" as Route<AdminCompany[]>,
  taxExemption: (companyId: string) =>
    `PUT /api/admin/companies/${part(companyId)}/tax-exemption` as Route<Company, TaxExemption>,
  /** Its terms on account, or none (audited). */
  updateCompany: (companyId: string) =>
    `PATCH /api/admin/companies/${part(companyId)}` as Route<AdminCompany, AdminCompanyPatchBody>,
  prices: (companyId: string) => `GET ${prices(companyId)}` as Route<ContractPrice[]>,
  pricesCsv: (companyId: string) => `GET ${prices(companyId)}.csv` as Route<Blob>,
  /** The whole price list replaced by a CSV file's text, or nothing when any row is bad. */
  replacePrices: (companyId: string) => `PUT ${prices(companyId)}.csv` as Route<ContractPrice[]>,

  /** What every company on account owes, most overdue first, a page at a time (X-Total-Count: how many). */
  receivables: (limit: number, offset: number) =>
    `GET /api/admin/receivables?limit=${limit}&offset=${offset}` as Route<AdminReceivables>,
  /** Money a company paid by transfer (idempotent: sent with a key), against its oldest invoices or as allocated. */
  recordPayment: (companyId: string) =>
    `POST /api/admin/companies/${part(companyId)}/payments` as Route<PaymentReceived, PaymentReceivedBody>,

  quotes: "GET /api/admin/quotes" as Route<Quote[]>,
  quote: (quoteId: string) => `GET /api/admin/quotes/${part(quoteId)}` as Route<AdminQuote>,
  previewQuote: (quoteId: string) =>
    `POST /api/admin/quotes/${part(quoteId)}/preview` as Route<QuotePreview, QuotePreviewBody>,
  sendQuote: (quoteId: string) => `POST /api/admin/quotes/${part(quoteId)}/send` as Route<Quote, QuoteSendBody>,
  quotePdf: (quoteId: string) => `GET /api/admin/quotes/${part(quoteId)}/pdf` as Route<Blob>,
};
