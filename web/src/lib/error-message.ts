import { ApiError } from "./api-client";

/**
 * What a page tells a person when something failed, the one way: the server's message (for `field`, that
 * field's own when the refusal names it), else the failure's own message. Apart from api-client.ts, which
 * the first bundle carries, because no page needs it before something fails.
 */
export function errorMessage(error: unknown, field?: string): string {
  if (error instanceof ApiError) return (field && error.messageFor(field)) || error.message;
  return error instanceof Error ? error.message : String(error);
}
