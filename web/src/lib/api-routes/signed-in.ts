import type {
  AccessTokenResponse,
  AdminResponse,
  Cart,
  CartFillAnswer,
  CartImportBody,
  CartLineBody,
  CheckoutBody,
  Company,
  CompanyAddress,
  CompanyAddressBody,
  CompanyMember,
  CompanySettingsBody,
  DeletedCount,
  ImageUploadResponse,
  InsertedId,
  Invitation,
  InvitationBody,
  InvitationView,
  MemberChangeBody,
  NewCompanyBody,
  NewQuoteBody,
  Order,
  OrderBody,
  OrderCreated,
  PaymentIntentBody,
  PaymentIntentResponse,
  PaymentResult,
  PricedOrder,
  PricingQuoteBody,
  Profile,
  ProfileBody,
  Quote,
  QuoteAcceptBody,
  Review,
  ReviewBody,
  TestCardConfirmation,
} from "@forgeline/contract";
import type { Route } from "../api-client";

const part = encodeURIComponent;
const company = (companyId: string) => `/api/companies/${part(companyId)}`;

/**
 * A member's new role or monthly limit as the form holds them: the limit in dollars (null: none), or the
 * text as typed when it is not a number, so the server names the field rather than the limit being cleared.
 */
export type MemberChange = { role?: MemberChangeBody["role"]; monthlyLimit?: number | null | string };

/**
 * The calls of a signed-in customer (admins make some of them too), sent with the access token
 * (api-authed.ts). The dashboard's chunk carries this file, so public pages do not.
 */
export const signedInApi = {
  /** The identity session's cookie buys an access token for this address. */
  accessToken: (email: string) => `PUT /api/user/${part(email)}` as Route<AccessTokenResponse>,
  signOut: "POST /api/auth/sign-out" as Route<unknown, object>,
  /** The confirmation link mailed again (the server allows 3 a quarter-hour per address). */
  sendConfirmation: "POST /api/auth/send-verification-email" as Route<unknown, { email: string; callbackURL: string }>,
  isAdmin: (email: string) => `GET /api/admin/${part(email)}` as Route<AdminResponse>,
  image: "POST /api/image" as Route<ImageUploadResponse, FormData>,

  cart: "GET /api/cart" as Route<Cart>,
  setCartLine: (productId: string) => `PUT /api/cart/lines/${part(productId)}` as Route<Cart, CartLineBody>,
  removeCartLine: (productId: string) => `DELETE /api/cart/lines/${part(productId)}` as Route<Cart>,
  checkout: "POST /api/cart/checkout" as Route<OrderCreated, CheckoutBody>,
  importRows: "POST /api/cart/import" as Route<CartFillAnswer, CartImportBody>,
  /** What the server would charge for these lines, storing nothing. */
  price: "POST /api/pricing/quote" as Route<PricedOrder, PricingQuoteBody>,

  myOrders: (email: string) => `GET /api/ordering?userEmail=${part(email)}` as Route<Order[]>,
  order: (orderId: string) => `GET /api/ordering/${part(orderId)}` as Route<Order>,
  placeOrder: "POST /api/ordering" as Route<OrderCreated, OrderBody>,
  cancelOrder: (orderId: string) => `POST /api/ordering/${part(orderId)}/cancel` as Route<Order>,
  reorder: (orderId: string) => `POST /api/ordering/${part(orderId)}/reorder` as Route<CartFillAnswer>,
  invoice: (orderId: string) => `GET /api/ordering/${orderId}/invoice` as Route<Blob>,

  paymentIntent: "POST /api/create-payment-intent" as Route<PaymentIntentResponse, PaymentIntentBody>,
  confirmTestPayment: "POST /api/payments/test/confirm" as Route<PaymentResult, TestCardConfirmation>,
  reconcilePayment: (orderId: string) => `POST /api/payments/${part(orderId)}/reconcile` as Route<PaymentResult>,

  requestQuote: "POST /api/quotes" as Route<InsertedId, NewQuoteBody>,
  myQuotes: "GET /api/quotes" as Route<Quote[]>,
  quote: (quoteId: string) => `GET /api/quotes/${part(quoteId)}` as Route<Quote>,
  acceptQuote: (quoteId: string) => `POST /api/quotes/${part(quoteId)}/accept` as Route<OrderCreated, QuoteAcceptBody>,
  declineQuote: (quoteId: string) => `POST /api/quotes/${part(quoteId)}/decline` as Route<Quote>,

  profile: "GET /api/profile" as Route<Profile[]>,
  saveProfile: "POST /api/profile" as Route<InsertedId, ProfileBody>,
  myReviews: (email: string) => `GET /api/review?limit=100&email=${part(email)}` as Route<Review[]>,
  addReview: "POST /api/review" as Route<InsertedId, ReviewBody>,

  myCompany: "GET /api/companies/mine" as Route<Company | null>,
  createCompany: "POST /api/companies" as Route<InsertedId, NewCompanyBody>,
  companySettings: (companyId: string) => `PATCH ${company(companyId)}` as Route<Company, CompanySettingsBody>,
  companyAddresses: (companyId: string) => `GET ${company(companyId)}/addresses` as Route<CompanyAddress[]>,
  addAddress: (companyId: string) => `POST ${company(companyId)}/addresses` as Route<InsertedId, CompanyAddressBody>,
  removeAddress: (companyId: string, addressId: string) =>
    `DELETE ${company(companyId)}/addresses/${part(addressId)}` as Route<DeletedCount>,
  invitations: (companyId: string) => `GET ${company(companyId)}/invitations` as Route<Invitation[]>,
  invite: (companyId: string) => `POST ${company(companyId)}/invitations` as Route<InsertedId, InvitationBody>,
  withdrawInvitation: (companyId: string, invitationId: string) =>
    `DELETE ${company(companyId)}/invitations/${part(invitationId)}` as Route<DeletedCount>,
  members: (companyId: string) => `GET ${company(companyId)}/members` as Route<CompanyMember[]>,
  changeMember: (companyId: string, email: string) =>
    `PATCH ${company(companyId)}/members/${part(email)}` as Route<CompanyMember, MemberChange>,
  removeMember: (companyId: string, email: string) =>
    `DELETE ${company(companyId)}/members/${part(email)}` as Route<DeletedCount>,
  companyOrders: (companyId: string) => `GET ${company(companyId)}/orders` as Route<Order[]>,
  /** An owner's decision on an order awaiting approval: a note is optional to approve, needed to reject. */
  decideOrder: (companyId: string, orderId: string, step: "approve" | "reject") =>
    `POST ${company(companyId)}/orders/${part(orderId)}/${step}` as Route<
      Order,
      { note?: string | undefined } | undefined
    >,

  invitation: (token: string) => `GET /api/invitations/${part(token)}` as Route<InvitationView>,
  acceptInvitation: (token: string) => `POST /api/invitations/${part(token)}/accept` as Route<Company>,
};
