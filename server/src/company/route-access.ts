import { type Action, companySchema } from "@forgeline/contract";
import type { FastifyRequest } from "fastify";
import type { Database } from "../db/client.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { authorize } from "../http/guard.js";
import { jsonAnswer } from "../http/route-schema.js";
import { actorOf } from "./policy.js";
import { findCompany } from "./queries/companies.js";
import type { Membership } from "./queries/membership.js";

/** What the company's route files (routes.ts registers them) share: the guard's answer as HTTP, and words. */

export const NO_SUCH_COMPANY = "No such company.";
export const ALREADY_IN_A_COMPANY = "You are already in a company: leave it first.";
const OWNERS_ONLY = "Only the company's owners can do this.";

export const COMPANY_ANSWER = jsonAnswer(
  "The company, with the caller's role in it; its credit limit only for its owners and buyers.",
  companySchema,
);

/**
 * The caller and their membership if the guard lets them do this in the company (to `userEmail`'s row
 * when it names one): else 404 for outsiders, admins too, and 403 for a member whose role does not allow it.
 */
export async function companyFor(
  db: Database,
  request: FastifyRequest,
  companyId: string,
  action: Action,
  userEmail?: string,
  forbidden = OWNERS_ONLY,
) {
  const actor = await actorOf(db, callerOf(request));
  authorize(actor, action, { companyId, userEmail }, { seeing: "read:company", missing: NO_SUCH_COMPANY, forbidden });
  // Only a member of this company sees it.
  return { actor, membership: actor.membership as Membership };
}

/** The company's row; 404 when there is none. */
export async function existingCompany(db: Database, companyId: string) {
  const row = await findCompany(db, companyId);
  if (!row) throw new HttpError(404, NO_SUCH_COMPANY);
  return row;
}
