import type { Action } from "@forgeline/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Caller } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { authorizeBackOffice } from "../http/guard.js";
import type { VerifiedToken } from "./access-token.js";
import { findTokenHolder } from "./queries.js";

declare module "fastify" {
  interface FastifyInstance {
    /** onRequest hook: a valid bearer token of a known user, else 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest hook of an admin route: as authenticate, and the caller may do `action` in the back office
     * (contract/src/permissions.ts), else 403; asked before the body is read.
     */
    backOffice: (action: Action) => (request: FastifyRequest) => Promise<void>;
  }
}

const SIGN_IN_AGAIN = "Your sign-in has expired or is not valid. Please sign in again.";

/**
 * Every protected call is checked here. The token only names the account and its identity session; on
 * each call one query checks that the session still exists (sign-out and password reset end it) and that
 * the token is not older than a role change, and reads the role, so nothing the browser sends is trusted.
 * Routes use the hooks as `app.authenticate` / `app.backOffice("ship:order")` and read the caller with `callerOf`.
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
  app.decorate("backOffice", (action: Action) => async (request: FastifyRequest) => {
    request.caller = await identify(request);
    authorizeBackOffice(request.caller, action);
  });
}
