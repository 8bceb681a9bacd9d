import { lazy } from "react";
import { Route, Routes } from "react-router";
import HomePage from "./routes/home";

const AvailableProductsPage = lazy(() => import("../features/products/available-products-page"));
const BlogsPage = lazy(() => import("../features/blogs/blogs-page"));
const LoginPage = lazy(() => import("../features/auth/login-page"));
const SignupPage = lazy(() => import("../features/auth/signup-page"));
const ResetPasswordPage = lazy(() => import("../features/auth/reset-password-page"));
const OrderDetailsPage = lazy(() => import("./routes/order-details"));
const DashboardRoutes = lazy(() => import("./dashboard-routes"));
const NotFoundPage = lazy(() => import("./routes/not-found"));

/**
 * Every route of SPEC.md point 2. The home page, where most visits start, comes with the first bundle;
 * every other page module loads only when its route is visited, the dashboard's routes (with the
 * guards) only when the dashboard is.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route index element={<HomePage />} />
      <Route path="availableProducts" element={<AvailableProductsPage />} />
      <Route path="blogs" element={<BlogsPage />} />
      <Route path="orderdetails" element={<OrderDetailsPage />} />
      <Route path="login" element={<LoginPage />} />
      <Route path="signup" element={<SignupPage />} />
      <Route path="resetpassword" element={<ResetPasswordPage />} />
      <Route path="dashboard/*" element={<DashboardRoutes />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
