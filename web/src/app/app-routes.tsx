import { lazy } from "react";
import { type RouteObject, useRoutes } from "../lib/router";

const HomePage = lazy(() => import("./routes/home"));
const AvailableProductsPage = lazy(() => import("../features/products/available-products-page"));
const ProductPage = lazy(() => import("../features/products/product-page"));
const BlogsPage = lazy(() => import("../features/blogs/blogs-page"));
const LoginPage = lazy(() => import("../features/auth/login-page"));
const SignupPage = lazy(() => import("../features/auth/signup-page"));
const ResetPasswordPage = lazy(() => import("../features/auth/reset-password-page"));
const OrderDetailsPage = lazy(() => import("./routes/order-details"));
const CartPage = lazy(() => import("./routes/cart"));
const QuickOrderPage = lazy(() => import("./routes/quick-order"));
const InvitationPage = lazy(() => import("./routes/invitation"));
const DashboardRoutes = lazy(() => import("./dashboard-routes"));
const NotFoundPage = lazy(() => import("./routes/not-found"));

/** A product's own page. */
export const PRODUCT_ROUTE = "product/:id";

/** The route under which the dashboard's own table (dashboard-routes.tsx) takes over. */
export const DASHBOARD_ROUTE = "dashboard/*";

/**
 * Every route of docs/SPEC-CONFORMANCE.md §2; the catch-all `*` is the 404 page. The server renderer matches
 * addresses against this table too, so it answers 404 exactly where the browser shows the 404 page.
 */
export const appRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: "availableProducts", element: <AvailableProductsPage /> },
  { path: PRODUCT_ROUTE, element: <ProductPage /> },
  { path: "blogs", element: <BlogsPage /> },
  { path: "orderdetails", element: <OrderDetailsPage /> },
  { path: "cart", element: <CartPage /> },
  { path: "quick-order", element: <QuickOrderPage /> },
  { path: "invitations/:token", element: <InvitationPage /> },
  { path: "login", element: <LoginPage /> },
  { path: "signup", element: <SignupPage /> },
  { path: "resetpassword", element: <ResetPasswordPage /> },
  { path: DASHBOARD_ROUTE, element: <DashboardRoutes /> },
  { path: "*", element: <NotFoundPage /> },
];

/**
 * Every page module, the home page's too, loads only when its route is visited (the first bundle carries
 * the shell alone, so no page pays for another's code); the dashboard's routes (with the guards) only when
 * the dashboard is.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
