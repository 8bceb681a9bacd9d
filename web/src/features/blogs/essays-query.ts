import { queryOptions } from "@tanstack/react-query";

/**
 * The essays are data, not code: a server-rendered /blogs brings them with its first-screen data (as the
 * catalogue pages bring their products), so its first visit loads no essay text as JS; a visit from another
 * page loads essays.ts then.
 */
export const essaysQuery = queryOptions({
  queryKey: ["essays"],
  queryFn: async () => (await import("./essays")).essays,
  staleTime: Number.POSITIVE_INFINITY,
});
