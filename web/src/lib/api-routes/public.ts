import type { Product, PublicConfig } from "@forgeline/contract";
import type { Route } from "../api-client";

/** Better Auth's answer: null, or the session with its user (and the role the server adds). */
export type SessionAnswer = { user?: { email: string; name: string; emailVerified?: boolean; role?: string } } | null;

/**
 * The calls every public page may make, without a token. Apart from the others because the first bundle
 * carries this file: a public page loads no other route but the home page's (home.ts), and a signed-in page
 * the dashboard's (signed-in.ts) (docs/decisions/031-one-home-per-rule.md).
 */
export const publicApi = {
  session: "GET /api/auth/get-session" as Route<SessionAnswer>,
  config: "GET /api/config" as Route<PublicConfig>,
  /** The catalogue, searched and paged by search parameters. */
  products: "GET /api/product" as Route<Product[]>,
  product: (id: string) => `GET /api/product/${encodeURIComponent(id)}` as Route<Product>,
};
