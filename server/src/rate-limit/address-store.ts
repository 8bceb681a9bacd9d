import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Limits } from "./queries.js";

/**
 * @fastify/rate-limit's store on the shared counters, so a client address has one allowance across all
 * instances rather than one per instance. A route's limit counts under the route's own prefix.
 */
export function sharedAddressStore(limits: Limits): FastifyRateLimitStoreCtor {
  return class SharedAddressStore implements FastifyRateLimitStore {
    // The plugin passes its options first; they say nothing the counters need.
    constructor(
      _options?: unknown,
      private readonly prefix = "address:",
    ) {}

    incr(key: string, callback: Parameters<FastifyRateLimitStore["incr"]>[1], timeWindow: number): void {
      limits.hit(this.prefix + key, timeWindow).then(
        ({ count, msLeft }) => callback(null, { current: count, ttl: msLeft }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      // The plugin passes the route's limit options with the route itself under `routeInfo` (its typings
      // say RouteOptions); a limiter made with createRateLimit has no route, and its keys say what they count.
      const { routeInfo } = routeOptions as { routeInfo?: { method?: unknown; url?: string } };
      const route = routeInfo?.url ? `${String(routeInfo.method)} ${routeInfo.url}:` : "";
      return new SharedAddressStore(undefined, this.prefix + route);
    }
  };
}
