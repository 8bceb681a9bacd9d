/** Every route of docs/SPEC-CONFORMANCE.md §2, in one place. */
export const paths = {
  home: "/",
  availableProducts: "/availableProducts",
  orderDetails: (productId: string) => `/orderdetails?productId=${encodeURIComponent(productId)}`,
  dashboard: "/dashboard",
  myReview: "/dashboard/myreview",
  addReview: "/dashboard/addReview",
  myProfile: "/dashboard/myprofile",
  updateProfile: "/dashboard/updateProfile",
  payment: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
  users: "/dashboard/users",
  addProduct: "/dashboard/addProduct",
  manageProduct: "/dashboard/manageProduct",
  blogs: "/blogs",
  login: "/login",
  signup: "/signup",
  resetPassword: "/resetpassword",
} as const;
