import {
  accessTo,
  type CompanyMember,
  centsToDollars,
  companyIdParamsSchema,
  companyMemberSchema,
  deletedCountSchema,
  dollarsToCents,
  memberChangeBodySchema,
  memberParamsSchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../http/errors.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { accountNames } from "../identity/queries.js";
import { changeMemberTerms, removeFromCompany } from "./member-changes.js";
import { mayChangeOwnTerms } from "./policy.js";
import { type MemberRow, membersOf } from "./queries.js";
import { companyFor } from "./route-access.js";

const OWN_TERMS = "Another owner sets your monthly limit and role: you cannot change your own.";

/** The member as the wire shows them: their name, role, limit and what they spent this month. */
function memberJson(row: MemberRow, names: Map<string, string>, spent: Map<string, number>): CompanyMember {
  return {
    email: row.email,
    name: names.get(row.email) ?? "",
    role: row.role,
    monthlyLimit: row.monthlyLimitCents === null ? null : centsToDollars(row.monthlyLimitCents),
    spentThisMonth: centsToDollars(spent.get(row.email) ?? 0),
    joinedAt: row.joinedAt.toISOString(),
  };
}

/** The members: their roles and limits, and leaving or being removed (the orders they share: ordering/). */
export const companyMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The members as the wire shows them, with their names and what each spent this month. */
  async function membersJson(companyId: string, rows: MemberRow[]): Promise<CompanyMember[]> {
    const [names, spent] = await Promise.all([
      accountNames(
        app.db,
        rows.map((row) => row.email),
      ),
      app.companyOrderFigures.spendThisMonth(companyId),
    ]);
    return rows.map((row) => memberJson(row, names, spent));
  }

  app.get(
    "/companies/:id/members",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The company's members (members)",
        description:
          "Each with their role, monthly limit (null: none) and what their orders for the company take this " +
          "calendar month (UTC), cancelled and refunded orders left out.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        response: {
          200: jsonAnswer("The members, the earliest to join first.", z.array(companyMemberSchema)),
          ...errorAnswers(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      await companyFor(app.db, request, id, "read:member");
      return membersJson(id, await membersOf(app.db, id));
    },
  );

  app.patch(
    "/companies/:id/members/:email",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Change a member's role or monthly limit (owners)",
        description:
          "`monthlyLimit` in dollars, or null for none. The last owner cannot be made a buyer or requester (409). " +
          "An owner may step down but not change their own limit (403): another owner does.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: memberParamsSchema,
        body: memberChangeBodySchema,
        response: {
          200: jsonAnswer("The member as they are now.", companyMemberSchema),
          ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request) => {
      const { id, email } = request.params;
      const { actor, membership } = await companyFor(app.db, request, id, "update:member", email);
      const { role, monthlyLimit } = request.body;
      const change = { role, monthlyLimitCents: monthlyLimit == null ? monthlyLimit : dollarsToCents(monthlyLimit) };
      const own = accessTo(actor, "update:member", { companyId: id, userEmail: email }) === "own";
      if (own && !mayChangeOwnTerms(membership, change)) throw new HttpError(403, OWN_TERMS);
      const changed = await changeMemberTerms(app.db, actor.email, { companyId: id, email }, change);
      const [json] = await membersJson(id, [changed]);
      return json as CompanyMember;
    },
  );

  app.delete(
    "/companies/:id/members/:email",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Remove a member (owners), or leave the company (any member, their own address)",
        description:
          "Their access ends at once; the orders they placed stay the company's. The last owner cannot be " +
          "removed, nor leave (409).",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: memberParamsSchema,
        response: {
          200: jsonAnswer("Removed (`deletedCount`: 1).", deletedCountSchema),
          ...errorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { id, email } = request.params;
      const { actor } = await companyFor(app.db, request, id, "remove:member", email);
      await removeFromCompany(app.db, actor.email, { companyId: id, email });
      return { deletedCount: 1 };
    },
  );
};
