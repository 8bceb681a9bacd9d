import type {
  NewsletterBody,
  NewsletterSubscribed,
  Product,
  Promotion,
  PublicConfig,
  Review,
} from "@forgeline/contract";
import type { Route } from "../api-client";

/** Better Auth's answer: null, or the session with its user (and the role the server adds). */
export type SessionAnswer = { user?: { email: string; name: string; emailVerified?: boolean; role?: string } } | null;

/**
 * The calls the public pages make, without a token. Apart from signed-in.ts and admin.ts because the first
 * bundle carries this file: a public page loads no other route (docs/decisions/031-one-home-per-rule.md).
 */
export const publicApi = {
  session: "GET /api/auth/get-session" as Route<SessionAnswer>,
  config: "GET /api/config" as Route<PublicConfig>,
  /** The catalogue, searched and paged by search parameters. */
  products: "GET /api/product" as Route<Product[]>,
  product: (id: string) => `GET /api/product/${encodeURIComponent(id)}` as Route<Product>,
  /** Every customer's reviews, paged. */
  reviews: "GET /api/review" as Route<Review[]>,
  /** The promotions running now. */
  promotions: "GET /api/promotions" as Route<Promotion[]>,
  newsletter: "POST /api/newsletter" as Route<NewsletterSubscribed, NewsletterBody>,
};
