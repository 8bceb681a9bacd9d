import { lazy } from "react";
import { Route, Routes } from "react-router";
import { RequireAdmin, RequireAuth } from "./guards";
import NotFoundPage from "./routes/not-found";

const DashboardLayout = lazy(() => import("../features/dashboard/dashboard-layout"));
const DashboardHome = lazy(() =>
  import("../features/dashboard/dashboard-layout").then((module) => ({ default: module.DashboardHome })),
);
const MyOrdersPage = lazy(() => import("../features/orders/my-orders-page"));
const MyReviewsPage = lazy(() => import("../features/reviews/my-reviews-page"));
const AddReviewPage = lazy(() => import("../features/reviews/add-review-page"));
const MyProfilePage = lazy(() => import("../features/profile/my-profile-page"));
const UpdateProfilePage = lazy(() => import("../features/profile/update-profile-page"));
const PaymentPage = lazy(() => import("../features/payment/payment-page"));
const AllUsersPage = lazy(() => import("../features/admin/all-users-page"));
const AddProductPage = lazy(() => import("../features/admin/add-product-page"));
const ManageProductsPage = lazy(() => import("../features/admin/manage-products-page"));

/** /dashboard/*: the signed-in routes of SPEC.md point 2, loaded only when the dashboard is opened. */
export default function DashboardRoutes() {
  return (
    <Routes>
      <Route
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
