import { MESSAGES } from "@forgeline/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Caller } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import type { VerifiedToken } from "./access-token.js";
import { findTokenHolder } from "./queries.js";

declare module "fastify" {
  interface FastifyInstance {
    /** onRequest hook: a valid bearer token of a known user, else 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: as authenticate, and the user is an admin, else 403. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

const SIGN_IN_AGAIN = "Your sign-in has expired or is not valid. Please sign in again.";

/**
 * Every protected call is checked here. The token only names the account and its identity session; on
 * each call one query checks that the session still exists (sign-out and password reset end it) and that
 * the token is not older than a role change, and reads the role, so nothing the browser sends is trusted.
 * Routes use the hooks as `app.authenticate` / `app.requireAdmin` and read the caller with `callerOf`.
 */
export function registerAuthGuards(app: FastifyInstance) {
  async function identify(request: FastifyRequest): Promise<Caller> {
    const header = request.headers.authorization;
    const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : "";
    if (!token) throw new HttpError(401, "Please sign in to continue.");
    let claims: VerifiedToken;
    try {
      claims = app.accessTokens.verify(token);
    } catch {
      throw new HttpError(401, SIGN_IN_AGAIN);
    }
    const caller = await findTokenHolder(app.db, claims);
    if (!caller) throw new HttpError(401, SIGN_IN_AGAIN);
    return caller;
  }

  app.decorateRequest("caller", null);
  app.decorate("authenticate", async (request: FastifyRequest) => {
    request.caller = await identify(request);
  });
  app.decorate("requireAdmin", async (request: FastifyRequest) => {
    request.caller = await identify(request);
    if (request.caller.role !== "admin") throw new HttpError(403, MESSAGES.adminOnly);
  });
}
