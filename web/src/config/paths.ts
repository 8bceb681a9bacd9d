/**
 * Every route of docs/SPEC-CONFORMANCE.md §2, in one place with dashboard-paths.ts (the company and quote pages,
 * which public pages never link to): links and redirects take their paths from here, never a literal.
 */
export const paths = {
  home: "/",
  availableProducts: "/availableProducts",
  product: (productId: string) => `/product/${encodeURIComponent(productId)}`,
  orderDetails: (productId: string, quantity?: number) =>
    `/orderdetails?productId=${encodeURIComponent(productId)}${quantity === undefined ? "" : `&quantity=${quantity}`}`,
  cart: "/cart",
  quickOrder: "/quick-order",
  dashboard: "/dashboard",
  myOrder: (orderId: string) => `/dashboard/myorders/${encodeURIComponent(orderId)}`,
  myReview: "/dashboard/myreview",
  addReview: "/dashboard/addReview",
  myProfile: "/dashboard/myprofile",
  updateProfile: "/dashboard/updateProfile",
  payment: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
  users: "/dashboard/users",
  addProduct: "/dashboard/addProduct",
  manageProduct: "/dashboard/manageProduct",
  adminOrders: "/dashboard/orders",
  adminOrder: (orderId: string) => `/dashboard/orders/${encodeURIComponent(orderId)}`,
  audit: "/dashboard/audit",
  promotions: "/dashboard/promotions",
  warehouses: "/dashboard/warehouses",
  blogs: "/blogs",
  login: "/login",
  signup: "/signup",
  resetPassword: "/resetpassword",
} as const;
