import { apiCall } from "../../../lib/api-client";
import { homeApi } from "../../../lib/api-routes/home";

/** POST /api/newsletter: answers the message to thank the subscriber with. */
export async function subscribeToNewsletter(email: string): Promise<string> {
  return (await apiCall(homeApi.newsletter, { email })).message;
}
