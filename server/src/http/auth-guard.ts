import { MESSAGES } from "@forgeline/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { users } from "../db/schema.js";
import type { AccessTokens } from "../identity/access-token.js";
import { HttpError } from "./errors.js";

export interface Caller {
  email: string;
  role: "admin" | "customer";
}

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid bearer token of a known user, else 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: as authenticate, and the user is an admin, else 403. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

const SIGN_IN_AGAIN = "Your sign-in has expired or is not valid. Please sign in again.";

/**
 * Every protected call is checked here. The token only names the account; the role is read from the
 * database on each call, so Make Admin takes effect at once and nothing the browser sends is trusted.
 */
export function registerAuthGuards(app: FastifyInstance, tokens: AccessTokens) {
  async function identify(request: FastifyRequest): Promise<Caller> {
    const header = request.headers.authorization;
    const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : "";
    if (!token) throw new HttpError(401, "Please sign in to continue.");
    const email = await tokens.verify(token).catch(() => {
      throw new HttpError(401, SIGN_IN_AGAIN);
    });
    const [user] = await app.db
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(eq(users.email, email));
    if (!user) throw new HttpError(401, SIGN_IN_AGAIN);
    return user;
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

/** The caller of a route behind `authenticate` or `requireAdmin`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new HttpError(401, "Please sign in to continue.");
  return request.caller;
}
