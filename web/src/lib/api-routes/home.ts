import type { NewsletterBody, NewsletterSubscribed, Promotion, Review } from "@forgeline/contract";
import type { Route } from "../api-client";

/** The home page's calls, without a token: only its chunks carry them (public.ts has the other pages'). */
export const homeApi = {
  /** The promotions running now, for the banner. */
  promotions: "GET /api/promotions" as Route<Promotion[]>,
  /** Every customer's reviews, paged. */
  reviews: "GET /api/review" as Route<Review[]>,
  newsletter: "POST /api/newsletter" as Route<NewsletterSubscribed, NewsletterBody>,
};
