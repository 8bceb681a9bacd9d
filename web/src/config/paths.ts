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
  blogs: "/blogs",
  login: "/login",
  signup: "/signup",
  resetPassword: "/resetpassword",
  /**
   * Where the mailed confirmation link lands, `page` saying "Your address is confirmed" (address-notice.tsx); Better
   * Auth adds `&error=…` when the link was refused.
   */
  addressConfirmed: (page: string) => `${page}?address=confirmed`,
} as const;

/** The navigation state a sign-up leaves on the page it lands on, which then asks to confirm the address. */
export const SIGNED_UP_STATE = { signedUp: true } as const;
