import { apiCall } from "../../../lib/api-client";
import { publicApi } from "../../../lib/api-routes/public";

/** POST /api/newsletter: answers the message to thank the subscriber with. */
export async function subscribeToNewsletter(email: string): Promise<string> {
  return (await apiCall(publicApi.newsletter, { email })).message;
}
