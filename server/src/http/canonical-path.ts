import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors.js";

/** `.` or `..` segments, doubled slashes, backslashes, and dots or slashes hidden by percent-encoding. */
const NON_CANONICAL = /(^|\/)\.{1,2}(\/|$)|\/\/|\\|%2e|%2f|%5c/i;

/**
 * Refuses addresses whose path a URL parser would rewrite. Fastify routes the path as written while
 * `new URL()` (and with it the identity provider) resolves `..`, so `/api/auth/x/../sign-in/email` once
 * reached the sign-in through a route without its limits. With only canonical paths, every part of the
 * server sees the same path.
 */
export function refuseNonCanonicalPaths(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    const path = request.raw.url?.split("?", 1)[0] ?? "";
    if (NON_CANONICAL.test(path))
      throw new HttpError(400, "This address is not valid: it has dot segments or doubled slashes.");
  });
}
