import type { NewsletterBody, NewsletterSubscribed } from "@forgeline/contract";
import { apiPost } from "../../../lib/api-client";

/** POST /api/newsletter: answers the message to thank the subscriber with. */
export async function subscribeToNewsletter(email: string): Promise<string> {
  const body: NewsletterBody = { email };
  return (await apiPost<NewsletterSubscribed>("/api/newsletter", body)).message;
}
