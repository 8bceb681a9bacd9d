import { companySchema } from "@forgeline/contract";
import type { FastifyRequest } from "fastify";
import type { Database } from "../db/client.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { jsonAnswer } from "../http/route-schema.js";
import { type CompanyAccess, companyAccess } from "./policy.js";
import { findCompany } from "./queries.js";

/** What the company's route files (routes.ts registers them) share: the policy's answer as HTTP, and words. */

export const NO_SUCH_COMPANY = "No such company.";
export const ALREADY_IN_A_COMPANY = "You are already in a company: leave it first.";
export const ADMINS_DO_NOT_JOIN = "Admin accounts cannot belong to a company; use a customer account.";
const OWNERS_ONLY = "Only the company's owners can do this.";

export const COMPANY_ANSWER = jsonAnswer("The company, with the caller's role in it.", companySchema);

/** The caller's membership if the policy lets them do this to the company: else 404 (outsiders) or 403. */
export async function companyFor(db: Database, request: FastifyRequest, companyId: string, access: CompanyAccess) {
  const decision = await companyAccess(db, callerOf(request), companyId, access);
  if (decision.kind === "outsider") throw new HttpError(404, NO_SUCH_COMPANY);
  if (decision.kind === "forbidden") throw new HttpError(403, OWNERS_ONLY);
  return decision.membership;
}

/** The company's row; 404 when there is none. */
export async function existingCompany(db: Database, companyId: string) {
  const row = await findCompany(db, companyId);
  if (!row) throw new HttpError(404, NO_SUCH_COMPANY);
  return row;
}
