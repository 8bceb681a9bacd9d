import { lazy } from "react";
import { Route, Routes } from "react-router";
import { RequireAdmin, RequireAuth } from "./guards";

const HomePage = lazy(() => import("./routes/home"));
const AvailableProductsPage = lazy(() => import("../features/products/available-products-page"));
const BlogsPage = lazy(() => import("../features/blogs/blogs-page"));
const LoginPage = lazy(() => import("../features/auth/login-page"));
const SignupPage = lazy(() => import("../features/auth/signup-page"));
const ResetPasswordPage = lazy(() => import("../features/auth/reset-password-page"));
const DashboardLayout = lazy(() => import("../features/dashboard/dashboard-layout"));
const DashboardHome = lazy(() =>
  import("../features/dashboard/dashboard-layout").then((module) => ({ default: module.DashboardHome })),
);
const OrderDetailsPage = lazy(() => import("./routes/order-details"));
const MyOrdersPage = lazy(() => import("../features/orders/my-orders-page"));
const MyReviewsPage = lazy(() => import("../features/reviews/my-reviews-page"));
const AddReviewPage = lazy(() => import("../features/reviews/add-review-page"));
const MyProfilePage = lazy(() => import("../features/profile/my-profile-page"));
const UpdateProfilePage = lazy(() => import("../features/profile/update-profile-page"));
const PaymentPage = lazy(() => import("../features/payment/payment-page"));
const AllUsersPage = lazy(() => import("../features/admin/all-users-page"));
const AddProductPage = lazy(() => import("../features/admin/add-product-page"));
const ManageProductsPage = lazy(() => import("../features/admin/manage-products-page"));
const NotFoundPage = lazy(() => import("./routes/not-found"));

/** Every route of SPEC.md point 2; each page module loads only when its route is visited. */
export function AppRoutes() {
  return (
    <Routes>
      <Route index element={<HomePage />} />
      <Route path="availableProducts" element={<AvailableProductsPage />} />
      <Route path="blogs" element={<BlogsPage />} />
      <Route
        path="orderdetails"
        element={
          <RequireAuth>
            <OrderDetailsPage />
          </RequireAuth>
        }
      />
      <Route path="login" element={<LoginPage />} />
      <Route path="signup" element={<SignupPage />} />
      <Route path="resetpassword" element={<ResetPasswordPage />} />
      <Route
        path="dashboard"
        element={
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        }
      >
        <Route index element={<DashboardHome customer={<MyOrdersPage />} admin={<MyProfilePage />} />} />
        <Route path="myreview" element={<MyReviewsPage />} />
        <Route path="addReview" element={<AddReviewPage />} />
        <Route path="myprofile" element={<MyProfilePage />} />
        <Route path="updateProfile" element={<UpdateProfilePage />} />
        <Route path="payment/:id" element={<PaymentPage />} />
        <Route
          path="users"
          element={
            <RequireAdmin>
              <AllUsersPage />
            </RequireAdmin>
          }
        />
        <Route
          path="addProduct"
          element={
            <RequireAdmin>
              <AddProductPage />
            </RequireAdmin>
          }
        />
        <Route
          path="manageProduct"
          element={
            <RequireAdmin>
              <ManageProductsPage />
            </RequireAdmin>
          }
        />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
