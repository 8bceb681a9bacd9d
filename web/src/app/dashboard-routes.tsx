import { lazy } from "react";
import { type RouteObject, useRoutes } from "../lib/router";
import { RequireAdmin, RequireAuth } from "./guards";
import NotFoundPage from "./routes/not-found";

const DashboardLayout = lazy(() => import("../features/dashboard/dashboard-layout"));
const DashboardHome = lazy(() =>
  import("../features/dashboard/dashboard-layout").then((module) => ({ default: module.DashboardHome })),
);
const MyOrdersPage = lazy(() => import("../features/orders/my-orders-page"));
const MyOrderPage = lazy(() => import("../features/orders/my-order-page"));
const ChangeOrderPage = lazy(() => import("../features/orders/change-order-page"));
const MyReviewsPage = lazy(() => import("../features/reviews/my-reviews-page"));
const AddReviewPage = lazy(() => import("../features/reviews/add-review-page"));
const MyProfilePage = lazy(() => import("../features/profile/my-profile-page"));
const UpdateProfilePage = lazy(() => import("../features/profile/update-profile-page"));
const PaymentPage = lazy(() => import("./routes/payment"));
const AllUsersPage = lazy(() => import("../features/users/all-users-page"));
const AddProductPage = lazy(() => import("../features/products/add-product-page"));
const ManageProductsPage = lazy(() => import("../features/products/manage-products-page"));
const AdminOrdersPage = lazy(() => import("../features/admin-orders/admin-orders-page"));
const AdminOrderPage = lazy(() => import("../features/admin-orders/admin-order-page"));
const AdminChangeOrderPage = lazy(() => import("../features/admin-orders/admin-change-order-page"));
const AuditPage = lazy(() => import("../features/audit/audit-page"));
const PromotionsPage = lazy(() => import("../features/promotions/promotions-page"));
const WarehousesPage = lazy(() => import("../features/warehouses/warehouses-page"));
const BackordersPage = lazy(() => import("../features/warehouses/backorders-page"));
const PickListPage = lazy(() => import("../features/warehouses/pick-list-page"));
const CompanyPage = lazy(() => import("../features/company/company-page"));
const CompanyOrdersPage = lazy(() => import("../features/company/company-orders-page"));
const ApprovalsPage = lazy(() => import("../features/company/approvals-page"));
const StatementPage = lazy(() => import("../features/company/statement-page"));
const AdminCompaniesPage = lazy(() => import("../features/admin-companies/admin-companies-page"));
const ReceivablesPage = lazy(() => import("../features/receivables/receivables-page"));
const QuotesPage = lazy(() => import("../features/quotes/quotes-page"));
const QuotePage = lazy(() => import("../features/quotes/quote-page"));
const AdminQuotesPage = lazy(() => import("../features/quotes/admin-quotes-page"));
const AdminQuotePage = lazy(() => import("../features/quotes/admin-quote-page"));
const OverviewPage = lazy(() => import("../features/overview/overview-page"));
const ListsPage = lazy(() => import("../features/lists/lists-page"));
const RecurringPage = lazy(() => import("../features/recurring/recurring-page"));

/** /dashboard/*: the signed-in routes of docs/SPEC-CONFORMANCE.md §2; the catch-all `*` is the 404 page. */
export const dashboardRoutes: RouteObject[] = [
  {
    element: (
      <RequireAuth>
        <DashboardLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <DashboardHome customer={<MyOrdersPage />} admin={<OverviewPage />} /> },
      { path: "myorders/:id", element: <MyOrderPage /> },
      // Changing an order after it is placed (docs/decisions/075-the-change-order-page.md).
      { path: "myorders/:id/change", element: <ChangeOrderPage /> },
      { path: "myreview", element: <MyReviewsPage /> },
      { path: "addReview", element: <AddReviewPage /> },
      { path: "myprofile", element: <MyProfilePage /> },
      { path: "updateProfile", element: <UpdateProfilePage /> },
      { path: "payment/:id", element: <PaymentPage /> },
      { path: "company", element: <CompanyPage /> },
      { path: "company/orders", element: <CompanyOrdersPage /> },
      { path: "company/statement", element: <StatementPage /> },
      { path: "approvals", element: <ApprovalsPage /> },
      // Saved lists and recurring orders (docs/RECURRING.md): a buyer's; an admin, who does not buy, is told so.
      { path: "lists", element: <ListsPage /> },
      { path: "recurring", element: <RecurringPage /> },
      // Quotes (docs/SELLING-TO-BUSINESSES.md, 'Quotes'): one address, the page by role, as the dashboard's home is.
      { path: "quotes", element: <DashboardHome customer={<QuotesPage />} admin={<AdminQuotesPage />} /> },
      { path: "quotes/:id", element: <DashboardHome customer={<QuotePage />} admin={<AdminQuotePage />} /> },
      {
        path: "users",
        element: (
          <RequireAdmin>
            <AllUsersPage />
          </RequireAdmin>
        ),
      },
      {
        path: "addProduct",
        element: (
          <RequireAdmin>
            <AddProductPage />
          </RequireAdmin>
        ),
      },
      {
        path: "manageProduct",
        element: (
          <RequireAdmin>
            <ManageProductsPage />
          </RequireAdmin>
        ),
      },
      {
        path: "orders",
        element: (
          <RequireAdmin>
            <AdminOrdersPage />
          </RequireAdmin>
        ),
      },
      {
        path: "orders/:id",
        element: (
          <RequireAdmin>
            <AdminOrderPage />
          </RequireAdmin>
        ),
      },
      // An admin changes any order's lines; a rise waits for the buyer (docs/decisions/078-admins-change-orders.md).
      {
        path: "orders/:id/change",
        element: (
          <RequireAdmin>
            <AdminChangeOrderPage />
          </RequireAdmin>
        ),
      },
      {
        path: "audit",
        element: (
          <RequireAdmin>
            <AuditPage />
          </RequireAdmin>
        ),
      },
      {
        path: "promotions",
        element: (
          <RequireAdmin>
            <PromotionsPage />
          </RequireAdmin>
        ),
      },
      {
        path: "warehouses",
        element: (
          <RequireAdmin>
            <WarehousesPage />
          </RequireAdmin>
        ),
      },
      {
        path: "pick-list",
        element: (
          <RequireAdmin>
            <PickListPage />
          </RequireAdmin>
        ),
      },
      {
        path: "backorders",
        element: (
          <RequireAdmin>
            <BackordersPage />
          </RequireAdmin>
        ),
      },
      {
        path: "companies",
        element: (
          <RequireAdmin>
            <AdminCompaniesPage />
          </RequireAdmin>
        ),
      },
      {
        path: "receivables",
        element: (
          <RequireAdmin>
            <ReceivablesPage />
          </RequireAdmin>
        ),
      },
    ],
  },
  { path: "*", element: <NotFoundPage /> },
];

/** Loaded only when the dashboard is opened. */
export default function DashboardRoutes() {
  return useRoutes(dashboardRoutes);
}
