import type { Role } from "@forgeline/contract";
import type { FastifyRequest } from "fastify";
import { HttpError } from "./errors.js";

/** Who is calling: the account a valid access token names, and its role now. */
export interface Caller {
  email: string;
  role: Role;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the `authenticate` and `backOffice` hooks (user/auth-guard.ts); null on a public route. */
    caller: Caller | null;
  }
}

/** The caller of a route behind `authenticate` or `backOffice`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new HttpError(401, "Please sign in to continue.");
  return request.caller;
}
